import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { ReviewTable } from '@/components/admin/review-table';
import { listMyChanges, pendingConflicts, listPendingChanges, listScheduledChanges } from '@/server/approval/service';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { reviewLabels, reviewRows } from './_view';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('approval.queue.title');

/** The review queue: every change awaiting a second person, those approved for later, and one's own. */
export default async function ReviewsPage() {
  const staff = await requireStaff('backoffice.read');
  const t = adminTranslator(staff.locale);
  const db = await getDb();
  const [pending, scheduled, mine, conflicting] = await Promise.all([listPendingChanges(db), listScheduledChanges(db), listMyChanges(db, staff.id), pendingConflicts(db)]);
  const now = new Date();
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('approval.queue.title')}</h1>
      <p className="mb-6 max-w-prose text-muted">{t('approval.queue.intro')}</p>
      <section aria-labelledby="reviews-pending" className="mb-8">
        <h2 id="reviews-pending" className="mb-2 text-lg font-semibold">
          {t('approval.queue.pendingTitle')} ({pending.length})
        </h2>
        {pending.length === 0 ? <p>{t('approval.queue.empty')}</p> : <ReviewTable rows={reviewRows(t, staff.locale, pending, now, conflicting)} labels={reviewLabels(t, t('approval.queue.pendingTitle'))} />}
      </section>
      {scheduled.length > 0 && (
        <section aria-labelledby="reviews-scheduled" className="mb-8">
          <h2 id="reviews-scheduled" className="mb-2 text-lg font-semibold">
            {t('approval.queue.scheduledTitle')} ({scheduled.length})
          </h2>
          <ReviewTable rows={reviewRows(t, staff.locale, scheduled, now)} labels={reviewLabels(t, t('approval.queue.scheduledTitle'))} />
        </section>
      )}
      {!can(staff.role, 'changes.review') || mine.length > 0 ? (
        <section aria-labelledby="reviews-mine">
          <h2 id="reviews-mine" className="mb-2 text-lg font-semibold">
            {t('approval.queue.mineTitle')} ({mine.length})
          </h2>
          {mine.length === 0 ? <p>{t('approval.queue.mineEmpty')}</p> : <ReviewTable rows={reviewRows(t, staff.locale, mine, now)} labels={reviewLabels(t, t('approval.queue.mineTitle'))} />}
        </section>
      ) : null}
    </>
  );
}
