/**
 * The back-office inbox of the visitors' submissions and the outbox of their mails: statuses,
 * mail states and the filters of the screens, read from a query string into bounded values (a
 * search of at most 100 characters, known forms and statuses only, real days, a page number).
 */
import { isIsoDate } from '../dates';
import { isFormKind } from './definitions';
import type { FormKind } from './fields';

export const SUBMISSION_STATUSES = ['new', 'in-progress', 'done'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const isSubmissionStatus = (value: unknown): value is SubmissionStatus => typeof value === 'string' && (SUBMISSION_STATUSES as readonly string[]).includes(value);

export const MAIL_STATES = ['pending', 'failing', 'sent'] as const;
export type MailState = (typeof MAIL_STATES)[number];
export const isMailState = (value: unknown): value is MailState => typeof value === 'string' && (MAIL_STATES as readonly string[]).includes(value);

/** A mail is sent once it has a date; failing once an attempt failed (it keeps its last error); pending before. */
export function mailState(mail: { sentAt: Date | null; lastError: string | null }): MailState {
  if (mail.sentAt) return 'sent';
  return mail.lastError ? 'failing' : 'pending';
}

export const INBOX_PAGE_SIZE = 25;
export const MAX_SEARCH_LENGTH = 100;
/** The most rows one CSV export of the inbox holds; narrow the dates for more. */
export const MAX_EXPORT_ROWS = 20_000;

export type InboxFilter = { kind?: FormKind; status?: SubmissionStatus; from?: string; to?: string; q?: string };

type Query = Record<string, string | string[] | undefined>;
const one = (query: Query, name: string) => {
  const value = query[name];
  return typeof value === 'string' ? value : '';
};

/** The inbox's filters from a query string: anything unknown or malformed is dropped, never an error. */
export function readInboxFilter(query: Query): InboxFilter {
  const filter: InboxFilter = {};
  const kind = one(query, 'form');
  if (isFormKind(kind)) filter.kind = kind;
  const status = one(query, 'status');
  if (isSubmissionStatus(status)) filter.status = status;
  for (const name of ['from', 'to'] as const) {
    const day = one(query, name);
    if (isIsoDate(day)) filter[name] = day;
  }
  const q = one(query, 'q').trim().slice(0, MAX_SEARCH_LENGTH);
  if (q) filter.q = q;
  return filter;
}

/** The query string of a filter (and page), to link to the same list, its next page or its export. */
export function inboxQuery(filter: InboxFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set('form', filter.kind);
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.q) params.set('q', filter.q);
  if (page && page > 1) params.set('page', String(page));
  return params.toString();
}

/** A page number from the query string: a whole number from 1, else 1. */
export function pageNumber(value: string | string[] | undefined): number {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, n);
}

/** The name a submission shows in lists: first and last name, else the company, else the e-mail. */
export function submitterName(fields: Record<string, unknown>): string {
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : '');
  return [text('firstName'), text('lastName')].filter(Boolean).join(' ') || text('company') || text('email');
}
