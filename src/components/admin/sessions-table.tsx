import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { TableGrid, Td, Th } from '@/components/ui/table';

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
        <TableGrid>
          <caption className="sr-only">{labels.caption}</caption>
          <thead>
            <tr>
              <Th scope="col">{labels.started}</Th>
              <Th scope="col">{labels.expires}</Th>
              <Th scope="col">{labels.address}</Th>
              <Th scope="col">{labels.browser}</Th>
              {props.canRevoke && <Th scope="col"><span className="sr-only">{labels.revoke}</span></Th>}
            </tr>
          </thead>
          <tbody>
            {props.sessions.map((s) => (
              <tr key={s.id}>
                <Td>
                  {s.started}
                  {s.current && <strong className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs">{labels.current}</strong>}
                </Td>
                <Td>{s.expires}</Td>
                <Td>{s.address}</Td>
                <Td className="max-w-xs break-words">{s.browser}</Td>
                {props.canRevoke && (
                  <Td>
                    <form action={props.revoke}>
                      <Input type="hidden" name="userId" value={props.userId} />
                      <Input type="hidden" name="sessionId" value={s.id} />
                      <Button variant="danger" type="submit" aria-label={labels.revokeNamed(s.started)}>
                        {labels.revoke}
                      </Button>
                    </form>
                  </Td>
                )}
              </tr>
            ))}
          </tbody>
        </TableGrid>
      )}
      {props.canRevoke && props.sessions.length > 0 && (
        <form action={props.revoke} className="mt-4">
          <Input type="hidden" name="userId" value={props.userId} />
          <Button variant="danger" type="submit">
            {labels.revokeAll}
          </Button>
        </form>
      )}
    </section>
  );
}
