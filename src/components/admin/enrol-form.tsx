'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';

type State = { step: 'password' | 'code'; error?: 'wrongPassword' | 'wrongCode'; totpURI?: string; secret?: string; backupCodes?: string[] };

/**
 * TOTP enrolment in two steps: the password (Better Auth then makes the secret and backup codes,
 * shown this once), then a code from the app, which turns the second factor on.
 */
export function EnrolForm(props: {
  start: (state: State, formData: FormData) => Promise<State>;
  confirm: (state: State, formData: FormData) => Promise<State>;
  labels: { password: string; start: string; scan: string; secret: string; link: string; backupCodes: string; code: string; confirm: string; wrongPassword: string; wrongCode: string };
}) {
  const [started, startAction, starting] = useActionState(props.start, { step: 'password' });
  const [confirmed, confirmAction, confirming] = useActionState(props.confirm, started);
  const { labels } = props;
  if (started.step === 'password') {
    return (
      <form action={startAction} className="max-w-xl space-y-4">
        {started.error && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900">
            {labels.wrongPassword}
          </p>
        )}
        <InputField label={labels.password} id="enrol-password" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" disabled={starting}>
          {labels.start}
        </Button>
      </form>
    );
  }
  return (
    <div className="max-w-xl space-y-4">
      <p>{labels.scan}</p>
      <p>
        <span className="font-medium">{labels.secret}: </span>
        <code data-testid="totp-secret" className="break-all rounded bg-slate-200 px-2 py-1">
          {started.secret}
        </code>
      </p>
      <p>
        <a href={started.totpURI} className="text-brand underline">
          {labels.link}
        </a>
      </p>
      <p>{labels.backupCodes}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono">
        {started.backupCodes?.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <form action={confirmAction} className="space-y-4">
        {confirmed.error === 'wrongCode' && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900">
            {labels.wrongCode}
          </p>
        )}
        <InputField label={labels.code} id="enrol-code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
        <Button type="submit" disabled={confirming}>
          {labels.confirm}
        </Button>
      </form>
    </div>
  );
}
