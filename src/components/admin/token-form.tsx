'use client';

import { useActionState } from 'react';
import { buttonClass, inputClass, labelClass } from './notice';

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
          <label htmlFor="new-token" className={labelClass}>
            {labels.token}
          </label>
          <input id="new-token" readOnly value={state.token} className={`${inputClass} font-mono`} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      {state.error && (
        <p role="alert" className="my-4 rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {labels.invalid}
        </p>
      )}
      <form action={formAction} className="space-y-4">
        <div>
          <label htmlFor="token-name" className={labelClass}>
            {labels.name}
          </label>
          <input id="token-name" name="name" required maxLength={100} className={inputClass} />
        </div>
        <div>
          <label htmlFor="token-scope" className={labelClass}>
            {labels.scope}
          </label>
          <select id="token-scope" name="scope" className={inputClass}>
            {props.scopes.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="token-days" className={labelClass}>
            {labels.days}
          </label>
          <input id="token-days" name="days" type="number" min={1} max={props.maxDays} defaultValue={90} required className={inputClass} />
        </div>
        <button type="submit" className={buttonClass} disabled={pending}>
          {labels.submit}
        </button>
      </form>
    </section>
  );
}
