import { forbidden } from 'next/navigation';
import { can } from '@/domain/staff/roles';
import { ActionForm } from '@/components/admin/action-form';
import { BackLink } from '@/components/admin/back-link';
import { referenceLists } from '@/server/funds/staff-queries';
import { approvalFields, policyNote, saveLabel } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { saveEventAction } from '../_actions';
import { eventFields, noticeFields } from '../_fields';
import { eventScreen } from '../_screen';

export const generateMetadata = staffTitle('events.new');

type Props = { params: Promise<{ id: string }> };

/** Records an event of a fund, with its first notice PDF if one is chosen: one change, one approval. */
export default async function NewFundEventPage({ params }: Props) {
  const { staff, db, fund, t, title } = await eventScreen(params);
  if (!can(staff.role, 'funds.write')) forbidden();
  const refs = await referenceLists(db);
  const countries = refs.countries.map((c) => ({ value: c.code, label: c.title[staff.locale] ?? c.title.fr ?? c.code }));
  return (
    <>
      <BackLink href={`/admin/funds/${fund.id}/events`}>{t('events.backToList', { title })}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{t('events.newHeading', { title })}</h1>
      <p className="mb-4 max-w-prose text-muted">{policyNote(t, 'funds')}</p>
      <div className="max-w-2xl">
        <ActionForm
          action={saveEventAction.bind(null, fund.id, null)}
          title={t('events.new')}
          submitLabel={saveLabel(t, 'funds', t('events.save'))}
          fields={[...eventFields(t, fund.shares.filter((s) => s.active), null), ...noticeFields(t, countries, staff.locale, true), ...approvalFields(t, 'funds')]}
          otherErrorsLabel={t('data.otherErrors')}
        />
      </div>
    </>
  );
}
