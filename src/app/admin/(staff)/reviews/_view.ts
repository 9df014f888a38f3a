import 'server-only';
import type { PageSnapshot } from '@/domain/content/page-edit';
import { isChangeKind, type ApprovalArea, type ProposalStatus } from '@/domain/staff/approval';
import type { AdminT } from '@/i18n/admin';
import type { ReviewRow } from '@/components/admin/review-table';
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

/** Where its author amends a change: the edit screen of its target. */
export function editHref(kind: string, input: Record<string, unknown>, before: unknown): string {
  const b = (before ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'page.save':
      return `/admin/pages/${encodeURIComponent(String(input.code))}`;
    case 'company.save':
    case 'company.image':
      return '/admin/company';
    case 'languages.save':
      return '/admin/languages';
    case 'fund.update':
      return `/admin/funds/${Number(input.fundId)}/edit`;
    case 'fund.archive':
    case 'fund.aum':
    case 'share.create':
      return `/admin/funds/${Number(input.fundId)}`;
    case 'fund.create':
      return '/admin/funds/new';
    case 'share.archive':
    case 'share.update':
      return `/admin/funds/${Number(b.fundId)}/shares/${Number(input.shareId)}`;
    case 'share.distribution':
      return `/admin/funds/${Number(b.fundId)}/shares/${Number(input.shareId)}/distribution`;
    case 'fund.sustainability':
      return `/admin/funds/${Number(input.fundId)}/sustainability`;
    case 'news.publish':
    case 'news.draft':
    case 'news.unpublish':
    case 'news.delete':
      return `/admin/news/${Number(input.id)}`;
    case 'news.attach':
    case 'news.detach':
      return `/admin/news/${Number(input.newsId)}`;
    case 'event.save':
      return input.id === null || input.id === undefined ? `/admin/funds/${Number(input.fundId)}/events/new` : `/admin/funds/${Number(input.fundId)}/events/${Number(input.id)}`;
    case 'event.delete':
    case 'event.attach':
    case 'event.detach':
      return `/admin/funds/${Number(b.fundId)}/events/${Number(input.eventId)}`;
    case 'page.restore':
      return `/admin/pages/${encodeURIComponent(String(input.code))}`;
    case 'page.create':
      return `/admin/pages/new/${encodeURIComponent(String(input.country))}`;
    case 'import.navs':
    case 'import.benchmarks':
    case 'import.portfolios':
    case 'import.scenarios':
    case 'import.registrations':
    case 'import.findatex':
    case 'import.catalog':
    case 'import.dividends':
    case 'import.documents':
      return '/admin/imports';
    default:
      return '/admin/funds';
  }
}
