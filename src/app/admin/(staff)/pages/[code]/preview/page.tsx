import { notFound } from 'next/navigation';
import { isPageCode } from '@/domain/content/page-edit';
import { adminTranslator, isAdminLocale } from '@/i18n/admin';
import { queryText } from '@/server/auth/flash';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { getPageVersion, pageSnapshot } from '@/server/pages/staff-queries';
import { PreviewBody, PreviewLinks } from '@/app/admin/(staff)/pages/_view';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('pages.preview');

type Props = { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A page as a visitor of the chosen language (?lang=) sees it, from its current texts or from a kept
 * version (?version=), drawn by the public site's components. Like every back-office screen it is
 * rendered per request, never cached, noindex (src/proxy.ts); nothing is published from here.
 */
export default async function PagePreviewPage({ params, searchParams }: Props) {
  const staff = await requireStaff('backoffice.read');
  const { code } = await params;
  const query = await searchParams;
  const lang = queryText(query, 'lang');
  const locale = isAdminLocale(lang) ? lang : staff.locale;
  const versionText = queryText(query, 'version');
  const db = await getDb();
  const current = isPageCode(code) ? await pageSnapshot(db, code) : null;
  if (!current) notFound();
  const version = /^[0-9]{1,9}$/.test(versionText) ? await getPageVersion(db, code, Number(versionText)) : null;
  if (versionText && !version) notFound();
  const t = adminTranslator(staff.locale);
  const title = current.title[staff.locale] || current.title.fr;
  const language = t(`language.${locale}`);
  return (
    <>
      <BackLink href={version ? `/admin/pages/${code}/history/${version.number}` : `/admin/pages/${code}/history`}>{t('pages.historyTitle', { title })}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('pages.previewTitle', { title, language })}</h1>
      <p className="mb-2 max-w-prose text-muted">
        {t('pages.previewNote', { language, source: version ? t('pages.viewVersion', { number: version.number }) : t('pages.current') })}
      </p>
      <PreviewLinks t={t} code={code} version={version?.number ?? null} current={locale} />
      <PreviewBody t={t} staffLocale={staff.locale} code={code} snapshot={version?.snapshot ?? current} locale={locale} />
    </>
  );
}
