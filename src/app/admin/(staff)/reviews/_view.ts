import 'server-only';
import type { PageSnapshot } from '@/domain/content/page-edit';
import { isChangeKind, type ApprovalArea, type ChangeKind, type ProposalStatus } from '@/domain/staff/approval';
import type { AdminT } from '@/i18n/admin';
import type { ReviewRow } from '@/components/admin/review-table';
import type { ChangeInput } from '@/server/approval/commands';
import type { EditOwner } from '@/server/approval/edit-owner';
import type { ProposalListRow } from '@/server/approval/service';
import { formatDateTime } from '@/server/auth/flash';

/** How long a change has waited, in the largest whole unit. */
export function ageText(t: AdminT, since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return t('approval.queue.minutes', { count: minutes });
  if (minutes < 48 * 60) return t('approval.queue.hours', { count: Math.floor(minutes / 60) });
  return t('approval.queue.days', { count: Math.floor(minutes / 1440) });
}

/** What a change does, in words (a kind this version does not know is shown as stored). */
export function kindText(t: AdminT, kind: string): string {
  return isChangeKind(kind) ? t(`approval.kinds.${kind}`) : kind;
}

export function reviewRows(t: AdminT, locale: string, rows: ProposalListRow[], now: Date, conflicting: ReadonlySet<number> = new Set()): ReviewRow[] {
  return rows.map((row) => ({
    id: row.id,
    href: `/admin/reviews/${row.id}`,
    linkLabel: `${row.targetLabel} (${t('approval.queue.see', { id: row.id })})`,
    area: t(`approval.areas.${row.area as ApprovalArea}`),
    kind: kindText(t, row.kind),
    target: row.targetLabel,
    author: row.authorLabel,
    age: ageText(t, row.createdAt, now),
    note: row.status === 'rejected' && row.comment ? `${row.note}${row.note ? '\n' : ''}${t('approval.review.comment')}: ${row.comment}` : row.note,
    effective: row.effectiveAt ? formatDateTime(locale, row.effectiveAt) : t('approval.queue.atOnce'),
    status: t(`approval.statuses.${row.status as ProposalStatus}`),
    flag: conflicting.has(row.id) ? t('approval.queue.conflict') : row.status === 'approved' && row.lastError ? t('approval.queue.failed') : undefined,
  }));
}

export function reviewLabels(t: AdminT, caption: string) {
  return {
    caption,
    area: t('approval.queue.area'),
    kind: t('approval.queue.kind'),
    target: t('approval.queue.target'),
    author: t('approval.queue.author'),
    age: t('approval.queue.age'),
    note: t('approval.queue.note'),
    effective: t('approval.queue.effective'),
    status: t('approval.queue.status'),
  };
}

/**
 * The page a change previews on the review screen, as it will read once approved: a save's and a
 * restore's after-state (a restore's is the version it brings back), a new country page's texts.
 * Null for other kinds, and for a restore proposed before its after-state was stored.
 */
export function pagePreview(kind: string, input: Record<string, unknown>, after: unknown): { code: string; snapshot: PageSnapshot } | null {
  if ((kind === 'page.save' || kind === 'page.restore') && after) return { code: String(input.code), snapshot: after as PageSnapshot };
  if (kind === 'page.create' && input.snapshot) return { code: `country-${String(input.country)}`, snapshot: input.snapshot as PageSnapshot };
  return null;
}

type EditHref<K extends ChangeKind> = (input: ChangeInput[K], before: Record<string, unknown>, owner: EditOwner) => string;

const fundScreen = (fundId: number | null, anchor = '') => (fundId === null ? '/admin/funds' : `/admin/funds/${fundId}${anchor}`);
const newsScreen = (id: number) => `/admin/news/${id}`;
const pageScreen = (code: string) => `/admin/pages/${encodeURIComponent(code)}`;
const IMPORTS = () => '/admin/imports';

/**
 * Where its author amends a change: the edit screen of its target, for every kind (a kind without
 * its screen here is a type error; reviews/_view.test.ts checks that each one is a route of the
 * back-office). `owner` names the fund or share class a document or NAV change belongs to
 * (src/server/approval/edit-owner.ts).
 */
export const EDIT_HREF: { [K in ChangeKind]: EditHref<K> } = {
  'page.save': (input) => pageScreen(input.code),
  'page.restore': (input) => pageScreen(input.code),
  'page.create': (input) => `/admin/pages/new/${encodeURIComponent(input.country)}`,
  'company.save': () => '/admin/company',
  'company.image': () => '/admin/company',
  'languages.save': () => '/admin/languages',
  'fund.create': () => '/admin/funds/new',
  'fund.update': (input) => `/admin/funds/${input.fundId}/edit`,
  'fund.archive': (input) => fundScreen(input.fundId),
  'fund.aum': (input) => fundScreen(input.fundId, '#aum-title'),
  'fund.sustainability': (input) => `/admin/funds/${input.fundId}/sustainability`,
  'share.create': (input) => `/admin/funds/${input.fundId}/shares/new`,
  'share.update': (input, before) => `/admin/funds/${Number(before.fundId)}/shares/${input.shareId}`,
  'share.archive': (input, before) => `/admin/funds/${Number(before.fundId)}/shares/${input.shareId}`,
  'share.distribution': (input, before) => `/admin/funds/${Number(before.fundId)}/shares/${input.shareId}/distribution`,
  'nav.correct': (_input, _before, owner) => (owner.fundId === null || owner.shareId === null ? '/admin/funds' : `/admin/funds/${owner.fundId}/shares/${owner.shareId}#nav-title`),
  'document.upload': (_input, _before, owner) => fundScreen(owner.fundId, '#documents-title'),
  'document.publish': (_input, _before, owner) => fundScreen(owner.fundId, '#documents-title'),
  'document.countries': (_input, _before, owner) => fundScreen(owner.fundId, '#documents-title'),
  'document.delete': (_input, _before, owner) => fundScreen(owner.fundId, '#documents-title'),
  'news.create': () => '/admin/news/new',
  'news.publish': (input) => newsScreen(input.id),
  'news.draft': (input) => newsScreen(input.id),
  'news.unpublish': (input) => newsScreen(input.id),
  'news.delete': (input) => newsScreen(input.id),
  'news.attach': (input) => newsScreen(input.newsId),
  'news.detach': (input) => newsScreen(input.newsId),
  'registration.grid': (input) => `/admin/funds/${input.fundId}/registrations`,
  'event.save': (input) => (input.id === null || input.id === undefined ? `/admin/funds/${input.fundId}/events/new` : `/admin/funds/${input.fundId}/events/${input.id}`),
  'event.delete': (input, before) => `/admin/funds/${Number(before.fundId)}/events/${input.eventId}`,
  'event.attach': (input, before) => `/admin/funds/${Number(before.fundId)}/events/${input.eventId}`,
  'event.detach': (input, before) => `/admin/funds/${Number(before.fundId)}/events/${input.eventId}`,
  'import.navs': IMPORTS,
  'import.benchmarks': IMPORTS,
  'import.portfolios': IMPORTS,
  'import.scenarios': IMPORTS,
  'import.registrations': IMPORTS,
  'import.findatex': IMPORTS,
  'import.catalog': IMPORTS,
  'import.dividends': IMPORTS,
  'import.documents': IMPORTS,
};

/** The amend link of a stored change (a kind this version does not know opens the funds list). */
export function editHref(kind: string, input: Record<string, unknown>, before: unknown, owner: EditOwner): string {
  if (!isChangeKind(kind)) return '/admin/funds';
  return (EDIT_HREF[kind] as (input: unknown, before: Record<string, unknown>, owner: EditOwner) => string)(input, (before ?? {}) as Record<string, unknown>, owner);
}
