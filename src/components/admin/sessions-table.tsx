import { dangerButtonClass, tableClass, tdClass, thClass } from './notice';

export type SessionView = { id: string; started: string; expires: string; address: string; browser: string; current: boolean };

/** An account's open sessions, each revocable, plus "sign out everywhere" (when allowed). */
export function SessionsTable(props: {
  userId: string;
  sessions: SessionView[];
  canRevoke: boolean;
  revoke: (formData: FormData) => Promise<void>;
  labels: { title: string; caption: string; started: string; expires: string; address: string; browser: string; current: string; revokeNamed: (date: string) => string; revoke: string; revokeAll: string; none: string };
}) {
  const { labels } = props;
  return (
    <section aria-labelledby="sessions-title" className="mt-8">
      <h2 id="sessions-title" className="mb-3 text-xl font-semibold">
        {labels.title}
      </h2>
      {props.sessions.length === 0 ? (
        <p>{labels.none}</p>
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">{labels.caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>{labels.started}</th>
              <th scope="col" className={thClass}>{labels.expires}</th>
              <th scope="col" className={thClass}>{labels.address}</th>
              <th scope="col" className={thClass}>{labels.browser}</th>
              {props.canRevoke && <th scope="col" className={thClass}><span className="sr-only">{labels.revoke}</span></th>}
            </tr>
          </thead>
          <tbody>
            {props.sessions.map((s) => (
              <tr key={s.id}>
                <td className={tdClass}>
                  {s.started}
                  {s.current && <strong className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs">{labels.current}</strong>}
                </td>
                <td className={tdClass}>{s.expires}</td>
                <td className={tdClass}>{s.address}</td>
                <td className={`${tdClass} max-w-xs break-words`}>{s.browser}</td>
                {props.canRevoke && (
                  <td className={tdClass}>
                    <form action={props.revoke}>
                      <input type="hidden" name="userId" value={props.userId} />
                      <input type="hidden" name="sessionId" value={s.id} />
                      <button type="submit" className={dangerButtonClass} aria-label={labels.revokeNamed(s.started)}>
                        {labels.revoke}
                      </button>
                    </form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.canRevoke && props.sessions.length > 0 && (
        <form action={props.revoke} className="mt-4">
          <input type="hidden" name="userId" value={props.userId} />
          <button type="submit" className={dangerButtonClass}>
            {labels.revokeAll}
          </button>
        </form>
      )}
    </section>
  );
}
