import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { TEMPLATE_GAP } from '@/domain/content/country-page';
import { LEGAL_PAGES, type LegalPage, type PageState, type SetupFacts } from '@/domain/setup/checklist';
import type { Executor } from '@/server/db/types';
import { countriesWithoutPage } from '@/server/pages/staff-queries';

/** The company fields the checklist requires, as the company screen names them. */
const IDENTITY_INFOS = ['ADDRESS', 'ZIP_CODE', 'CITY', 'PHONE'] as const;

/** The rows of a raw query: both drivers answer `{ rows }`. */
const rows = <T,>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What the go-live checklist needs (src/domain/setup/checklist.ts), read in one go. */
export async function setupFacts(db: Executor): Promise<SetupFacts> {
  const [company, infos, funds, withoutKid, pages, countries, approvers] = await Promise.all([
    db.execute(sql`SELECT title->>'fr' AS title FROM company LIMIT 1`),
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
  const title = rows<{ title: string | null }>(company)[0]?.title ?? '';
  const filled = new Set(rows<{ code: string }>(infos).map((r) => r.code));
  const stored = new Map(rows<{ code: string; gaps: boolean | null }>(pages).map((r) => [r.code, r.gaps]));
  const pageState = (code: LegalPage): PageState => (!stored.has(code) ? 'missing' : stored.get(code) ? 'gaps' : 'ready');
  return {
    identityMissing: [...(title.trim() === '' || title.includes(TEMPLATE_GAP) ? ['title'] : []), ...IDENTITY_INFOS.filter((code) => !filled.has(code))],
    hasLogo: null,
    fundsWithShares: rows<{ n: number }>(funds)[0]?.n ?? 0,
    retailSharesWithoutKid: rows<{ isin: string; label: string; fundId: number }>(withoutKid),
    legalPages: Object.fromEntries(LEGAL_PAGES.map((code) => [code, pageState(code)])) as Record<LegalPage, PageState>,
    countriesWithoutPage: countries.map((c) => c.code),
    mail: { smtp: Boolean(env().SMTP_URL), alertAddress: Boolean(env().ALERT_EMAIL) },
    approvers: rows<{ n: number }>(approvers)[0]?.n ?? 0,
  };
}
