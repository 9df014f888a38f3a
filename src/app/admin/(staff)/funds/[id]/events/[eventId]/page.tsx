import { notFound } from 'next/navigation';
import { can } from '@/domain/staff/roles';
import { ActionForm } from '@/components/admin/action-form';
import { BackLink } from '@/components/admin/back-link';
import { Notice } from '@/components/ui/notice';
import { TableGrid, Td } from '@/components/ui/table';
import { flash } from '@/server/auth/flash';
import { eventForStaff } from '@/server/events/staff-queries';
import { referenceLists } from '@/server/funds/staff-queries';
import { actionLabel, approvalFields, policyNote, saveLabel } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { attachNoticeAction, deleteEventAction, detachNoticeAction, saveEventAction } from '../_actions';
import { eventFields, noticeFields } from '../_fields';
import { eventName, eventScreen } from '../_screen';

export const generateMetadata = staffTitle('events.title');

type Props = { params: Promise<{ id: string; eventId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One event of a fund: its form, its notice PDFs (added, replaced, removed) and its deletion. Read-only without funds.write. */
export default async function FundEventPage({ params, searchParams }: Props) {
  const { staff, db, fund, t, title } = await eventScreen(params);
  const { eventId } = await params;
  const query = await searchParams;
  const event = /^\d{1,9}$/.test(eventId) ? await eventForStaff(db, Number(eventId)) : null;
  if (!event || event.fundId !== fund.id) notFound();
  const writable = can(staff.role, 'funds.write');
  const created = flash(query, 'done', ['created'] as const);
  const refs = await referenceLists(db);
  const countries = refs.countries.map((c) => ({ value: c.code, label: c.title[staff.locale] ?? c.title.fr ?? c.code }));
  const countryName = new Map(countries.map((c) => [c.value, c.label]));
  const name = eventName(t, staff.locale, event);
  // The share classes it concerns stay listed even once archived, so the form shows what is stored.
  const choices = fund.shares.filter((s) => s.active || event.shares.some((e) => e.id === s.id));
  return (
    <>
      <BackLink href={`/admin/funds/${fund.id}/events`}>{t('events.backToList', { title })}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{t('events.editHeading', { event: name })}</h1>
      {created && <Notice tone="success">{t('events.created')}</Notice>}
      {writable && <p className="mb-4 max-w-prose text-muted">{policyNote(t, 'funds')}</p>}
      <div className="mb-10 max-w-2xl">
        <ActionForm
          action={saveEventAction.bind(null, fund.id, event.id)}
          title={t('events.form')}
          submitLabel={saveLabel(t, 'funds', t('events.save'))}
          fields={[...eventFields(t, choices, event), ...(writable ? approvalFields(t, 'funds') : [])]}
          otherErrorsLabel={t('data.otherErrors')}
          disabled={!writable}
        />
      </div>

      <section aria-labelledby="notices-title" className="mb-10">
        <h2 id="notices-title" className="mb-2 text-xl font-semibold">
          {t('events.notices')}
        </h2>
        {event.notices.length === 0 ? (
          <p>{t('events.noNotice')}</p>
        ) : (
          <TableGrid caption={t('events.noticesCaption', { event: name })} headers={[t('events.language'), t('events.countries'), t('events.file'), ...(writable ? [t('events.actions')] : [])]}>
            {event.notices.map((n) => {
              const label = `${t(`language.${n.locale as 'fr'}`)} ${n.countries.join(', ')} ${n.fileName}`.replace(/\s+/g, ' ');
              return (
                <tr key={n.id}>
                  <Td>{t(`language.${n.locale as 'fr'}`)}</Td>
                  <Td>{n.countries.length === 0 ? t('events.everyCountry') : n.countries.map((c) => countryName.get(c) ?? c).join(', ')}</Td>
                  <Td>
                    {n.fileName} ({t('documents.size', { kb: Math.max(1, Math.round(n.size / 1024)) })})
                    <span className="block break-all font-mono text-xs text-muted">sha256 {n.sha256.slice(0, 16)}…</span>
                  </Td>
                  {writable && (
                    <Td>
                      <ActionForm
                        action={detachNoticeAction.bind(null, fund.id, event.id, n.id)}
                        title={t('events.detachTitle', { notice: label })}
                        submitLabel={actionLabel(t, 'funds', t('events.detach'))}
                        fields={[]}
                        danger
                        compact
                      />
                    </Td>
                  )}
                </tr>
              );
            })}
          </TableGrid>
        )}
        {writable && (
          <div className="mt-6 max-w-xl">
            <h3 className="mb-2 text-lg font-semibold">{t('events.attach')}</h3>
            <ActionForm
              action={attachNoticeAction.bind(null, fund.id, event.id)}
              title={t('events.attach')}
              submitLabel={saveLabel(t, 'funds', t('events.attachSubmit'))}
              fields={[...noticeFields(t, countries, staff.locale, false), ...approvalFields(t, 'funds')]}
            />
          </div>
        )}
      </section>

      {writable && (
        <section aria-labelledby="delete-title" className="mb-10 max-w-xl">
          <h2 id="delete-title" className="mb-2 text-xl font-semibold">
            {t('events.delete')}
          </h2>
          <ActionForm action={deleteEventAction.bind(null, fund.id, event.id)} title={t('events.deleteTitle', { event: name })} submitLabel={actionLabel(t, 'funds', t('events.delete'))} fields={[]} danger compact />
        </section>
      )}
    </>
  );
}
