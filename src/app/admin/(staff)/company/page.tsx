import Image from 'next/image';
import { notFound } from 'next/navigation';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ActionForm } from '@/components/admin/action-form';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { companyForStaff } from '@/server/pages/staff-queries';
import { companyFields } from '@/app/admin/(staff)/pages/_fields';
import { saveCompanyAction } from '@/app/admin/(staff)/pages/_actions';
import { approvalFields, saveLabel } from '@/app/admin/approval-form';
import { policyNote } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { HOUSE_IMAGES, IMAGE_RULES } from '@/domain/content/house-images';
import { houseImages } from '@/server/house-images/queries';
import { uploadHouseImageAction } from '@/app/admin/(staff)/company/_image-actions';

export const generateMetadata = staffTitle('company.title');

/** The company's name, baselines, contact details and key figures; every role sees it, content.write saves it. */
export default async function CompanyPage() {
  const staff = await requireStaff('backoffice.read');
  const db = await getDb();
  const [company, images] = await Promise.all([companyForStaff(db), houseImages(db)]);
  if (!company) notFound();
  const t = adminTranslator(staff.locale);
  const editable = can(staff.role, 'content.write');
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('company.title')}</h1>
      <p className="mb-2 max-w-prose text-muted">{t('company.intro')} {policyNote(t, 'company')}</p>
      <p className="mb-4 max-w-prose text-muted">{t('data.translationsIntro')}</p>
      <ActionForm
        action={saveCompanyAction}
        title={t('company.form')}
        submitLabel={saveLabel(t, 'company', t('data.save'))}
        fields={[...companyFields(t, company), ...approvalFields(t, 'company')]}
        disabled={!editable}
        otherErrorsLabel={t('data.otherErrors')}
      />
      <section aria-labelledby="house-images" className="mt-10 max-w-3xl">
        <h2 id="house-images" className="mb-2 text-xl font-semibold">
          {t('company.images.title')}
        </h2>
        <p className="mb-4 max-w-prose text-muted">
          {t('company.images.intro')} {policyNote(t, 'company')}
        </p>
        {HOUSE_IMAGES.map((kind) => {
          const image = images[kind];
          const name = t(`company.images.kinds.${kind}`);
          return (
            <div key={kind} className="mb-8 border-t border-slate-200 pt-4">
              <h3 className="mb-2 text-lg font-semibold">{name}</h3>
              <p className="mb-1 font-medium">{t('company.images.current')}</p>
              {image ? (
                <figure className="mb-3">
                  {/* The stored bytes at their public address (their own CSP): what the site shows, as stored (unoptimized). */}
                  <Image src={image.url} alt={t('company.images.currentAlt', { image: name })} width={Math.round(image.width)} height={Math.round(image.height)} unoptimized className="h-auto max-h-24 w-auto max-w-full border border-slate-200 bg-white p-2" />
                  <figcaption className="mt-1 text-sm text-muted">
                    {t('company.images.stored', { type: image.contentType, width: image.width, height: image.height, kb: Math.max(1, Math.round(image.byteSize / 1024)), name: image.fileName })}
                  </figcaption>
                </figure>
              ) : (
                <p className="mb-3 text-muted">{t('company.images.none')}</p>
              )}
              <ActionForm
                action={uploadHouseImageAction.bind(null, kind)}
                title={name}
                submitLabel={saveLabel(t, 'company', t('company.images.submit'))}
                fields={[
                  { kind: 'file', name: 'file', label: t('company.images.file'), hint: t(`company.images.hints.${kind}`, { kb: Math.round(IMAGE_RULES[kind].maxBytes / 1024) }), accept: IMAGE_RULES[kind].types.join(','), required: true },
                  ...approvalFields(t, 'company'),
                ]}
                disabled={!editable}
              />
            </div>
          );
        })}
      </section>
    </>
  );
}
