import 'server-only';
import { count } from 'drizzle-orm';
import { BASE_SEED_VERSION, baseCompanyName } from '@/domain/content/base-house';
import type { Db } from '../client';
import * as t from '../schema';
import { baseCompany } from './base/company';
import { basePages } from './base/pages';
import { insertCompany, insertPages, insertReferenceData } from './shared';

export type BaseSeedReport = { seeded: boolean; pages: number };

/**
 * The base of an empty start without the demo (SEED_DEMO=false, docs/product.md "Data"): the reference
 * data, the company row named `companyName` (COMPANY_NAME; the neutral name when unset) and every
 * content page from its neutral template (src/server/db/seed/base/pages.ts), in one transaction, then
 * a `seed_run` row, so that it runs once: a database holding a seed run (this base or the demo) is
 * left as it is. Nothing the database already holds is overwritten (a page, the company row, a
 * country… whose key exists is kept). Every shipped language is offered, French first, and every
 * country served (the columns' defaults, migration 0027), and every page has its texts in each: the
 * house then narrows them on the back-office's Languages and countries screen (docs/decisions/061).
 */
export async function seedBase(db: Db, { companyName }: { companyName?: string | null } = {}): Promise<BaseSeedReport> {
  const name = baseCompanyName(companyName);
  return db.transaction(async (tx) => {
    const [runs] = await tx.select({ n: count() }).from(t.seedRuns);
    if ((runs?.n ?? 0) > 0) return { seeded: false, pages: 0 };
    await insertReferenceData(tx, { keepExisting: true });
    await insertCompany(tx, baseCompany(name), { keepExisting: true });
    const pages = await insertPages(tx, basePages(name), { keepExisting: true });
    await tx.insert(t.seedRuns).values({ version: BASE_SEED_VERSION });
    return { seeded: true, pages };
  });
}
