/**
 * A fund-alert digest's text (docs/operations.md "Fund alerts"): what was published for the funds a
 * subscriber follows, grouped by fund, with the link of each notice and document, and the manage /
 * unsubscribe link as LINK_MARKER (put in at send time). Pure: the caller gathers the items, already
 * filtered by the subscriber's country and profile, and hands the translator.
 */
import type { Locale } from '../language/locale';
import { INTL_LOCALE } from '../language/format';
import { LINK_MARKER } from '../forms/outbox-mail';

export type DigestTranslate = (key: string, values?: Record<string, string | number>) => string;

export type DigestEvent = { fundId: number; title: string; effectiveOn: string; notices: { title: string; url: string }[] };
export type DigestDocument = { fundId: number; shareName: string | null; typeTitle: string; title: string; url: string };
export type DigestDividend = { fundId: number; shareName: string; isin: string; exDate: string; paymentDate: string; amount: string; currency: string };
export type DigestNav = { fundId: number; shareName: string; isin: string; date: string; nav: number; currency: string; change: number | null };

export type DigestContent = {
  /** The funds followed, in the order the digest lists them. */
  funds: { id: number; title: string }[];
  events: DigestEvent[];
  documents: DigestDocument[];
  dividends: DigestDividend[];
  /** The NAV summary of the previous month (`month`: YYYY-MM), or null when not due or not asked. */
  navSummary: { month: string; shares: DigestNav[] } | null;
};

export type ComposedMail = { subject: string; text: string };

/** Whether there is anything to say: no item, no mail (the cursor moves all the same). */
export function digestIsEmpty(content: DigestContent): boolean {
  return content.events.length === 0 && content.documents.length === 0 && content.dividends.length === 0 && (content.navSummary?.shares.length ?? 0) === 0;
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
/** Intl formats are costly to build: one per language and kind, for every digest of a run. */
function format<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let known = formats.get(key);
  if (!known) {
    known = make();
    formats.set(key, known);
  }
  return known as T;
}

function dateText(locale: Locale, iso: string): string {
  return format(`date:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' })).format(new Date(`${iso}T00:00:00Z`));
}

function monthText(locale: Locale, month: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

function amountText(locale: Locale, amount: number, currency: string, digits?: number): string {
  return format(`amount:${locale}:${currency}:${digits ?? ''}`, () => new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency, minimumFractionDigits: digits ?? 2, maximumFractionDigits: digits ?? 6 })).format(amount);
}

function changeText(locale: Locale, change: number): string {
  return format(`change:${locale}`, () => new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' })).format(change);
}

/**
 * The digest's subject and text, or null when there is nothing to say. `baseUrl` makes the site's
 * relative links absolute. The text holds LINK_MARKER exactly once (the manage link).
 */
export function composeDigest(locale: Locale, content: DigestContent, t: DigestTranslate, baseUrl: string): ComposedMail | null {
  if (digestIsEmpty(content)) return null;
  const absolute = (url: string) => new URL(url, baseUrl).toString();
  const lines: string[] = [t('digest.intro'), ''];
  for (const fund of content.funds) {
    const events = content.events.filter((e) => e.fundId === fund.id);
    const documents = content.documents.filter((d) => d.fundId === fund.id);
    const dividends = content.dividends.filter((d) => d.fundId === fund.id);
    const navs = content.navSummary?.shares.filter((n) => n.fundId === fund.id) ?? [];
    if (events.length + documents.length + dividends.length + navs.length === 0) continue;
    lines.push(fund.title, '='.repeat(Math.min(fund.title.length, 72)), '');
    if (events.length > 0) {
      lines.push(t('digest.events'));
      for (const event of events) {
        lines.push(`- ${event.title} (${t('digest.effective', { date: dateText(locale, event.effectiveOn) })})`);
        for (const notice of event.notices) lines.push(`  ${notice.title}: ${absolute(notice.url)}`);
      }
      lines.push('');
    }
    if (documents.length > 0) {
      lines.push(t('digest.documents'));
      for (const doc of documents) lines.push(`- ${doc.typeTitle}${doc.shareName ? ` (${doc.shareName})` : ''}: ${doc.title}`, `  ${absolute(doc.url)}`);
      lines.push('');
    }
    if (dividends.length > 0) {
      lines.push(t('digest.dividends'));
      for (const d of dividends) {
        lines.push(
          `- ${d.shareName} (${d.isin}): ${t('digest.dividend', { amount: amountText(locale, Number(d.amount), d.currency), exDate: dateText(locale, d.exDate), paymentDate: dateText(locale, d.paymentDate) })}`,
        );
      }
      lines.push('');
    }
    if (navs.length > 0 && content.navSummary) {
      lines.push(t('digest.navSummary', { month: monthText(locale, content.navSummary.month) }));
      for (const n of navs) {
        const change = n.change === null ? t('digest.noChange') : changeText(locale, n.change);
        lines.push(`- ${n.shareName} (${n.isin}): ${t('digest.nav', { nav: amountText(locale, n.nav, n.currency, 2), date: dateText(locale, n.date), change })}`);
      }
      lines.push('');
    }
  }
  lines.push(t('digest.registered'), '', t('mail.manage', { link: LINK_MARKER }));
  return { subject: t('digest.subject'), text: lines.join('\n') };
}

/** The confirmation mail of one fund's subscription: its link confirms (on the page it opens) and manages. */
export function composeConfirmation(fundTitle: string, navSummary: boolean, t: DigestTranslate): ComposedMail {
  return {
    subject: t('confirmMail.subject', { fund: fundTitle }),
    text: [t('confirmMail.body', { fund: fundTitle }), ...(navSummary ? [t('confirmMail.withNav')] : []), '', t('confirmMail.link', { link: LINK_MARKER }), '', t('confirmMail.ignore')].join('\n'),
  };
}
