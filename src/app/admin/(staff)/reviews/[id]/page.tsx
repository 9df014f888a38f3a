import type { ComponentProps } from 'react';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SUPPORTED_LOCALES } from '@/env';
import { diffByLanguage, mayReview, proposedFileName, type ApprovalArea, type ProposalStatus } from '@/domain/staff/approval';
import { can } from '@/domain/staff/roles';
import { adminTranslator, isAdminLocale } from '@/i18n/admin';
import { DiffTable } from '@/components/admin/diff-table';
import { Notice } from '@/components/ui/notice';
import { editOwner } from '@/server/approval/edit-owner';
import { proposalById } from '@/server/approval/service';
import { flash, formatDateTime, queryText } from '@/server/auth/flash';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { FundPreviewBody } from '@/app/admin/(staff)/reviews/_fund-preview';
import { readableChangeRows } from '@/app/admin/(staff)/funds/_distribution-fields';
import { ImportPreview } from '@/app/admin/(staff)/imports/_preview';
import { DocumentBatchPreviewView } from '@/app/admin/(staff)/imports/_documents-preview';
import type { DocumentBatchPreview } from '@/server/documents/bulk-import';
import { PreviewBody } from '@/app/admin/(staff)/pages/_view';
import { decideChangeAction, withdrawChangeAction } from '@/app/admin/(staff)/reviews/_actions';
import { editHref, kindText, pagePreview } from '@/app/admin/(staff)/reviews/_view';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/field';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { HouseImagePreview } from '@/app/admin/(staff)/reviews/_image-preview';

export const generateMetadata = staffTitle('approval.queue.title');

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const IMPORT_OF = { 'import.navs': 'navs', 'import.benchmarks': 'benchmarks', 'import.portfolios': 'portfolios', 'import.scenarios': 'scenarios', 'import.registrations': 'registrations', 'import.findatex': 'findatex', 'import.catalog': 'catalog', 'import.dividends': 'dividends' } as const;
const isImportKind = (kind: string): kind is keyof typeof IMPORT_OF => Object.hasOwn(IMPORT_OF, kind);

const DONE = ['published', 'approved', 'rejected', 'withdrawn'] as const;
const ERRORS = ['conflict', 'not-pending', 'comment', 'failed', 'unknown'] as const;

/** One proposed change: what it changes, per language side by side, its public preview, and the decision. */
export default async function ReviewPage({ params, searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const { id: idText } = await params;
  const query = await searchParams;
  const row = /^[0-9]{1,9}$/.test(idText) ? await proposalById(await getDb(), Number(idText)) : null;
  if (!row) notFound();
  const t = adminTranslator(staff.locale);
  const done = flash(query, 'done', DONE);
  const error = flash(query, 'error', ERRORS);
  const diff = readableChangeRows(t, row.kind, diffByLanguage(row.before, row.after));
  const labels = { field: t('approval.review.field'), before: t('approval.review.before'), after: t('approval.review.after') };
  const own = row.authorId === staff.id;
  const reviewer = can(staff.role, 'changes.review') && mayReview(row, staff.id) && row.status === 'pending';
  const lang = queryText(query, 'lang');
  const previewLocale = isAdminLocale(lang) ? lang : staff.locale;
  const fileName = proposedFileName(row.input);
  const page = pagePreview(row.kind, row.input, row.after);
  const amendHref = own ? editHref(row.kind, row.input, row.before, await editOwner(await getDb(), row.kind, row.input)) : '';
  return (
    <>
      <BackLink href="/admin/reviews">{t('approval.review.back')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('approval.review.title', { id: row.id, target: row.targetLabel })}</h1>
      {done && (
        <Notice tone="success">
          {done === 'published' ? t('approval.review.approved') : done === 'approved' ? t('approval.review.approvedLater', { date: formatDateTime(staff.locale, row.effectiveAt) }) : t(`approval.review.${done}`)}
        </Notice>
      )}
      {error && <Notice tone="error">{t(`approval.errors.${error}`)}</Notice>}
      {row.conflicting && <Notice tone="error">{t('approval.review.conflict')}</Notice>}
      {own && row.status === 'pending' && <p className="my-2 font-medium">{t('approval.review.own')}</p>}

      <section aria-labelledby="review-facts" className="mb-6">
        <h2 id="review-facts" className="mb-2 text-lg font-semibold">
          {t('approval.review.facts')}
        </h2>
        <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">{t('approval.review.status')}</dt>
          <dd>{t(`approval.statuses.${row.status as ProposalStatus}`)}</dd>
          <dt className="font-medium">{t('approval.queue.kind')}</dt>
          <dd>{kindText(t, row.kind)}</dd>
          <dt className="font-medium">{t('approval.review.area')}</dt>
          <dd>{t(`approval.areas.${row.area as ApprovalArea}`)}</dd>
          <dt className="font-medium">{t('approval.review.author')}</dt>
          <dd>{row.authorLabel}</dd>
          <dt className="font-medium">{t('approval.review.created')}</dt>
          <dd>{formatDateTime(staff.locale, row.createdAt)}</dd>
          <dt className="font-medium">{t('approval.review.effective')}</dt>
          <dd>{row.effectiveAt ? formatDateTime(staff.locale, row.effectiveAt) : t('approval.queue.atOnce')}</dd>
          <dt className="font-medium">{t('approval.review.note')}</dt>
          <dd className="whitespace-pre-wrap">{row.note || t('approval.review.noNote')}</dd>
          {row.reviewerLabel && (
            <>
              <dt className="font-medium">{t('approval.review.reviewer')}</dt>
              <dd>{row.reviewerLabel}</dd>
            </>
          )}
          {row.comment && (
            <>
              <dt className="font-medium">{t('approval.review.comment')}</dt>
              <dd className="whitespace-pre-wrap">{row.comment}</dd>
            </>
          )}
          {row.lastError && (
            <>
              <dt className="font-medium">{t('approval.review.lastError')}</dt>
              <dd>{row.lastError}</dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="review-diff" className="mb-6 space-y-4">
        <h2 id="review-diff" className="text-lg font-semibold">
          {t('approval.review.diffTitle')}
        </h2>
        {([...SUPPORTED_LOCALES, 'all'] as const).map((language) => {
          const caption = language === 'all' ? t('approval.review.diffOther') : t('approval.review.diffLanguage', { language: t(`language.${language}`) });
          if (language === 'all' && diff.all.length === 0) return null;
          return (
            <div key={language}>
              <h3 className="mb-1 font-semibold">{caption}</h3>
              {diff[language].length === 0 ? <p className="text-muted">{t('approval.review.noDiff')}</p> : <DiffTable caption={caption} lang={language === 'all' ? undefined : language} rows={diff[language]} labels={labels} />}
            </div>
          );
        })}
      </section>

      {reviewer && (
        <section aria-labelledby="review-decide" className="mb-6 max-w-2xl">
          <h2 id="review-decide" className="mb-2 text-lg font-semibold">
            {t('approval.review.decide')}
          </h2>
          <form action={decideChangeAction.bind(null, row.id)} className="space-y-3">
            <div>
              <Label htmlFor="review-comment">
                {t('approval.review.commentLabel')}
              </Label>
              <Textarea id="review-comment" name="comment" rows={3} maxLength={2000} aria-describedby="review-comment-hint"  className="max-w-none"/>
              <p id="review-comment-hint" className="mt-1 text-sm text-muted">
                {t('approval.review.commentHint')}
              </p>
            </div>
            <div className="flex gap-3">
              {!row.conflicting && (
                <Button type="submit" name="decision" value="approve">
                  {t('approval.review.approve')}
                </Button>
              )}
              <Button variant="danger" type="submit" name="decision" value="reject">
                {t('approval.review.reject')}
              </Button>
            </div>
          </form>
        </section>
      )}

      {own && ['pending', 'rejected', 'approved'].includes(row.status) && (
        <section aria-labelledby="review-mine" className="mb-6 flex flex-wrap items-center gap-4">
          <h2 id="review-mine" className="sr-only">
            {t('approval.queue.mineTitle')}
          </h2>
          <Link href={amendHref} className="text-brand underline">
            {t('approval.review.amend')}
          </Link>
          <form action={withdrawChangeAction.bind(null, row.id)}>
            <Button variant="danger" type="submit">
              {t('approval.review.withdraw')}
            </Button>
          </form>
        </section>
      )}

      <section aria-labelledby="review-preview" className="mb-6">
        <h2 id="review-preview" className="mb-2 text-lg font-semibold">
          {t('approval.review.previewTitle')}
        </h2>
        {page || row.kind === 'fund.update' || row.kind === 'share.update' ? (
          <>
            <ul className="mb-2 flex gap-4">
              {SUPPORTED_LOCALES.map((l) => (
                <li key={l}>
                  <Link href={`/admin/reviews/${row.id}?lang=${l}#review-preview`} aria-current={l === previewLocale ? 'page' : undefined} className="text-brand underline">
                    {t('approval.review.previewIn', { language: t(`language.${l}`) })}
                  </Link>
                </li>
              ))}
            </ul>
            {page ? (
              <PreviewBody t={t} staffLocale={staff.locale} code={page.code} snapshot={page.snapshot} locale={previewLocale} />
            ) : (
              <FundPreviewBody
                t={t}
                locale={previewLocale}
                target={
                  row.kind === 'fund.update'
                    ? { fundId: Number(row.input.fundId), patch: (row.input.patch ?? {}) as Record<string, unknown> }
                    : { shareId: Number(row.input.shareId), patch: (row.input.patch ?? {}) as Record<string, unknown> }
                }
              />
            )}
          </>
        ) : row.kind === 'company.image' && row.hasFile ? (
          <HouseImagePreview t={t} proposalId={row.id} input={row.input} before={row.before} />
        ) : row.kind === 'document.upload' && row.hasFile ? (
          <a href={`/admin/reviews/${row.id}/file`} className="text-brand underline">
            {t('approval.review.previewFile', { name: fileName })}
          </a>
        ) : row.kind === 'news.publish' || row.kind === 'news.draft' ? (
          <Link href={`/admin/news/${Number(row.input.id)}/preview?proposal=${row.id}`} className="text-brand underline">
            {t('approval.review.previewNewsProposed')}
          </Link>
        ) : (row.kind === 'event.save' || row.kind === 'event.attach') && row.hasFile ? (
          <a href={`/admin/reviews/${row.id}/file`} className="text-brand underline">
            {t('approval.review.previewFile', { name: fileName })}
          </a>
        ) : row.kind === 'news.attach' && row.hasFile ? (
          <a href={`/admin/reviews/${row.id}/file`} className="text-brand underline">
            {t('approval.review.previewNewsFile', { name: fileName })}
          </a>
        ) : row.kind === 'import.documents' && row.before ? (
          <>
            <DocumentBatchPreviewView preview={(row.before as { difference: DocumentBatchPreview }).difference} locale={staff.locale} />
            {row.hasFile && (
              <ul className="mt-2 list-disc pl-5">
                {(row.before as { difference: DocumentBatchPreview }).difference.files.map((f) => (
                  <li key={f.index}>
                    <a href={`/admin/reviews/${row.id}/file?n=${f.index}`} className="text-brand underline">
                      {t('approval.review.previewFile', { name: f.fileName })}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : isImportKind(row.kind) && row.before ? (
          <ImportPreview kind={IMPORT_OF[row.kind]} preview={(row.before as { difference: ComponentProps<typeof ImportPreview>['preview'] }).difference} locale={staff.locale} />
        ) : (
          <p className="text-muted">{t('approval.review.previewNone')}</p>
        )}
      </section>
    </>
  );
}
