import 'server-only';
import { eq } from 'drizzle-orm';
import type { CompanyInput } from '@/domain/content/company-form';
import { IDENTITY_FIELDS, type CompanyIdentity } from '@/domain/content/house-identity';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { company, companyInfos, keyFigures } from '@/server/db/schema';
import { publishChange } from '@/server/publish/publish';
import { companyForStaff, type CompanySnapshot } from '@/server/pages/staff-queries';
import { pick } from '@/domain/language/localize';
import { SUPPORTED_LOCALES, type Locale } from '@/env';
import { FACTSHEET_COMPANY_INFOS, redrawFactsheetsLater } from '@/server/factsheets/generate';

type Printed = Pick<CompanySnapshot, 'title' | 'infos'>;

/** The languages whose factsheets print something else about the house after the change (as readCompany reads it, fallbacks included). */
export function factsheetLocalesChanged(before: Printed, after: Printed): Locale[] {
  const printed = (c: Printed, locale: Locale) =>
    JSON.stringify([pick(c.title, locale), ...FACTSHEET_COMPANY_INFOS.map((code) => {
      const info = c.infos.find((i) => i.code === code);
      return info ? pick(info.content, locale) : '';
    })]);
  return SUPPORTED_LOCALES.filter((locale) => printed(before, locale) !== printed(after, locale));
}

export type CompanySaveResult = { ok: true; changed: boolean } | { ok: false; error: 'unknown' };

/** JSON with object keys sorted: jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * Saves the company (read and checked by readCompanyForm): its texts, the six infos (other info codes
 * are kept), the key figures, replaced by the list given in its order, and its legal identity and
 * colours (checked again by the approval door: house-identity.ts). One transaction with the
 * audit entry of the parts that changed; every page shows the company (header, footer, home, metadata),
 * so everything is published, and the current month's factsheets of the languages whose printed name,
 * address or phone changed are drawn again in the background (redrawFactsheetsLater).
 */
export async function saveCompany(db: Db, input: CompanyInput, actor: Actor): Promise<CompanySaveResult> {
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: company.id }).from(company).limit(1).for('update');
    const current = locked ? await companyForStaff(tx) : null;
    if (!locked || !current) return { ok: false as const, error: 'unknown' as const };
    const stored: CompanySnapshot = {
      ...current,
      infos: input.infos.map((i) => current.infos.find((c) => c.code === i.code) ?? { code: i.code, content: { fr: '' } }),
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    // A proposal stored before the identity existed (no `identity`) keeps the stored one.
    const given = (input as Partial<CompanyInput>).identity ?? current.identity;
    const identity = Object.fromEntries(IDENTITY_FIELDS.map((name) => [name, given[name] ?? null])) as CompanyIdentity;
    for (const key of ['title', 'baseline', 'subBaseline', 'infos', 'keyFigures'] as const) {
      if (canonical(stored[key]) !== canonical(input[key])) {
        before[key] = stored[key];
        after[key] = input[key];
      }
    }
    // The identity's fields, one by one, so the audit names exactly what changed.
    for (const name of IDENTITY_FIELDS) {
      if (current.identity[name] !== identity[name]) {
        before[name] = current.identity[name];
        after[name] = identity[name];
      }
    }
    if (Object.keys(after).length === 0) return { ok: true as const, changed: false };
    await tx
      .update(company)
      .set({ title: input.title, baseline: input.baseline, subBaseline: input.subBaseline, ...identity })
      .where(eq(company.id, locked.id));
    if ('infos' in after) {
      const positions = new Map(current.infos.map((i, position) => [i.code, position]));
      for (const info of input.infos) {
        const position = positions.get(info.code) ?? positions.size + input.infos.indexOf(info);
        await tx
          .insert(companyInfos)
          .values({ code: info.code, content: info.content, position })
          .onConflictDoUpdate({ target: companyInfos.code, set: { content: info.content } });
      }
    }
    if ('keyFigures' in after) {
      await tx.delete(keyFigures);
      if (input.keyFigures.length > 0) await tx.insert(keyFigures).values(input.keyFigures.map((f, position) => ({ ...f, position })));
    }
    await recordAudit(tx, { actor, entity: 'company', entityId: locked.id, action: 'update', before, after });
    return { ok: true as const, changed: true, factsheets: factsheetLocalesChanged(stored, input) };
  });
  if (!outcome.ok || !outcome.changed) return outcome;
  await publishChange(db, { all: true });
  // The current month's factsheets print the house's name and address: drawn again, after the answer.
  redrawFactsheetsLater(db, outcome.factsheets ?? []);
  return { ok: true, changed: true };
}
