import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { TEMPLATE_GAP } from '@/domain/content/country-page';
import { LEGAL_PAGES, type LegalPage, type PageState, type SetupFacts } from '@/domain/setup/checklist';
import type { IdentityField } from '@/domain/content/house-identity';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { countriesWithoutPage } from '@/server/pages/staff-queries';

/** The company's contact details and legal identity the checklist requires (the company screen's fields). */
export const REQUIRED_INFOS = ['ADDRESS', 'ZIP_CODE', 'CITY', 'PHONE'] as const;
export const REQUIRED_IDENTITY = ['legalName', 'legalForm', 'registeredOffice', 'registerNumber', 'lei', 'regulator', 'authorisationNumber', 'dpoEmail'] as const satisfies readonly IdentityField[];

/** The rows of a raw query: both drivers answer `{ rows }`. */
const rows = <T,>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What the go-live checklist needs (src/domain/setup/checklist.ts), read in one go. */
export async function setupFacts(db: Executor): Promise<SetupFacts> {
  const [company, infos, funds, withoutKid, pages, countries, approvers] = await Promise.all([
    db.select({ title: t.company.title, ...Object.fromEntries(REQUIRED_IDENTITY.map((field) => [field, t.company[field]])) }).from(t.company).limit(1),
    db.execute(sql`SELECT code FROM company_info WHERE coalesce(content->>'fr', '') <> ''`),
    db.execute(sql`SELECT count(DISTINCT f.id)::int AS n FROM fund f JOIN share s ON s.fund_id = f.id`),
    // A share offered to retail investors somewhere today, without a published, current KID.
    db.execute(sql`
      SELECT s.isin_code AS isin, s.name AS label, s.fund_id AS "fundId"
      FROM share s
      WHERE EXISTS (
          SELECT 1 FROM share_registration r
          WHERE r.share_id = s.id AND r.investor_profile = 'RETAIL'
            AND r.registered_on <= current_date AND (r.withdrawn_on IS NULL OR r.withdrawn_on > current_date))
        AND NOT EXISTS (
          SELECT 1 FROM document d
          WHERE d.share_id = s.id AND d.document_type_code = 'KIID' AND d.published AND d.superseded_at IS NULL)
      ORDER BY s.isin_code
      LIMIT 200`),
    // Each legal page, and whether one of its texts still holds a template gap.
    db.execute(sql`
      SELECT p.code, bool_or(t.content::text LIKE ${`%${TEMPLATE_GAP}%`}) AS gaps
      FROM page p
      LEFT JOIN page_component c ON c.page_code = p.code
      LEFT JOIN component_text t ON t.component_id = c.id
      WHERE p.code IN (${sql.join(LEGAL_PAGES.map((code) => sql`${code}`), sql`, `)})
      GROUP BY p.code`),
    countriesWithoutPage(db),
    db.execute(sql`SELECT count(*)::int AS n FROM staff_user WHERE disabled_at IS NULL AND role IN ('admin', 'compliance')`),
  ]);
  const [row] = company as Record<string, unknown>[];
  const title = String((row?.title as Record<string, unknown> | undefined)?.fr ?? '');
  const empty = (value: unknown) => typeof value !== 'string' || value.trim() === '' || value.includes(TEMPLATE_GAP);
  const filled = new Set(rows<{ code: string }>(infos).map((r) => r.code));
  const stored = new Map(rows<{ code: string; gaps: boolean | null }>(pages).map((r) => [r.code, r.gaps]));
  const pageState = (code: LegalPage): PageState => (!stored.has(code) ? 'missing' : stored.get(code) ? 'gaps' : 'ready');
  return {
    identityMissing: [...(empty(title) ? ['title'] : []), ...REQUIRED_INFOS.filter((code) => !filled.has(code)), ...REQUIRED_IDENTITY.filter((field) => empty(row?.[field]))],
    hasLogo: null,
    fundsWithShares: rows<{ n: number }>(funds)[0]?.n ?? 0,
    retailSharesWithoutKid: rows<{ isin: string; label: string; fundId: number }>(withoutKid),
    legalPages: Object.fromEntries(LEGAL_PAGES.map((code) => [code, pageState(code)])) as Record<LegalPage, PageState>,
    countriesWithoutPage: countries.map((c) => c.code),
    mail: { smtp: Boolean(env().SMTP_URL), alertAddress: Boolean(env().ALERT_EMAIL) },
    approvers: rows<{ n: number }>(approvers)[0]?.n ?? 0,
  };
}
