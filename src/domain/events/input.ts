/**
 * A fund event as the back-office form and the import API give it (issue 34, docs/back-office.md
 * "Fund events"), checked before anything is stored: its type, the tool for a liquidity management
 * tool's activation or lifting (and only then), the share classes it concerns (at least one; that
 * they are active share classes of the fund is the server's check), the announcement, effective and
 * optional end dates (the end after the effective date), and a title and text in French at least,
 * in English and Spanish when given. Pure: no I/O. Errors are codes by field (`title.fr`…), which
 * the screens translate (Admin.events.errors) and the API answers as they are.
 */
import { isIsoDate } from '../dates';
import { isFundEventType, isLiquidityTool, typeNamesTool, type FundEventType, type LiquidityTool } from './model';

export const EVENT_LANGUAGES = ['fr', 'en', 'es'] as const;
export type EventLanguage = (typeof EVENT_LANGUAGES)[number];
export const isEventLanguage = (value: unknown): value is EventLanguage => typeof value === 'string' && (EVENT_LANGUAGES as readonly string[]).includes(value);

/** A fund has far fewer share classes; a longer list is refused, not cut. */
export const MAX_EVENT_SHARES = 200;
export const MAX_EVENT_TITLE = 300;
export const MAX_EVENT_BODY = 20_000;

export type EventTexts = { fr: string; en?: string; es?: string };

export type EventValues = {
  type: FundEventType;
  tool: LiquidityTool | null;
  /** The share classes concerned, by id, each once, in increasing order. */
  shareIds: number[];
  announcedOn: string;
  effectiveOn: string;
  endsOn: string | null;
  title: EventTexts;
  body: EventTexts;
};

export type EventErrorCode =
  | 'bad-type'
  | 'tool-required'
  | 'bad-tool'
  | 'tool-not-allowed'
  | 'no-shares'
  | 'too-many-shares'
  | 'bad-share'
  | 'unknown-share'
  | 'bad-date'
  | 'ends-before-effective'
  | 'required'
  | 'too-long';

export type EventErrors = Record<string, EventErrorCode>;

/** What is posted or sent: anything; only what reads is kept. */
export type EventRaw = {
  type?: unknown;
  tool?: unknown;
  shareIds?: unknown;
  announcedOn?: unknown;
  effectiveOn?: unknown;
  endsOn?: unknown;
  title?: unknown;
  body?: unknown;
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** An ISO day, strictly YYYY-MM-DD and a day of the calendar. */
export const isEventDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && isIsoDate(value);

function texts(raw: unknown, name: string, max: number, errors: EventErrors): EventTexts {
  const given = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: EventTexts = { fr: text(given.fr) };
  if (out.fr === '') errors[`${name}.fr`] = 'required';
  for (const language of EVENT_LANGUAGES) {
    const value = text(given[language]);
    if (value.length > max) errors[`${name}.${language}`] = 'too-long';
    if (language !== 'fr' && value !== '') out[language] = value;
  }
  return out;
}

function shareIdsOf(raw: unknown, errors: EventErrors): number[] {
  const list = Array.isArray(raw) ? raw : [];
  if (list.length > MAX_EVENT_SHARES) {
    errors.shareIds = 'too-many-shares';
    return [];
  }
  const ids = list.map((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v));
  if (!ids.every((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
    errors.shareIds = 'bad-share';
    return [];
  }
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) errors.shareIds = 'no-shares';
  return unique;
}

/** The event's values, or every problem by field. */
export function validateEvent(raw: EventRaw): { ok: true; value: EventValues } | { ok: false; errors: EventErrors } {
  const errors: EventErrors = {};
  const typeText = text(raw.type);
  const type = isFundEventType(typeText) ? typeText : null;
  if (!type) errors.type = 'bad-type';
  const toolText = text(raw.tool);
  let tool: LiquidityTool | null = null;
  if (type && typeNamesTool(type)) {
    if (toolText === '') errors.tool = 'tool-required';
    else if (!isLiquidityTool(toolText)) errors.tool = 'bad-tool';
    else tool = toolText;
  } else if (type && toolText !== '') {
    errors.tool = 'tool-not-allowed';
  }
  const shareIds = shareIdsOf(raw.shareIds, errors);
  const announcedOn = text(raw.announcedOn);
  if (!isEventDate(announcedOn)) errors.announcedOn = 'bad-date';
  const effectiveOn = text(raw.effectiveOn);
  if (!isEventDate(effectiveOn)) errors.effectiveOn = 'bad-date';
  const endsText = text(raw.endsOn);
  const endsOn = endsText === '' ? null : endsText;
  if (endsOn !== null) {
    if (!isEventDate(endsOn)) errors.endsOn = 'bad-date';
    else if (isEventDate(effectiveOn) && endsOn <= effectiveOn) errors.endsOn = 'ends-before-effective';
  }
  const title = texts(raw.title, 'title', MAX_EVENT_TITLE, errors);
  const body = texts(raw.body, 'body', MAX_EVENT_BODY, errors);
  if (Object.keys(errors).length > 0 || !type) return { ok: false, errors };
  return { ok: true, value: { type, tool, shareIds, announcedOn, effectiveOn, endsOn, title, body } };
}

/** A notice PDF's countries as given ("BE, lu" or a list): upper-case country codes (two letters, or INT), each once, sorted; null when one is not such a code. */
export function noticeCountries(raw: string | readonly string[] | null | undefined): string[] | null {
  const list = raw === null || raw === undefined ? [] : typeof raw === 'string' ? raw.split(',') : [...raw];
  if (list.length > 300) return null;
  const codes = list.map((c) => c.trim().toUpperCase()).filter((c) => c !== '');
  if (!codes.every((c) => /^[A-Z]{2,3}$/.test(c))) return null;
  return [...new Set(codes)].sort();
}
