import 'server-only';
import { eq, inArray, not } from 'drizzle-orm';
import { languagePositions, type LanguageChoice } from '@/domain/language/offered';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { publishOfferedLanguages } from '@/server/http/offered-languages';
import { publishChange } from '@/server/publish/publish';
import { languageChoiceState, loadOfferedLocales } from './languages-queries';

export type LanguagesSaveResult = { ok: true; changed: boolean } | { ok: false; error: 'no-language' };

/**
 * Saves the languages the house offers, in its order (the first the default), and the countries it
 * serves (issue 43, docs/decisions/061): one transaction with the audit entry (`languages`/`update`,
 * before and after). Every page shows the language and country menus, hreflang links and the
 * default language, so everything is published; this process's proxy follows at once, the other
 * processes' with their route catalog, reloaded on the publication.
 */
export async function saveLanguages(db: Db, input: LanguageChoice, actor: Actor): Promise<LanguagesSaveResult> {
  if (input.languages.length === 0) return { ok: false, error: 'no-language' };
  const outcome = await db.transaction(async (tx) => {
    const rows = await tx.select({ locale: t.languages.locale, position: t.languages.position }).from(t.languages).for('update');
    await tx.select({ code: t.countries.code }).from(t.countries).for('update');
    const before = await languageChoiceState(tx);
    const languages = input.languages.filter((l) => rows.some((r) => r.locale === l));
    if (languages.length === 0) return { ok: false as const, error: 'no-language' as const };
    const sameCountries = before.countries.length === input.countries.length && input.countries.every((c) => before.countries.includes(c));
    if (sameCountries && before.languages.join(',') === languages.join(',')) return { ok: true as const, changed: false };
    const positions = languagePositions(rows, languages);
    for (const row of rows) {
      await tx
        .update(t.languages)
        .set({ offered: languages.includes(row.locale), position: positions.get(row.locale) ?? row.position })
        .where(eq(t.languages.locale, row.locale));
    }
    if (input.countries.length > 0) {
      await tx.update(t.countries).set({ served: true }).where(inArray(t.countries.code, input.countries));
      await tx.update(t.countries).set({ served: false }).where(not(inArray(t.countries.code, input.countries)));
    } else {
      await tx.update(t.countries).set({ served: false });
    }
    await recordAudit(tx, { actor, entity: 'languages', entityId: null, action: 'update', before, after: await languageChoiceState(tx) });
    return { ok: true as const, changed: true };
  });
  if (outcome.ok && outcome.changed) {
    publishOfferedLanguages(await loadOfferedLocales(db));
    await publishChange(db, { all: true });
  }
  return outcome;
}
