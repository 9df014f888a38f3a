import 'server-only';
import { createHash } from 'node:crypto';
import type { EventRaw } from '@/domain/events/input';
import { canonicalJson } from '@/domain/staff/approval';
import type { Applied, Command, Problems, Target } from '@/server/approval/command-types';
import type { Executor } from '@/server/db/types';
import { attachNotice, checkEvent, checkNotice, deleteEvent, detachNotice, NOTICE_FIELD, saveEvent, type EventSaveResult, type NoticeResult } from './commands';
import { eventForStaff, eventFund, type StaffEvent, type StaffNotice } from './staff-queries';

/**
 * The approval door's commands of a fund's events (docs/approval.md, docs/back-office.md "Fund
 * events"): `event.save` (a new event, with its first notice PDF if one is posted, or a change of
 * one), `event.delete`, `event.attach` (a notice PDF) and `event.detach`. The state a reviewer
 * approves is the event as it reads: its fund, type, tool, share classes by ISIN and name, dates,
 * texts per language and notices by language and countries (a file by its name and hash).
 */

/** A notice PDF posted with a form: everything but its bytes, which the door keeps beside a proposal. */
export type EventNoticeInput = { locale: string; countries: string[]; fileName: string; sha256: string; size: number };
export type EventSaveInput = { fundId: number; id: number | null; raw: EventRaw; notice: EventNoticeInput | null };
export type EventDeleteInput = { eventId: number };
export type EventAttachInput = { eventId: number } & EventNoticeInput;
export type EventDetachInput = { eventId: number; documentId: number };

const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const noticeKey = (n: { locale: string; countries: readonly string[] }) => {
  const countries = [...new Set(n.countries.map((c) => c.trim().toUpperCase()))].sort();
  return countries.length > 0 ? `${n.locale} · ${countries.join(', ')}` : n.locale;
};
const noticeText = (n: { fileName: string; sha256: string }) => `${n.fileName} (sha256 ${n.sha256.slice(0, 12)}…)`;
const texts = (value: unknown) => {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const text = (l: string) => (typeof v[l] === 'string' ? (v[l] as string).trim() : '');
  return { fr: text('fr'), en: text('en'), es: text('es') };
};

type Choices = Record<string, string>;

/** A share class as a reviewer reads it. */
const shareLabel = (s: { isin: string; name: string }) => `${s.isin} ${s.name}`;

function readable(event: Pick<StaffEvent, 'type' | 'tool' | 'announcedOn' | 'effectiveOn' | 'endsOn' | 'title' | 'body'> & { shares: string[]; notices: Record<string, string> }) {
  return {
    type: event.type,
    tool: event.tool ?? '',
    shares: [...event.shares].sort().join('; '),
    announcedOn: event.announcedOn,
    effectiveOn: event.effectiveOn,
    endsOn: event.endsOn ?? '',
    title: texts(event.title),
    body: texts(event.body),
    notices: event.notices,
  };
}

const noticesOf = (notices: StaffNotice[]) => Object.fromEntries(notices.map((n) => [noticeKey(n), noticeText(n)]));
const eventLabel = (fundTitle: { fr: string }, event: { title: unknown; type: string }) => `${fundTitle.fr} · ${texts(event.title).fr || event.type}`;

async function fileProblems(db: Executor, notice: EventNoticeInput, file: Uint8Array | null): Promise<Problems | null> {
  const check = await checkNotice(db, notice, file);
  if (!check.ok) return { fields: { [NOTICE_FIELD[check.error]]: check.error } };
  if (file && hash(file) !== notice.sha256) return { fields: { noticeFile: 'empty' } };
  return null;
}

const invalid = (errors: Record<string, string>): Applied => ({ ok: false, error: Object.values(errors).join(', ') || 'invalid', problems: { fields: errors } });

export const eventSaveCommand: Command<EventSaveInput, EventSaveResult> = {
  async validate(db, input, file) {
    const check = await checkEvent(db, input.fundId, input.raw);
    // An unknown fund, or an event of another fund, has no target: the door answers "unknown".
    if (!check) return null;
    if (input.id !== null) {
      const event = await eventForStaff(db, input.id);
      if (!event || event.fundId !== input.fundId) return null;
    }
    const problems = check.ok ? {} : { ...check.errors };
    if (input.id === null && input.notice) {
      const notice = await fileProblems(db, input.notice, file);
      if (notice) Object.assign(problems, notice.fields);
    }
    return Object.keys(problems).length > 0 ? { fields: problems } : null;
  },
  async read(db, input): Promise<Target | null> {
    const fund = await eventFund(db, input.fundId);
    if (!fund) return null;
    const choices: Choices = Object.fromEntries(fund.shares.map((s) => [String(s.id), shareLabel(s)]));
    if (input.id === null) {
      const key = hash(new TextEncoder().encode(canonicalJson({ raw: input.raw, notice: input.notice }))).slice(0, 16);
      return { key: `new:${fund.id}:${key}`, label: eventLabel(fund.title, { title: input.raw.title, type: String(input.raw.type ?? '') }), state: { fund: fund.slug, choices } };
    }
    const event = await eventForStaff(db, input.id);
    if (!event || event.fundId !== fund.id) return null;
    return {
      key: `event:${event.id}`,
      label: eventLabel(fund.title, event),
      state: { fund: fund.slug, ...readable({ ...event, shares: event.shares.map(shareLabel), notices: noticesOf(event.notices) }), choices },
    };
  },
  after(before, input) {
    const state = (before ?? {}) as { fund?: string; choices?: Choices; notices?: Record<string, string> };
    const choices = state.choices ?? {};
    const ids = Array.isArray(input.raw.shareIds) ? input.raw.shareIds.map(String) : [];
    const raw = input.raw;
    const value = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const notices = { ...(state.notices ?? {}), ...(input.id === null && input.notice ? { [noticeKey(input.notice)]: noticeText(input.notice) } : {}) };
    return {
      fund: state.fund,
      ...readable({
        type: value(raw.type) as StaffEvent['type'],
        tool: (value(raw.tool) || null) as StaffEvent['tool'],
        shares: [...new Set(ids)].map((id) => choices[id] ?? id),
        announcedOn: value(raw.announcedOn),
        effectiveOn: value(raw.effectiveOn),
        endsOn: value(raw.endsOn) || null,
        title: texts(raw.title) as StaffEvent['title'],
        body: texts(raw.body) as StaffEvent['body'],
        notices,
      }),
      choices,
    };
  },
  run(db, input, actor, file) {
    const notice = input.id === null && input.notice && file ? { locale: input.notice.locale, countries: input.notice.countries, fileName: input.notice.fileName, bytes: file } : null;
    return saveEvent(db, { fundId: input.fundId, id: input.id, raw: input.raw, notice }, actor);
  },
  applied: (r) => (r.ok ? { ok: true, changed: r.changed } : r.error === 'invalid' ? invalid(r.errors) : { ok: false, error: r.error }),
};

async function eventTarget(db: Executor, eventId: number) {
  const event = await eventForStaff(db, eventId);
  if (!event) return null;
  const fund = await eventFund(db, event.fundId);
  if (!fund) return null;
  return { event, fund, label: eventLabel(fund.title, event) };
}

export const eventDeleteCommand: Command<EventDeleteInput, { ok: true } | { ok: false; error: 'unknown-event' }> = {
  async read(db, input) {
    const found = await eventTarget(db, input.eventId);
    if (!found) return null;
    const { event, fund, label } = found;
    return { key: `event:${event.id}`, label, state: { fund: fund.slug, fundId: fund.id, ...readable({ ...event, shares: event.shares.map(shareLabel), notices: noticesOf(event.notices) }) } };
  },
  after: () => ({ deleted: true }),
  run: (db, input, actor) => deleteEvent(db, input.eventId, actor),
  applied: (r) => (r.ok ? { ok: true, changed: true } : { ok: false, error: r.error }),
};

export const eventAttachCommand: Command<EventAttachInput, NoticeResult> = {
  validate: (db, input, file) => fileProblems(db, input, file),
  async read(db, input) {
    const found = await eventTarget(db, input.eventId);
    if (!found) return null;
    const slot = noticeKey(input);
    const current = found.event.notices.find((n) => noticeKey(n) === slot);
    return { key: `event:${found.event.id}/${slot}`, label: `${found.label} · ${slot}`, state: { fund: found.fund.slug, fundId: found.fund.id, notice: slot, file: current ? noticeText(current) : '' } };
  },
  after: (before, input) => ({ ...(before as object), file: noticeText(input) }),
  async run(db, input, actor, file) {
    if (!file) return { ok: false as const, error: 'empty' as const };
    return attachNotice(db, { eventId: input.eventId, locale: input.locale, countries: input.countries, fileName: input.fileName, bytes: file }, actor);
  },
  applied: (r) => (r.ok ? { ok: true, changed: r.changed } : r.error === 'unknown-event' ? { ok: false, error: r.error } : invalid({ [NOTICE_FIELD[r.error]]: r.error })),
};

export const eventDetachCommand: Command<EventDetachInput, { ok: true } | { ok: false; error: 'unknown-notice' }> = {
  async read(db, input) {
    const found = await eventTarget(db, input.eventId);
    const notice = found?.event.notices.find((n) => n.id === input.documentId);
    if (!found || !notice) return null;
    return { key: `event:${found.event.id}/notice:${notice.id}`, label: `${found.label} · ${noticeKey(notice)}`, state: { fund: found.fund.slug, fundId: found.fund.id, notice: noticeKey(notice), file: noticeText(notice) } };
  },
  after: () => ({ deleted: true }),
  run: (db, input, actor) => detachNotice(db, input.eventId, input.documentId, actor),
  applied: (r) => (r.ok ? { ok: true, changed: true } : { ok: false, error: r.error }),
};
