import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { NEWSLETTER_PAGE_SIZE, subscriberOptions, type NewsletterOption, type Subscriber } from '@/domain/privacy/gdpr';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';

/**
 * The newsletter list: one row per address (trimmed, lowercased), the latest sign-up of that
 * address giving its names, options, language and consent date (a new sign-up replaces the
 * choices of the previous one). An address that unsubscribed is not listed (its sign-ups carry
 * unsubscribed_at) until it signs up again.
 */

const address = sql`lower(btrim(${t.formSubmissions.data} -> 'fields' ->> 'email'))`;

function latest(): SQL {
  return sql`select distinct on (${address}) ${address} as email, ${t.formSubmissions.data} -> 'fields' as fields, ${t.formSubmissions.locale} as locale, ${t.formSubmissions.createdAt} as created_at
    from ${t.formSubmissions}
    where ${t.formSubmissions.kind} = 'newsletter' and ${t.formSubmissions.unsubscribedAt} is null and ${address} <> ''
    order by ${address}, ${t.formSubmissions.createdAt} desc, ${t.formSubmissions.id} desc`;
}

const withOption = (option: NewsletterOption | undefined) => (option ? sql`where fields -> 'newsletters' @> ${JSON.stringify([option])}::jsonb` : sql``);

type Row = { email: string; fields: Record<string, unknown> | null; locale: string; created_at: Date | string };
const rowsOf = (answer: unknown) => (answer as { rows: Row[] }).rows;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function subscriber(row: Row): Subscriber {
  const fields = row.fields ?? {};
  return {
    email: row.email,
    firstName: text(fields.firstName),
    lastName: text(fields.lastName),
    company: text(fields.company),
    options: subscriberOptions(fields.newsletters),
    consentAt: new Date(row.created_at),
    locale: row.locale,
  };
}

/** A page of subscribers, newest consent first, of one option or all. */
export async function listSubscribers(db: Db, option: NewsletterOption | undefined, requestedPage: number) {
  const [counted] = (await db.execute(sql`select count(*)::int as n from (${latest()}) latest ${withOption(option)}`) as unknown as { rows: { n: number }[] }).rows;
  const total = Number(counted?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / NEWSLETTER_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pages);
  const rows = rowsOf(
    await db.execute(sql`select * from (${latest()}) latest ${withOption(option)} order by created_at desc, email limit ${NEWSLETTER_PAGE_SIZE} offset ${(page - 1) * NEWSLETTER_PAGE_SIZE}`),
  );
  return { rows: rows.map(subscriber), page, pages, total };
}

/** Every subscriber of one option or all, by address, at most `limit`: the CSV for the mailing tool. */
export async function exportSubscribers(db: Db, option: NewsletterOption | undefined, limit: number): Promise<Subscriber[]> {
  return rowsOf(await db.execute(sql`select * from (${latest()}) latest ${withOption(option)} order by email limit ${limit}`)).map(subscriber);
}
