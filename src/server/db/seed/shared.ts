import 'server-only';
import * as t from '../schema';
import type { Tx } from '../types';
import type { CompanyFixture, LText, PageFixture } from './fixtures/types';
import type { CountryFixture, LanguageFixture } from './fixtures/content/reference';
import * as reference from './fixtures/content/reference';

/**
 * What the demo seed (seed.ts) and the base seed of an empty start (base.ts) write alike: the
 * reference data every site needs (languages, countries, investor profiles, currencies, document
 * types, eligibilities, ESG labels), the company row and the content pages.
 *
 * `keepExisting`: a row already there (same key) is left as it is, for the base seed, which never
 * overwrites what a house already holds; the demo seed writes into emptied tables and wants a
 * duplicate in its fixtures to fail.
 */
type Options = { keepExisting: boolean };

/** A demo house's own languages and countries (issue 43); without them, every language and the first demo's countries. */
export type HouseReference = { languages: readonly LanguageFixture<LText>[]; countries: readonly CountryFixture<LText>[] };

export async function insertReferenceData(tx: Tx, { keepExisting }: Options, house?: HouseReference): Promise<void> {
  const rows: [Parameters<Tx['insert']>[0], readonly Record<string, unknown>[]][] = [
    [t.languages, house?.languages ?? reference.languages],
    [t.countries, house?.countries ?? reference.countries],
    [t.investorProfiles, reference.investorProfiles],
    [t.currencies, reference.currencies],
    [t.documentTypes, reference.documentTypes],
    [t.eligibilities, reference.eligibilities],
    [t.esgLabels, reference.esgLabels],
  ];
  for (const [table, values] of rows) {
    const insert = tx.insert(table).values(values as never);
    await (keepExisting ? insert.onConflictDoNothing() : insert);
  }
}

/** The company row (id 1), its infos and key figures. With `keepExisting`, a house that has its row keeps it and its infos and figures. */
export async function insertCompany(tx: Tx, company: CompanyFixture<LText>, { keepExisting }: Options): Promise<void> {
  const insert = tx.insert(t.company).values({ id: 1, title: company.title, baseline: company.baseline, subBaseline: company.subBaseline, ...company.identity });
  if (keepExisting) {
    const inserted = await insert.onConflictDoNothing().returning({ id: t.company.id });
    if (inserted.length === 0) return;
  } else {
    await insert;
  }
  if (company.infos.length > 0) await tx.insert(t.companyInfos).values(company.infos.map((info, position) => ({ ...info, position })));
  if (company.keyFigures.length > 0) await tx.insert(t.keyFigures).values(company.keyFigures.map((figure, position) => ({ ...figure, position })));
}

/** Pages with their components and texts, in the order given. With `keepExisting`, a page whose code exists is left as it is. */
export async function insertPages(tx: Tx, pages: readonly (Omit<PageFixture<LText>, 'code'> & { code: string })[], { keepExisting }: Options): Promise<number> {
  let written = 0;
  for (const [position, page] of pages.entries()) {
    const insert = tx.insert(t.pages).values({ code: page.code, title: page.title, description: page.description, position });
    if (keepExisting) {
      const inserted = await insert.onConflictDoNothing().returning({ code: t.pages.code });
      if (inserted.length === 0) continue;
    } else {
      await insert;
    }
    written += 1;
    for (const [componentPosition, component] of page.components.entries()) {
      const [row] = await tx
        .insert(t.pageComponents)
        .values({ pageCode: page.code, code: component.code, position: componentPosition })
        .returning({ id: t.pageComponents.id });
      if (!row) throw new Error(`component ${page.code}/${component.code} not inserted`);
      if (component.texts.length > 0) {
        await tx
          .insert(t.componentTexts)
          .values(component.texts.map((text, i) => ({ componentId: row.id, code: text.code, content: text.content, position: i })));
      }
    }
  }
  return written;
}
