import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ImportForm } from '@/components/admin/import-form';
import { requireStaff } from '@/server/auth/staff';
import { actionLabel } from '@/app/admin/approval-form';
import { importAction } from './_actions';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('imports.title');

const KINDS = ['navs', 'benchmarks', 'portfolios', 'scenarios', 'registrations', 'findatex', 'catalog', 'dividends'] as const;

/**
 * NAV, benchmark, portfolio, performance-scenario, registration, FinDatEx (EMT, EET: updates; EMT: new funds and share classes) and dividend CSV files: a preview first (nothing
 * written), then "Confirm", which under the approval policy submits the file for approval (the
 * button says so). The registration matrix is shown to the roles that may change it.
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
    </>
  );
}
