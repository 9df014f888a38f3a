'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, InputField, Label, Select } from '@/components/ui/field';

type State = { token?: string; error?: 'invalid' };

/** Creates an import-API token; the token comes back in the action's answer and is shown this once. */
export function TokenForm(props: {
  action: (state: State, formData: FormData) => Promise<State>;
  scopes: { value: string; label: string }[];
  maxDays: number;
  labels: { heading: string; name: string; scope: string; days: string; submit: string; created: string; token: string; invalid: string };
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  const { labels } = props;
  return (
    <section aria-labelledby="token-create" className="mt-8 max-w-xl">
      <h2 id="token-create" className="mb-3 text-xl font-semibold">
        {labels.heading}
      </h2>
      {state.token && (
        <div role="status" className="my-4 rounded border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
          <p className="mb-2">{labels.created}</p>
          <Label htmlFor="new-token">
            {labels.token}
          </Label>
          <Input id="new-token" readOnly value={state.token} onFocus={(e) => e.currentTarget.select()}  className="font-mono"/>
        </div>
      )}
      {state.error && (
        <p role="alert" className="my-4 rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {labels.invalid}
        </p>
      )}
      <form action={formAction} className="space-y-4">
        <InputField label={labels.name} id="token-name" name="name" required maxLength={100} />
        <div>
          <Label htmlFor="token-scope">
            {labels.scope}
          </Label>
          <Select id="token-scope" name="scope">
            {props.scopes.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <InputField label={labels.days} id="token-days" name="days" type="number" min={1} max={props.maxDays} defaultValue={90} required />
        <Button type="submit" disabled={pending}>
          {labels.submit}
        </Button>
      </form>
    </section>
  );
}
