import Link from 'next/link';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { Notice } from '@/components/ui/notice';
import { approvalAreas, countPendingChanges } from '@/server/approval/service';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { outboxCounts } from '@/server/inbox/queries';
import { setupFacts } from '@/server/setup/queries';
import { readSiteOpen } from '@/server/setup/site-open';
import { setupChecklist } from '@/domain/setup/checklist';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('home.title');

export default async function AdminHome() {
  const staff = await requireStaff('backoffice.read');
  const t = adminTranslator(staff.locale);
  // Mail waiting or failing is shown to everyone who can read the outbox, so a broken SMTP is noticed.
  const mails = can(staff.role, 'submissions.read') ? await outboxCounts(await getDb()) : null;
  const areas = approvalAreas();
  const pendingReviews = areas.length > 0 ? await countPendingChanges(await getDb()) : 0;
  // Until the site is open and complete, the dashboard says what is missing (issue 43).
  const [open, checklist] = await Promise.all([readSiteOpen(await getDb()), setupFacts(await getDb()).then(setupChecklist)]);
  const missing = checklist.filter((item) => !item.done).length;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('home.title')}</h1>
      <p>{t('home.welcome', { email: staff.email })}</p>
      <p>{t('home.role', { role: t(`roles.${staff.role}`) })}</p>
      <p className="mt-4 max-w-prose text-muted">{t('home.intro')}</p>
      {(!open || missing > 0) && (
        <section aria-labelledby="going-live" className="mt-8 max-w-prose">
          <h2 id="going-live" className="mb-2 text-lg font-semibold">
            {t('setup.title')}
          </h2>
          <p>{open ? t('setup.public.open') : t('setup.public.closed')}</p>
          {missing > 0 && <p className="mt-2">{t('setup.missingCount', { count: missing })}</p>}
          <p className="mt-2">
            <Link href="/admin/setup" className="text-brand underline">
              {t('setup.title')}
            </Link>
          </p>
        </section>
      )}
      <section aria-labelledby="approval-policy" className="mt-8 max-w-prose">
        <h2 id="approval-policy" className="mb-2 text-lg font-semibold">
          {t('approval.home.title')}
        </h2>
        <p>{areas.length > 0 ? t('approval.home.on', { areas: areas.map((a) => t(`approval.areas.${a}`)).join(', ') }) : t('approval.home.off')}</p>
        {areas.length > 0 && (
          <>
            <p className="mt-2">{t('approval.home.pending', { count: pendingReviews })}</p>
            <p className="mt-2">
              <Link href="/admin/reviews" className="text-brand underline">
                {t('approval.home.open')}
              </Link>
            </p>
          </>
        )}
      </section>
      {mails && (
        <section aria-labelledby="outbox-summary" className="mt-8 max-w-prose">
          <h2 id="outbox-summary" className="mb-2 text-lg font-semibold">
            {t('home.outboxTitle')}
          </h2>
          {mails.failing > 0 && <Notice tone="error">{t('home.failingAlert', { count: mails.failing })}</Notice>}
          <ul className="list-disc pl-5">
            <li>{t('home.pending', { count: mails.pending })}</li>
            <li>{t('home.failing', { count: mails.failing })}</li>
          </ul>
          <p className="mt-2">
            <Link href="/admin/outbox" className="text-brand underline">
              {t('home.openOutbox')}
            </Link>
          </p>
        </section>
      )}
    </>
  );
}
