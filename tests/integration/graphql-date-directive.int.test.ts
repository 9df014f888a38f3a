/**
 * docs/product.md §7: date fields take a locale-dependent format directive, @date(format: …), formatting for
 * the query's locale; the raw and the already formatted fields stay. Bounded: a closed enum of
 * formats, only on date fields, and no change to the query's cost (docs/decisions/011).
 */
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatDate, formatDateAs } from '../../src/domain/language/format';
import { funds } from '../../src/server/db/seed/fixtures/funds';
import { queryCost, type CatalogBounds } from '../../src/server/graphql/cost';
import { dateTypeDefs } from '../../src/server/graphql/date-directive';
import { typeDefs } from '../../src/server/graphql/type-defs';
import { schema } from '../../src/server/graphql/yoga';
import { gql } from './graphql-client';

const fund = funds.find((f) => f.slug === 'aurore-actions-europe');
const share = fund?.shares.find((s) => s.isMain);

type Dated = {
  share: {
    inceptionDate: string;
    rawInception: string;
    formattedInceptionDate: string;
    lastPrice: { date: string; raw: string; formattedDate: string };
    navHistory: { date: string; raw: string }[];
    fetchedData: { date: string | null; raw: string | null }[];
  };
};

const SHARE_DATES = /* GraphQL */ `
  query ($locale: String!, $fundSlug: String!, $slug: String!, $format: DateFormat!) {
    share(locale: $locale, fundSlug: $fundSlug, slug: $slug) {
      inceptionDate @date(format: LONG)
      rawInception: inceptionDate
      formattedInceptionDate
      lastPrice { date @date(format: $format) raw: date formattedDate }
      navHistory(maxPoints: 3) { date @date(format: MONTH_YEAR) raw: date }
      fetchedData(codes: ["1y"]) { ...asOf }
    }
  }
  fragment asOf on FetchedData { date @date(format: YEAR) raw: date }
`;

describe('@date(format: …) on date fields', () => {
  it('formats each date for the locale of the query, in the format asked, and keeps the raw and formatted fields', async () => {
    for (const locale of ['fr', 'en', 'es'] as const) {
      const { data, errors } = await gql<Dated>(SHARE_DATES, { locale, fundSlug: fund?.slug, slug: share?.slug, format: 'SHORT' });
      expect(errors).toBeUndefined();
      const view = data?.share as Dated['share'];
      expect(view.rawInception).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(view.inceptionDate).toBe(formatDateAs(view.rawInception, 'LONG', locale));
      expect(view.formattedInceptionDate).toBe(formatDate(view.rawInception, locale));
      expect(view.lastPrice.date).toBe(formatDateAs(view.lastPrice.raw, 'SHORT', locale));
      expect(view.lastPrice.formattedDate).toBe(formatDate(view.lastPrice.raw, locale));
      expect(view.navHistory.length).toBeGreaterThan(0);
      for (const point of view.navHistory) expect(point.date).toBe(formatDateAs(point.raw, 'MONTH_YEAR', locale));
      expect(view.fetchedData[0]?.date).toBe(formatDateAs(view.fetchedData[0]?.raw ?? '', 'YEAR', locale));
    }
    const { data } = await gql<Dated>(SHARE_DATES, { locale: 'fr', fundSlug: fund?.slug, slug: share?.slug, format: 'LONG' });
    expect(data?.share.rawInception).toBe(share?.inceptionDate);
    expect(data?.share.inceptionDate).toMatch(/^\d{1,2} [a-zéû]+ \d{4}$/);
  });

  it('takes the locale of the nearest field that names one, as the resolvers do', async () => {
    const query = /* GraphQL */ `{
      fundCategories(locale: "fr") {
        fr: funds { aum { date @date(format: LONG) raw: date } }
        es: funds(locale: "es") { aum { date @date(format: LONG) raw: date } }
      }
      news(locale: "en", limit: 2) { items { publishedAt @date(format: LONG) raw: publishedAt } }
    }`;
    type Aum = { aum: { date: string; raw: string } };
    const { data, errors } = await gql<{ fundCategories: { fr: Aum[]; es: Aum[] }[]; news: { items: { publishedAt: string; raw: string }[] } }>(query);
    expect(errors).toBeUndefined();
    const category = data?.fundCategories.find((c) => c.fr.length > 0);
    const [fr, es] = [category?.fr[0]?.aum, category?.es[0]?.aum];
    expect(fr?.date).toBe(formatDateAs(fr?.raw ?? '', 'LONG', 'fr'));
    expect(es?.date).toBe(formatDateAs(es?.raw ?? '', 'LONG', 'es'));
    expect(fr?.date).not.toBe(es?.date);
    for (const item of data?.news.items ?? []) expect(item.publishedAt).toBe(formatDateAs(item.raw, 'LONG', 'en'));
  });

  it('refuses a format outside the enum and the directive on a field that is not a date, before execution', async () => {
    const pattern = await gql(`{ share(locale: "fr", fundSlug: "${fund?.slug}", slug: "${share?.slug}") { inceptionDate @date(format: "dd/MM/yyyy") } }`);
    expect(pattern.status).toBe(400);
    expect(pattern.data).toBeUndefined();
    const variable = await gql(`query ($f: DateFormat!) { share(locale: "fr", fundSlug: "${fund?.slug}", slug: "${share?.slug}") { inceptionDate @date(format: $f) } }`, { f: 'YYYY' });
    expect(variable.errors?.[0]?.message).toMatch(/DateFormat/);
    expect(variable.data).toBeUndefined();
    const notADate = await gql(`{ share(locale: "fr", fundSlug: "${fund?.slug}", slug: "${share?.slug}") { name @date(format: LONG) } }`);
    expect(notADate.status).toBe(400);
    expect(notADate.errors?.[0]?.message).toMatch(/@date applies to date fields only.*not to Share\.name/);
  });

  it('lists the formats of the domain and leaves the query cost unchanged', () => {
    const enumValues = (schema.getType('DateFormat') as unknown as { getValues: () => { name: string }[] }).getValues().map((v) => v.name);
    expect(enumValues).toEqual([...DATE_FORMATS]);
    const costSchema = buildSchema(typeDefs + dateTypeDefs);
    const bounds: CatalogBounds = { categories: 4, fundsPerCategory: 4, funds: 9, sharesPerFund: 4, documentTypes: 10, eligibilitiesPerFund: 3 };
    const plain = SHARE_DATES.replace(/ @date\(format: [$A-Z_a-z]+\)/g, '');
    expect(plain).not.toContain('@date');
    const variables = { locale: 'fr', fundSlug: 'x', slug: 'y', format: 'LONG' };
    expect(queryCost(costSchema, parse(SHARE_DATES), undefined, variables, bounds)).toBe(queryCost(costSchema, parse(plain), undefined, variables, bounds));
  });
});
