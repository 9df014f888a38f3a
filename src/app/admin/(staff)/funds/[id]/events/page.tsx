import Link from 'next/link';
import { restrictionsInForce } from '@/domain/events/model';
import { isoDateOf } from '@/domain/dates';
import { can } from '@/domain/staff/roles';
import { Notice } from '@/components/ui/notice';
import { ButtonLink } from '@/components/ui/button';
import { TableGrid, Td } from '@/components/ui/table';
import { BackLink } from '@/components/admin/back-link';
import { flash } from '@/server/auth/flash';
import { eventsOfFund } from '@/server/events/staff-queries';
import { policyNote } from '@/app/admin/approval-form';
import { staffTitle } from '@/app/admin/(staff)/_screen';
import { eventName, eventScreen } from './_screen';

export const generateMetadata = staffTitle('events.title');

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A fund's events and notices (issue 34): type, dates, share classes, the languages of its notices and whether it is in force today. */
export default async function FundEventsPage({ params, searchParams }: Props) {
  const { staff, db, fund, t, title } = await eventScreen(params);
  const query = await searchParams;
  const events = await eventsOfFund(db, fund.id);
  const today = isoDateOf(new Date());
  const inForce = new Set(restrictionsInForce(events, today).map((e) => e.id));
  const writable = can(staff.role, 'funds.write');
  const deleted = flash(query, 'done', ['deleted'] as const);
  return (
    <>
      <BackLink href={`/admin/funds/${fund.id}`}>{t('events.backToFund', { title })}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{t('events.heading', { title })}</h1>
      {deleted && <Notice tone="success">{t('events.deleted')}</Notice>}
      <p className="mb-2 max-w-prose text-muted">{t('events.intro')}</p>
      {writable && (
        <>
          <p className="mb-4 max-w-prose text-muted">{policyNote(t, 'funds')}</p>
          <p className="mb-4">
            <ButtonLink href={`/admin/funds/${fund.id}/events/new`}>{t('events.new')}</ButtonLink>
          </p>
        </>
      )}
      {events.length === 0 ? (
        <p>{t('events.none')}</p>
      ) : (
        <TableGrid caption={t('events.caption', { title })} headers={[t('events.event'), t('events.dates'), t('events.shares'), t('events.languages'), t('events.inForce')]}>
          {events.map((e) => {
            const name = eventName(t, staff.locale, e);
            return (
              <tr key={e.id}>
                <Td>
                  <Link href={`/admin/funds/${fund.id}/events/${e.id}`} className="text-brand underline">
                    {name}
                  </Link>
                  <span className="block text-sm">{t(`events.types.${e.type}`)}</span>
                  {e.tool && <span className="block text-sm">{t(`events.tools.${e.tool}`)}</span>}
                </Td>
                <Td>
                  {t('events.announcedOn', { date: e.announcedOn })}, {t('events.effectiveOn', { date: e.effectiveOn })}
                  {e.endsOn && <>, {t('events.endsOn', { date: e.endsOn })}</>}
                </Td>
                <Td>{e.shares.map((s) => `${s.name} (${s.isin})`).join(', ')}</Td>
                <Td>{e.notices.length === 0 ? <span className="text-muted">{t('events.noNotice')}</span> : [...new Set(e.notices.map((n) => (n.countries.length > 0 ? `${n.locale} (${n.countries.join(', ')})` : n.locale)))].join(', ')}</Td>
                <Td>{inForce.has(e.id) ? <span className="font-medium">{t('events.yes')}</span> : t('events.no')}</Td>
              </tr>
            );
          })}
        </TableGrid>
      )}
    </>
  );
}
