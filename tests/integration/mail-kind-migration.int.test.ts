/**
 * Migration mail_kind_and_sealed_link (0013) on a database that already has mails (docs/decisions/026): the kinds are backfilled,
 * and the token links of account and newsletter mails already sent are taken out; an unsent one keeps
 * its link until the worker sends it. Run on a PGlite of its own, migrated up to the one before by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { LINK_MARKER } from '../../src/domain/forms/outbox-mail';

const DIR = path.resolve('src/server/db/migrations');
const files = readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort();

async function run(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(DIR, file), 'utf8').split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

describe('migration mail_kind_and_sealed_link on existing mails', () => {
  it('backfills the kinds and takes the links out of grant mails already sent', async () => {
    const db = await PGlite.create();
    try {
      // Found by name: the number may change when branches are merged.
      const target = files.find((f) => f.endsWith('_mail_kind_and_sealed_link.sql'));
      if (!target) throw new Error('migration mail_kind_and_sealed_link not found');
      for (const file of files.filter((f) => f < target)) await run(db, file);
      await db.exec(`
        insert into form_submission (id, kind, locale, data) values
          ('00000000-0000-0000-0000-000000000001', 'newsletter', 'en', '{"fields":{"email":"Sub@Example.com"}}'),
          ('00000000-0000-0000-0000-000000000002', 'contact', 'en', '{"fields":{"email":"c@example.com"}}');
        insert into mail_outbox (submission_id, "to", subject, text, sent_at) values
          ('00000000-0000-0000-0000-000000000001', 'staff@x.test', 'staff nl', 'new sign-up sub@example.com', now()),
          ('00000000-0000-0000-0000-000000000001', ' sub@example.com', 'confirm', E'Unsubscribe:\\nhttps://s.test/en/unsubscribe?token=AAAbbb_-1\\n\\nBye', now()),
          ('00000000-0000-0000-0000-000000000002', 'staff@x.test', 'contact', 'see https://s.test/en/funds?x=1', null),
          (null, 'admin@x.test', 'reset sent', E'Link:\\n\\nhttps://s.test/admin/set-password?token=XyZ12\\n\\nok', now()),
          (null, 'new@x.test', 'invite pending', E'Link:\\n\\nhttps://s.test/admin/set-password?token=Pend1\\n\\nok', null),
          (null, 'oncall@x.test', 'alert', 'Error at /x', now());`);
      await run(db, target);
      const rows = (await db.query<{ subject: string; kind: string; text: string }>('select subject, kind, text from mail_outbox order by id')).rows;
      expect(rows.map((r) => [r.subject, r.kind])).toEqual([
        ['staff nl', 'submission'],
        ['confirm', 'newsletter'],
        ['contact', 'submission'],
        ['reset sent', 'account'],
        ['invite pending', 'account'],
        ['alert', 'alert'],
      ]);
      const text = Object.fromEntries(rows.map((r) => [r.subject, r.text]));
      expect(text.confirm).toBe(`Unsubscribe:\n${LINK_MARKER}\n\nBye`);
      expect(text['reset sent']).toBe(`Link:\n\n${LINK_MARKER}\n\nok`);
      // Unsent: it still goes out with its link (markMailSent takes it out then); other links stay.
      expect(text['invite pending']).toContain('token=Pend1');
      expect(text.contact).toBe('see https://s.test/en/funds?x=1');
      await expect(db.exec(`insert into mail_outbox ("to", subject, text) values ('a@b.c', 's', 't')`)).rejects.toThrow();
      await expect(db.exec(`insert into mail_outbox (kind, "to", subject, text) values ('other', 'a@b.c', 's', 't')`)).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
