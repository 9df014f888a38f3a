import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SUPPORTED_LOCALES } from '@/env';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { Notice } from '@/components/ui/notice';
import { flash, formatDateTime } from '@/server/auth/flash';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { listFundDocuments } from '@/server/documents/commands';
import { fundForStaff, referenceLists, sharesOfFund } from '@/server/funds/staff-queries';
import { archiveFundAction, deleteDocumentAction, setDocumentCountriesAction, setDocumentPublishedAction, updateAumAction, uploadDocumentAction } from '@/app/admin/(staff)/funds/_actions';
import { aumFields } from '@/app/admin/(staff)/funds/_fields';
import { actionLabel, approvalFields, saveLabel } from '@/app/admin/approval-form';
import { ButtonLink } from '@/components/ui/button';
import { TableGrid, Td, Th } from '@/components/ui/table';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('funds.fund');

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A fund: its state, AUM, share classes and documents (every version). Forms show per permission; the actions check again. */
export default async function FundPage({ params, searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const id = Number((await params).id);
  const query = await searchParams;
  const db = await getDb();
  const fund = Number.isSafeInteger(id) ? await fundForStaff(db, id) : null;
  if (!fund) notFound();
  const t = adminTranslator(staff.locale);
  const [refs, shareRows, docs] = await Promise.all([referenceLists(db), sharesOfFund(db, fund.id), listFundDocuments(db, fund.id)]);
  const title = fund.title[staff.locale] ?? fund.title.fr;
  const writeFunds = can(staff.role, 'funds.write');
  const writeDocs = can(staff.role, 'documents.write');
  const created = flash(query, 'done', ['created'] as const);
  const typeTitle = new Map(refs.documentTypes.map((d) => [d.code, d.title[staff.locale] ?? d.title.fr]));
  const shareName = new Map(shareRows.map((s) => [s.id, `${s.name} (${s.isinCode})`]));
  const number = new Intl.NumberFormat(staff.locale, { maximumFractionDigits: 2 });
  const countryOptions = refs.countries.map((c) => ({ value: c.code, label: c.title[staff.locale] ?? c.title.fr ?? c.code }));
  const countryName = new Map(countryOptions.map((c) => [c.value, c.label]));
  // A published version (current, or in the public archive) is read by the public: a change of it waits (docs/approval.md).
  const documentLabel = (d: { published: boolean }, verb: string) => (d.published ? actionLabel(t, 'documents', verb) : verb);
  return (
    <>
      <BackLink href="/admin/funds">{t('funds.backToList')}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
      {created && <Notice tone="success">{t('funds.created')}</Notice>}
      <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {SUPPORTED_LOCALES.map((l) => (
          <div key={l} className="contents">
            <dt className="font-medium">
              {t('funds.fields.title')} ({t(`language.${l}`)})
            </dt>
            <dd lang={l}>{fund.title[l] ?? <span className="font-medium text-amber-800">{t('data.missing')}</span>}</dd>
          </div>
        ))}
        <dt className="font-medium">{t('funds.state')}</dt>
        <dd>{fund.active ? t('funds.activeState') : t('funds.archivedState')}</dd>
        <dt className="font-medium">{t('funds.fields.sri')}</dt>
        <dd>{fund.riskLevel}</dd>
        <dt className="font-medium">{t('funds.fields.sfdr')}</dt>
        <dd>{fund.sfdrArticle}</dd>
        <dt className="font-medium">{t('funds.aum')}</dt>
        <dd>
          {number.format(fund.aumValue)} {fund.aumCurrencyCode} ({fund.aumDate})
        </dd>
      </dl>
      {writeFunds && (
        <div className="mb-8 flex flex-wrap items-start gap-4">
          <ButtonLink href={`/admin/funds/${fund.id}/edit`}>
            {t('funds.edit')}
          </ButtonLink>
          <ButtonLink href={`/admin/funds/${fund.id}/sustainability`}>
            {t('sustainability.link')}
          </ButtonLink>
          <ActionForm action={archiveFundAction.bind(null, fund.id)} title={t('funds.archive')} submitLabel={actionLabel(t, 'funds', t('funds.archive'))} fields={[]} danger compact disabled={!fund.active} />
        </div>
      )}

      {writeFunds && (
        <section aria-labelledby="aum-title" className="mb-10 max-w-xl">
          <h2 id="aum-title" className="mb-2 text-xl font-semibold">
            {t('funds.aum')}
          </h2>
          <ActionForm action={updateAumAction.bind(null, fund.id)} title={t('funds.aum')} submitLabel={saveLabel(t, 'funds', t('funds.saveAum'))} fields={[...aumFields(t, refs, fund), ...approvalFields(t, 'funds')]} />
        </section>
      )}

      <section aria-labelledby="shares-title" className="mb-10">
        <h2 id="shares-title" className="mb-2 text-xl font-semibold">
          {t('shares.title')}
        </h2>
        {writeFunds && (
          <p className="mb-3">
            <ButtonLink href={`/admin/funds/${fund.id}/shares/new`}>
              {t('shares.new')}
            </ButtonLink>
          </p>
        )}
        <TableGrid caption={t('shares.caption', { title })} headers={[t('shares.fields.name'), t('shares.fields.isin'), t('shares.fields.currency'), t('funds.fields.sri'), t('funds.state')]}>
          {shareRows.map((s) => (
            <tr key={s.id}>
              <Td>
                <Link href={`/admin/funds/${fund.id}/shares/${s.id}`} className="text-brand underline">
                  {s.name}
                </Link>
                {s.isMain && <span className="ml-2 text-sm text-muted">({t('shares.fields.main')})</span>}
              </Td>
              <Td>{s.isinCode}</Td>
              <Td>{s.currencyCode}</Td>
              <Td>{s.sriLevel}</Td>
              <Td>{s.active ? t('funds.activeState') : t('funds.archivedState')}</Td>
            </tr>
          ))}
        </TableGrid>
      </section>

      <section aria-labelledby="registrations-title" className="mb-10">
        <h2 id="registrations-title" className="mb-2 text-xl font-semibold">
          {t('registrations.title')}
        </h2>
        <p className="mb-2 max-w-prose text-muted">{t('registrations.summary')}</p>
        <Link href={`/admin/funds/${fund.id}/registrations`} className="text-brand underline">
          {t('registrations.open', { title })}
        </Link>
      </section>

      <section aria-labelledby="events-title" className="mb-10">
        <h2 id="events-title" className="mb-2 text-xl font-semibold">
          {t('events.title')}
        </h2>
        <p className="mb-2 max-w-prose text-muted">{t('events.summary')}</p>
        <Link href={`/admin/funds/${fund.id}/events`} className="text-brand underline">
          {t('events.open', { title })}
        </Link>
      </section>

      <section aria-labelledby="documents-title" className="mb-10">
        <h2 id="documents-title" className="mb-2 text-xl font-semibold">
          {t('documents.title')}
        </h2>
        {docs.length === 0 ? (
          <p>{t('documents.none')}</p>
        ) : (
          <TableGrid>
            <caption className="sr-only">{t('documents.caption', { title })}</caption>
            <thead>
              <tr>
                <Th scope="col">{t('documents.owner')}</Th>
                <Th scope="col">{t('documents.type')}</Th>
                <Th scope="col">{t('documents.language')}</Th>
                <Th scope="col">{t('documents.date')}</Th>
                <Th scope="col">{t('documents.file')}</Th>
                <Th scope="col">{t('documents.tagged')}</Th>
                <Th scope="col">{t('documents.version')}</Th>
                <Th scope="col">{t('documents.online')}</Th>
                <Th scope="col">{t('documents.countries')}</Th>
                {writeDocs && <Th scope="col">{t('documents.actions')}</Th>}
              </tr>
            </thead>
            <tbody>
              {docs.map((d) => {
                const label = `${typeTitle.get(d.documentTypeCode) ?? d.documentTypeCode} ${d.locale} ${d.publishedAt} #${d.id}`;
                return (
                  <tr key={d.id}>
                    <Td>{d.shareId !== null ? (shareName.get(d.shareId) ?? d.shareId) : t('documents.wholeFund')}</Td>
                    <Td>{typeTitle.get(d.documentTypeCode) ?? d.documentTypeCode}</Td>
                    <Td>{d.locale}</Td>
                    <Td>{d.publishedAt}</Td>
                    <Td>
                      {d.fileName} ({t('documents.size', { kb: Math.max(1, Math.round(d.size / 1024)) })})
                      <span className="block break-all font-mono text-xs text-muted">sha256 {d.sha256.slice(0, 16)}…</span>
                    </Td>
                    <Td>{d.tagged === null ? <span className="text-muted">{t('documents.taggedUnknown')}</span> : d.tagged ? t('documents.yes') : <span className="font-medium text-amber-800">{t('documents.no')}</span>}</Td>
                    <Td>
                      {d.supersededAt ? t('documents.superseded', { date: formatDateTime(staff.locale, d.supersededAt) }) : t('documents.current')}
                      {d.replacesId !== null && <span className="block text-xs text-muted">{t('documents.replaces', { id: d.replacesId })}</span>}
                    </Td>
                    <Td>{d.published ? t('documents.yes') : t('documents.no')}</Td>
                    <Td>{d.countries.length === 0 ? t('documents.everyCountry') : d.countries.map((c) => countryName.get(c) ?? c).join(', ')}</Td>
                    {writeDocs && (
                      <Td className="space-y-2">
                        <ActionForm
                          action={setDocumentPublishedAction.bind(null, d.id, !d.published)}
                          title={`${d.published ? t('documents.unpublish') : t('documents.publish')} ${label}`}
                          submitLabel={documentLabel(d, d.published ? t('documents.unpublish') : t('documents.publish'))}
                          fields={[]}
                          compact
                        />{' '}
                        <ActionForm action={deleteDocumentAction.bind(null, d.id)} title={`${t('documents.delete')} ${label}`} submitLabel={documentLabel(d, t('documents.delete'))} fields={[]} danger compact />
                      </Td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </TableGrid>
        )}
        {writeDocs && docs.some((d) => d.supersededAt === null) && (
          <div className="mt-6 max-w-xl">
            <h3 className="mb-2 text-lg font-semibold">{t('documents.restrictTitle')}</h3>
            <ActionForm
              action={setDocumentCountriesAction.bind(null, fund.id)}
              title={t('documents.restrictTitle')}
              submitLabel={saveLabel(t, 'documents', t('documents.restrict'))}
              fields={[
                {
                  kind: 'select',
                  name: 'document',
                  label: t('documents.restrictDocument'),
                  options: docs
                    .filter((d) => d.supersededAt === null)
                    .map((d) => ({ value: String(d.id), label: `${typeTitle.get(d.documentTypeCode) ?? d.documentTypeCode} ${d.locale} ${d.publishedAt} #${d.id} (${d.shareId !== null ? (shareName.get(d.shareId) ?? d.shareId) : t('documents.wholeFund')})` })),
                },
                { kind: 'checkboxes', name: 'countries', label: t('documents.countries'), hint: t('documents.countriesHint'), values: [], options: countryOptions },
              ]}
            />
          </div>
        )}
        {writeDocs && (
          <div className="mt-6 max-w-xl">
            <h3 className="mb-2 text-lg font-semibold">{t('documents.upload')}</h3>
            <p className="mb-3 text-muted">{t('documents.uploadIntro')}</p>
            <ActionForm
              action={uploadDocumentAction.bind(null, fund.id)}
              title={t('documents.upload')}
              submitLabel={saveLabel(t, 'documents', t('documents.submit'))}
              fields={[
                {
                  kind: 'select',
                  name: 'owner',
                  label: t('documents.owner'),
                  value: 'fund',
                  options: [{ value: 'fund', label: t('documents.wholeFund') }, ...shareRows.map((s) => ({ value: `share:${s.id}`, label: `${s.name} (${s.isinCode})` }))],
                },
                { kind: 'select', name: 'typeCode', label: t('documents.type'), options: refs.documentTypes.map((d) => ({ value: d.code, label: d.title[staff.locale] ?? d.title.fr })) },
                { kind: 'select', name: 'locale', label: t('documents.language'), value: staff.locale, options: SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) })) },
                { kind: 'date', name: 'publishedAt', label: t('documents.date'), value: new Date().toISOString().slice(0, 10), required: true },
                { kind: 'text', name: 'title', label: t('documents.titleField'), hint: t('documents.titleHint') },
                { kind: 'checkbox', name: 'published', label: t('documents.publishNow'), checked: true },
                { kind: 'checkboxes', name: 'countries', label: t('documents.countries'), hint: t('documents.countriesHint'), values: [], options: countryOptions },
                { kind: 'file', name: 'file', label: t('documents.pdf'), hint: t('documents.pdfHint', { mb: 20 }), accept: 'application/pdf,.pdf', required: true },
                ...approvalFields(t, 'documents'),
              ]}
            />
          </div>
        )}
      </section>
    </>
  );
}
