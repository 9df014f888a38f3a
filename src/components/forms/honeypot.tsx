import { HONEYPOT_FIELD } from '@/domain/forms/definitions';
import type { FormKind } from '@/domain/forms/fields';

/**
 * A field people never see nor reach (off-screen, out of the tab order, hidden from screen readers)
 * and bots fill in: a submission with it filled is answered as a success and dropped.
 */
export function Honeypot({ kind, label }: { kind: FormKind; label: string }) {
  const id = `${kind}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
