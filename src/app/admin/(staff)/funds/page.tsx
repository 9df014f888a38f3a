import Link from 'next/link';
import { can } from '@/domain/staff/roles';
import { queryText } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { listFundsForStaff, referenceLists } from '@/server/funds/staff-queries';
import { confirmedSubscriberCounts } from '@/server/alerts/subscriptions';
import { Button, ButtonLink } from '@/components/ui/button';
import { Label, Select } from '@/components/ui/field';
import { TableGrid, Td } from '@/components/ui/table';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('funds.title');


/** Every fund, archived ones included, with filters on category and state (query string). */
export default async function FundsPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('backoffice.read', searchParams);
  const db = await getDb();
  // Fund alerts: the number of confirmed subscribers per fund, never their addresses (those only through the privacy tools).
  const [rows, refs, alertCounts] = await Promise.all([listFundsForStaff(db), referenceLists(db), confirmedSubscriberCounts(db)]);
  const category = queryText(query, 'category');
  const state = queryText(query, 'state');
  const shown = rows.filter((r) => (!category || r.categoryCode === category) && (state === 'active' ? r.active : state === 'archived' ? !r.active : true));
  const categoryTitle = new Map(refs.categories.map((c) => [c.code, c.title[staff.locale] ?? c.title.fr]));
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('funds.title')}</h1>
      {can(staff.role, 'funds.write') && (
        <p className="mb-4">
          <ButtonLink href="/admin/funds/new">
            {t('funds.new')}
          </ButtonLink>
        </p>
      )}
      <form method="get" action="/admin/funds" aria-label={t('funds.filters')} className="mb-6 flex flex-wrap items-end gap-4">
        <div>
          <Label htmlFor="category">
            {t('funds.fields.category')}
          </Label>
          <Select id="category" name="category" defaultValue={category}>
            <option value="">{t('audit.all')}</option>
            {refs.categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.title[staff.locale] ?? c.title.fr}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="state">
            {t('funds.state')}
          </Label>
          <Select id="state" name="state" defaultValue={state}>
            <option value="">{t('audit.all')}</option>
            <option value="active">{t('funds.activeState')}</option>
            <option value="archived">{t('funds.archivedState')}</option>
          </Select>
        </div>
        <Button type="submit">
          {t('funds.filter')}
        </Button>
      </form>
      <TableGrid caption={t('funds.caption')} headers={[t('funds.fields.title'), t('funds.fields.category'), t('funds.sriShort'), t('funds.sfdrShort'), t('funds.state'), t('funds.shareCount'), t('fundAlerts.subscribers')]}>
        {shown.map((row) => (
          <tr key={row.id}>
            <Td>
              <Link href={`/admin/funds/${row.id}`} className="text-brand underline">
                {row.title[staff.locale] ?? row.title.fr}
              </Link>
            </Td>
            <Td>{categoryTitle.get(row.categoryCode) ?? row.categoryCode}</Td>
            <Td>{row.riskLevel}</Td>
            <Td>{row.sfdrArticle}</Td>
            <Td>{row.active ? t('funds.activeState') : t('funds.archivedState')}</Td>
            <Td>{row.shareCount}</Td>
            <Td>{alertCounts.get(row.id) ?? 0}</Td>
          </tr>
        ))}
      </TableGrid>
      {shown.length === 0 && <p className="mt-4">{t('funds.none')}</p>}
    </>
  );
}
