import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ImportForm } from '@/components/admin/import-form';
import { requireStaff } from '@/server/auth/staff';
import { actionLabel } from '@/app/admin/approval-form';
import { importAction } from './_actions';
import { documentsImportAction } from './_documents-actions';
import { DocumentDropForm } from '@/components/admin/document-drop-form';
import { BULK_DOCUMENT_LIMITS, BULK_DOCUMENT_TYPES, type FileNameProblem } from '@/domain/documents/bulk';
import { SUPPORTED_LOCALES } from '@/domain/language/locale';
import { getDb } from '@/server/db';
import { referenceLists } from '@/server/funds/staff-queries';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('imports.title');

const NAME_PROBLEMS: readonly FileNameProblem[] = ['not-pdf-name', 'no-isin', 'bad-isin', 'unknown-type', 'no-language'];

const KINDS = ['navs', 'benchmarks', 'portfolios', 'scenarios', 'registrations', 'findatex', 'catalog', 'dividends'] as const;

/**
 * NAV, benchmark, portfolio, performance-scenario, registration, FinDatEx (EMT, EET: updates; EMT: new funds and share classes) and dividend CSV files: a preview first (nothing
 * written), then "Confirm", which under the approval policy submits the file for approval (the
 * button says so). The registration matrix is shown to the roles that may change it. Last, share
 * class documents by drag-and-drop (or a file input), read from their names, for the roles that
 * may upload documents.
 */
export default async function ImportsPage() {
  const staff = await requireStaff('data.import');
  const t = adminTranslator(staff.locale);
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('imports.title')}</h1>
      <p className="mb-6 max-w-prose text-muted">{t('imports.intro')}</p>
      {KINDS.filter((kind) => kind !== 'registrations' || can(staff.role, 'registrations.write')).map((kind) => (
        <section key={kind} aria-labelledby={`${kind}-title`} className="mb-10">
          <h2 id={`${kind}-title`} className="mb-2 text-xl font-semibold">
            {t(`imports.${kind}.title`)}
          </h2>
          <ImportForm
            action={importAction.bind(null, kind)}
            title={t(`imports.${kind}.title`)}
            fileLabel={t(`imports.${kind}.file`)}
            hint={t(`imports.${kind}.hint`)}
            previewLabel={t('imports.previewButton')}
            confirmLabel={actionLabel(t, kind === 'registrations' ? 'registrations' : 'funds', t('imports.confirm'))}
            errorsLabel={t('imports.errors')}
          />
        </section>
      ))}
      {can(staff.role, 'documents.write') && <DocumentsSection locale={staff.locale} />}
    </>
  );
}

async function DocumentsSection({ locale }: { locale: Parameters<typeof adminTranslator>[0] }) {
  const t = adminTranslator(locale);
  const refs = await referenceLists(await getDb());
  const bulk = new Set<string>(BULK_DOCUMENT_TYPES);
  const mb = BULK_DOCUMENT_LIMITS.maxBatchBytes / 1024 / 1024;
  const label = (key: 'isinOf' | 'typeOf' | 'languageOf' | 'removeOf') => t(`imports.documents.${key}`, { file: '{file}' });
  return (
    <section aria-labelledby="documents-title" className="mb-10">
      <h2 id="documents-title" className="mb-2 text-xl font-semibold">
        {t('imports.documents.title')}
      </h2>
      <p className="mb-3 max-w-prose text-muted">{t('imports.documents.intro')}</p>
      <DocumentDropForm
        action={documentsImportAction}
        today={new Date().toISOString().slice(0, 10)}
        types={refs.documentTypes.filter((d) => bulk.has(d.code)).map((d) => ({ value: d.code, label: `${d.title[locale] ?? d.title.fr} (${d.code})` }))}
        locales={SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`), lang: l }))}
        problems={Object.fromEntries(NAME_PROBLEMS.map((p) => [p, t(`imports.documents.nameProblems.${p}`)])) as Record<FileNameProblem, string>}
        labels={{
          title: t('imports.documents.title'),
          drop: t('imports.documents.drop'),
          file: t('imports.documents.file'),
          hint: t('imports.documents.hint', { max: BULK_DOCUMENT_LIMITS.maxFiles, mb }),
          caption: t('imports.documents.listCaption'),
          fileCol: t('imports.documents.fileCol'),
          isin: 'ISIN',
          type: t('imports.documents.typeCol'),
          language: t('imports.documents.languageCol'),
          reading: t('imports.documents.readingCol'),
          readOk: t('imports.documents.readOk'),
          corrected: t('imports.documents.corrected'),
          choose: t('imports.documents.choose'),
          remove: t('imports.documents.remove'),
          isinOf: label('isinOf'),
          typeOf: label('typeOf'),
          languageOf: label('languageOf'),
          removeOf: label('removeOf'),
          date: t('imports.documents.date'),
          dateHint: t('imports.documents.dateHint'),
          none: t('imports.documents.none'),
          preview: t('imports.previewButton'),
          confirm: actionLabel(t, 'documents', t('imports.documents.confirm')),
          errors: t('imports.documents.errors'),
        }}
      />
    </section>
  );
}
