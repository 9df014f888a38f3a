import Link from 'next/link';
import { SUPPORTED_LOCALES, type Locale } from '@/env';
import { newsStateOf } from '@/domain/news/input';
import { can } from '@/domain/staff/roles';
import { ActionForm } from '@/components/admin/action-form';
import { NewsForm } from '@/components/admin/news-form';
import { Notice } from '@/components/ui/notice';
import { flash, formatDateTime } from '@/server/auth/flash';
import { newsReferenceLists } from '@/server/news/staff-queries';
import { deleteNewsAction, deleteNewsDocumentAction, unpublishNewsAction, updateNewsAction, uploadNewsDocumentAction } from '@/app/admin/(staff)/news/_actions';
import { newsFormChoices, newsFormLabels, newsFormValues } from '@/app/admin/(staff)/news/_fields';
import { policyCovers } from '@/server/approval/door';
import { actionLabel, saveLabel, approvalFields } from '@/app/admin/approval-form';
import { ButtonLink } from '@/components/ui/button';
import { TableGrid, Td, Th } from '@/components/ui/table';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { newsItemScreen } from '@/app/admin/(staff)/news/_screen';

export const generateMetadata = staffTitle('news.editForm');

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One language of an article: its languages, the form, unpublish, delete, preview and its documents. Forms show per permission; the actions check again. */
export default async function NewsItemPage({ params, searchParams }: Props) {
  const { staff, query, db, item, t } = await newsItemScreen(params, searchParams);
  const write = can(staff.role, 'content.write');
  const refs = await newsReferenceLists(db);
  const choices = newsFormChoices(t, staff.locale, refs);
  const created = flash(query, 'done', ['created'] as const);
  const state = newsStateOf(item, new Date());
  const language = (l: string) => (SUPPORTED_LOCALES.includes(l as Locale) ? t(`language.${l as Locale}`) : l);
  const byLocale = new Map(item.translations.map((tr) => [tr.locale, tr]));
  const currentDocs = item.documents;
  return (
    <>
      <BackLink href="/admin/news">{t('news.back')}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">
        <span lang={item.locale}>{item.title}</span> ({language(item.locale)})
      </h1>
      {created && <Notice tone="success">{t('news.created')}</Notice>}
      <p className="mb-4">
        {state === 'scheduled' ? t('news.scheduledFor', { date: formatDateTime(staff.locale, item.publishAt) }) : t('news.previewState', { state: t(`news.states.${state}`) })}
      </p>

      <section aria-labelledby="translations-title" className="mb-6">
        <h2 id="translations-title" className="mb-2 text-xl font-semibold">
          {t('news.translations')}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {SUPPORTED_LOCALES.map((l) => {
            const tr = byLocale.get(l);
            if (tr) {
              return (
                <li key={l}>
                  {language(l)}:{' '}
                  {tr.id === item.id ? (
                    <span lang={l} aria-current="page">
                      {tr.title}
                    </span>
                  ) : (
                    <Link href={`/admin/news/${tr.id}`} lang={l} className="text-brand underline">
                      {tr.title}
                    </Link>
                  )}
                </li>
              );
            }
            return (
              <li key={l}>
                {t('news.translationMissing', { language: language(l) })}
                {write && (
                  <>
                    {' '}
                    <Link href={`/admin/news/new?translationOf=${item.id}&locale=${l}`} className="text-brand underline">
                      {t('news.addTranslation', { language: language(l) })}
                    </Link>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <div className="mb-8 flex flex-wrap items-start gap-4">
        <ButtonLink href={`/admin/news/${item.id}/preview`}>
          {t('news.preview')}
        </ButtonLink>
        {write && (
          <>
            <ActionForm action={unpublishNewsAction.bind(null, item.id)} title={t('news.unpublish')} submitLabel={item.status === 'published' ? actionLabel(t, 'news', t('news.unpublish')) : t('news.unpublish')} fields={[]} compact disabled={item.status === 'draft'} />
            <ActionForm action={deleteNewsAction.bind(null, item.id)} title={t('news.delete')} submitLabel={item.status === 'published' ? actionLabel(t, 'news', t('news.delete')) : t('news.delete')} fields={[]} danger compact />
          </>
        )}
      </div>
      {write && <p className="-mt-6 mb-8 text-sm text-muted">{t('news.deleteHint')}</p>}

      {write ? (
        <section aria-labelledby="edit-title" className="mb-10 max-w-4xl">
          <h2 id="edit-title" className="mb-2 text-xl font-semibold">
            {t('news.editForm')}
          </h2>
          {policyCovers('news') && <p className="mb-3 max-w-prose font-medium">{t('approval.newsNote')}</p>}
          <NewsForm
            action={updateNewsAction.bind(null, item.id, item.locale)}
            title={t('news.editForm')}
            submitLabel={item.status === 'published' ? saveLabel(t, 'news', t('news.save')) : t('news.save')}
            labels={newsFormLabels(t)}
            initial={newsFormValues(item, { locale: item.locale, categoryCode: item.categoryCode, today: item.publishedAt })}
            categories={choices.categories}
            funds={choices.funds}
            profiles={choices.profiles}
            states={choices.states}
            slugFollowsTitle={false}
            approvalNote={policyCovers('news') ? { label: t('approval.note'), hint: t('approval.noteHint') } : undefined}
          />
        </section>
      ) : (
        <dl className="mb-10 grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="font-medium">{t('news.fields.slug')}</dt>
          <dd className="font-mono">{item.slug}</dd>
          <dt className="font-medium">{t('news.fields.date')}</dt>
          <dd>{item.publishedAt}</dd>
          <dt className="font-medium">{t('news.fields.summary')}</dt>
          <dd lang={item.locale}>{item.summary}</dd>
        </dl>
      )}

      <section aria-labelledby="documents-title" className="mb-10">
        <h2 id="documents-title" className="mb-2 text-xl font-semibold">
          {t('news.documents.title')}
        </h2>
        <p className="mb-3 max-w-prose text-muted">{t('news.documents.intro')}</p>
        {currentDocs.length === 0 ? (
          <p>{t('news.documents.none')}</p>
        ) : (
          <TableGrid>
            <caption className="sr-only">{t('news.documents.caption')}</caption>
            <thead>
              <tr>
                <Th scope="col">{t('news.documents.file')}</Th>
                <Th scope="col">{t('documents.tagged')}</Th>
                <Th scope="col">{t('news.documents.date')}</Th>
                <Th scope="col">{t('news.documents.version')}</Th>
                {write && <Th scope="col">{t('news.documents.actions')}</Th>}
              </tr>
            </thead>
            <tbody>
              {currentDocs.map((d) => (
                <tr key={d.id}>
                  <Td>
                    {d.title} — {d.fileName} ({Math.max(1, Math.round(d.size / 1024))} KB)
                    <span className="block break-all font-mono text-xs text-muted">sha256 {d.sha256.slice(0, 16)}…</span>
                  </Td>
                  <Td>{d.tagged === null ? <span className="text-muted">{t('documents.taggedUnknown')}</span> : d.tagged ? t('documents.yes') : <span className="font-medium text-amber-800">{t('documents.no')}</span>}</Td>
                  <Td>{d.publishedAt}</Td>
                  <Td>{d.supersededAt ? t('news.documents.superseded', { date: formatDateTime(staff.locale, d.supersededAt) }) : t('news.documents.current')}</Td>
                  {write && (
                    <Td>
                      <ActionForm
                        action={deleteNewsDocumentAction.bind(null, item.id, d.id)}
                        title={t('news.documents.deleteLabel', { name: `${d.fileName} #${d.id}` })}
                        submitLabel={item.status === 'published' && !d.supersededAt ? actionLabel(t, 'news', t('news.documents.delete')) : t('news.documents.delete')}
                        fields={[]}
                        danger
                        compact
                      />
                    </Td>
                  )}
                </tr>
              ))}
            </tbody>
          </TableGrid>
        )}
        {write && (
          <div className="mt-6 max-w-xl">
            <h3 className="mb-2 text-lg font-semibold">{t('news.documents.upload')}</h3>
            <ActionForm
              action={uploadNewsDocumentAction.bind(null, item.id)}
              title={t('news.documents.upload')}
              submitLabel={item.status === 'published' ? actionLabel(t, 'news', t('news.documents.submit')) : t('news.documents.submit')}
              fields={[
                { kind: 'date', name: 'publishedAt', label: t('news.documents.date'), value: item.publishedAt, required: true },
                { kind: 'text', name: 'title', label: t('news.documents.titleField'), hint: t('news.documents.titleHint') },
                { kind: 'file', name: 'file', label: t('news.documents.pdf'), hint: t('news.documents.pdfHint', { mb: 20 }), accept: 'application/pdf,.pdf', required: true },
                ...(item.status === 'published' ? approvalFields(t, 'news') : []),
              ]}
            />
          </div>
        )}
      </section>
    </>
  );
}
