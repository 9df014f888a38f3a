import Link from 'next/link';
import { notFound } from 'next/navigation';
import { isoDateOf } from '@/domain/dates';
import { can } from '@/domain/staff/roles';
import { adminTranslator } from '@/i18n/admin';
import { RegistrationGrid } from '@/components/admin/registration-grid';
import { requireStaff } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { registrationGrid } from '@/server/registrations/commands';
import { saveLabel } from '@/app/admin/approval-form';
import { policyCovers } from '@/server/approval/door';
import { saveRegistrationGridAction } from './_actions';
import { policyNote } from '@/app/admin/approval-form';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('registrations.title');

type Props = { params: Promise<{ id: string }> };

/** The registration matrix of a fund: every role sees it, `registrations.write` edits it (the action checks again). */
export default async function FundRegistrationsPage({ params }: Props) {
  const staff = await requireStaff('backoffice.read');
  const id = Number((await params).id);
  const grid = Number.isSafeInteger(id) ? await registrationGrid(await getDb(), id) : null;
  if (!grid) notFound();
  const t = adminTranslator(staff.locale);
  const title = grid.fund.title[staff.locale] ?? grid.fund.title.fr ?? grid.fund.slug;
  const editable = can(staff.role, 'registrations.write');
  const name = (value: Record<string, string | undefined>, code: string) => value[staff.locale] ?? value.fr ?? code;
  return (
    <>
      <BackLink href={`/admin/funds/${grid.fund.id}`}>{t('registrations.backToFund', { title })}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{t('registrations.heading', { title })}</h1>
      <p className="mb-2 max-w-prose text-muted">{t('registrations.intro')} {policyNote(t, 'registrations')}</p>
      {editable && (
        <p className="mb-6 max-w-prose text-muted">
          {t('registrations.importHint')}{' '}
          <Link href="/admin/imports#registrations-title" className="text-brand underline">
            {t('registrations.importLink')}
          </Link>
        </p>
      )}
      {grid.shares.length === 0 ? (
        <p>{t('registrations.noShares')}</p>
      ) : (
        <RegistrationGrid
          action={saveRegistrationGridAction.bind(null, grid.fund.id)}
          editable={editable}
          shares={grid.shares.map((s) => ({ id: s.id, isin: s.isin, name: s.name, active: s.active }))}
          countries={grid.countries.map((c) => ({ code: c.code, title: name(c.title, c.code) }))}
          profiles={grid.profiles.map((p) => ({ code: p.code, title: name(p.title, p.code) }))}
          cells={grid.cells}
          today={isoDateOf(new Date())}
          labels={{
            title: t('registrations.form', { title }),
            caption: t('registrations.caption', { title }),
            shareColumn: t('registrations.share'),
            date: t('registrations.date'),
            dateHint: t('registrations.dateHint'),
            save: saveLabel(t, 'registrations', t('registrations.save')),
            approval: policyCovers('registrations')
              ? { note: t('approval.note'), noteHint: t('approval.noteHint'), effectiveAt: t('approval.effectiveAt'), effectiveAtHint: t('approval.effectiveAtHint') }
              : undefined,
            since: t('registrations.since', { date: '{date}' }),
            withdrawn: t('registrations.withdrawnOn', { date: '{date}' }),
            none: t('registrations.none'),
            archived: t('funds.archivedState'),
          }}
        />
      )}
    </>
  );
}
