import { describe, expect, it } from 'vitest';
import { LAYOUT_QUERY, LAYOUT_VARIABLES, DISCLAIMER_QUERY } from '../../src/graphql/operations';
import { funds as fundFixtures } from '../../src/server/db/seed/fixtures/funds';
import { pages as pageFixtures } from '../../src/server/db/seed/fixtures/content/pages';
import { countryPages } from '../../src/server/db/seed/fixtures/content/country-pages';
import { company as companyFixture } from '../../src/server/db/seed/fixtures/content/company';
import { gql } from './graphql-client';

type Share = { isinCode: string; fetchedData: { code: string; displayValue: string; value: number | null }[]; lessThanOneYear: boolean; documents: { documentType: { code: string }; url: string }[]; url: string; lastPrice: { date: string; formattedDate: string } | null };
type Fund = { slug: string; title: string; categoryDisplayOrder: number; shares: Share[]; documents: { documentType: { code: string }; url: string }[]; currencies: string[]; aum: { displayValue: string; dateTo: string } };
type Layout = {
  pages: { code: string; title: string; route: string | null; components: { code: string; texts: { code: string; content: string }[] }[] }[];
  company: { title: string; infos: { code: string; content: string }[]; keyFigures: unknown[] };
  countries: { code: string; languages: { locale: string }[] }[];
  investorProfiles: { code: string; title: string }[];
  fundCategories: { code: string; funds: Fund[] }[];
};

const LOCALES = ['fr', 'en', 'es'] as const;
const PROFILES = ['RETAIL', 'INSTIT', 'CGP'] as const;

function expected(profile: string) {
  const funds = fundFixtures.filter((f) => (f.visibleTo as string[]).includes(profile));
  return {
    funds: funds.map((f) => f.slug).sort(),
    shares: funds.flatMap((f) => f.shares.filter((s) => (s.visibleTo as string[]).includes(profile)).map((s) => s.isinCode)).sort(),
  };
}

describe('the main layout query (docs/product.md §7)', () => {
  for (const locale of LOCALES) {
    for (const profile of PROFILES) {
      it(`returns the whole tree in ${locale} for ${profile}`, async () => {
        const { data, errors } = await gql<Layout>(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale, investorProfile: profile });
        expect(errors).toBeUndefined();
        if (!data) throw new Error('no data');
        // The countries' information pages are pages too (docs/decisions/035).
        expect(data.pages.map((p) => p.code).sort()).toEqual([...pageFixtures, ...countryPages].map((p) => p.code).sort());
        expect(data.company.title).toBe(companyFixture.title[locale]);
        expect(data.company.infos.map((i) => i.code).sort()).toEqual([...LAYOUT_VARIABLES.infosCodes].sort());
        expect(data.investorProfiles.map((p) => p.code)).toEqual(['RETAIL', 'INSTIT', 'CGP']);
        const funds = data.fundCategories.flatMap((c) => c.funds);
        const want = expected(profile);
        expect(funds.map((f) => f.slug).sort()).toEqual(want.funds);
        expect(funds.flatMap((f) => f.shares.map((s) => s.isinCode)).sort()).toEqual(want.shares);
        for (const fund of funds) {
          expect(fund.aum.displayValue).not.toBe('');
          expect(fund.currencies.length).toBeGreaterThan(0);
          for (const share of fund.shares) {
            expect(share.fetchedData.map((d) => d.code)).toEqual(LAYOUT_VARIABLES.fetchedDataCodes);
            expect(share.url).toBe(`/${locale}/funds/${fund.slug}/shares/${share.isinCode ? share.url.split('/').at(-1) : ''}`);
          }
        }
      });
    }
  }

  it('gives INSTIT share classes that RETAIL does not see', () => {
    const retail = expected('RETAIL');
    const instit = expected('INSTIT');
    expect(instit.shares.filter((s) => !retail.shares.includes(s)).length).toBeGreaterThan(0);
    expect(instit.funds.filter((f) => !retail.funds.includes(f)).length).toBeGreaterThan(0);
  });

  it('sorts the categories by display order and formats dates per language', async () => {
    const fr = await gql<Layout>(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'fr' });
    const en = await gql<Layout>(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'en' });
    const orders = fr.data?.fundCategories.flatMap((c) => c.funds.map((f) => f.categoryDisplayOrder)) ?? [];
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const frShare = fr.data?.fundCategories[0]?.funds[0]?.shares[0];
    const enShare = en.data?.fundCategories[0]?.funds[0]?.shares[0];
    expect(frShare?.lastPrice?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(frShare?.lastPrice?.formattedDate).not.toBe(enShare?.lastPrice?.formattedDate);
  });

  it('shows no performance figure on the young share and "+ " before positive figures', async () => {
    const { data } = await gql<Layout>(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'en', investorProfile: 'INSTIT' });
    const shares = data?.fundCategories.flatMap((c) => c.funds.flatMap((f) => f.shares)) ?? [];
    const young = shares.filter((s) => s.lessThanOneYear);
    expect(young).toHaveLength(1);
    const old = shares.filter((s) => !s.lessThanOneYear);
    for (const share of old) {
      for (const figure of share.fetchedData) {
        if (figure.value === null) expect(figure.displayValue).toBe('-');
        else if (figure.value > 0.00005) expect(figure.displayValue.startsWith('+ ')).toBe(true);
      }
    }
  });

  it('serves the disclaimer texts, main and performances-passees, in every language', async () => {
    for (const locale of LOCALES) {
      const { data } = await gql<{ pages: Layout['pages'] }>(DISCLAIMER_QUERY, { locale });
      const texts = data?.pages[0]?.components.flatMap((c) => c.texts) ?? [];
      expect(texts.find((t) => t.code === 'main')?.content.length).toBeGreaterThan(200);
      expect(texts.find((t) => t.code === 'performances-passees')?.content.length).toBeGreaterThan(50);
    }
  });

  it('lists only the fund document types that exist, each with its route', async () => {
    const { data } = await gql<Layout>(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'fr', investorProfile: 'INSTIT' });
    for (const fund of data?.fundCategories.flatMap((c) => c.funds) ?? []) {
      const fixture = fundFixtures.find((f) => f.slug === fund.slug);
      const wantTypes = fixture?.documents.filter((d) => LAYOUT_VARIABLES.documentsTypes.includes(d)) ?? [];
      expect(fund.documents.map((d) => d.documentType.code).sort()).toEqual([...wantTypes].sort());
      for (const doc of fund.documents) expect(doc.url).toBe(`/e/fr/docs/funds/${fund.slug}/${doc.documentType.code}`);
    }
  });
});

describe('bad input is a clear GraphQL error, never a 500', () => {
  it('names an unknown locale', async () => {
    const res = await gql(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'de' });
    expect(res.status).toBe(200);
    expect(res.errors?.[0]?.message).toBe('Unknown locale "de". Available locales: fr, en, es.');
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('names an unknown investor profile', async () => {
    const res = await gql(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'fr', investorProfile: 'VIP' });
    expect(res.errors?.[0]?.message).toBe('Unknown investor profile "VIP". Available profiles: RETAIL, INSTIT, CGP.');
  });

  it('refuses a query deeper than the limit', async () => {
    const ok = `{ fundCategories(locale: "fr") { funds { shares { documents { documentType { code } } } } } }`;
    expect((await gql(ok)).errors).toBeUndefined();
    const tooDeep = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } }`;
    const res = await gql(tooDeep);
    expect(res.status).toBeLessThan(500);
    expect(res.errors?.[0]?.message).toMatch(/depth limit/i);
  });

  it('refuses too many aliases', async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: company(locale: "fr") { title }`).join(' ');
    const res = await gql(`{ ${aliases} }`);
    expect(res.errors?.[0]?.message).toMatch(/alias/i);
  });

  it('turns an apollo-token cookie into a bearer header for the resolvers', async () => {
    const { authorizationFrom } = await import('../../src/server/graphql/context');
    expect(authorizationFrom(new Headers({ cookie: 'a=1; apollo-token=abc%20def' }))).toBe('Bearer abc def');
    expect(authorizationFrom(new Headers({ authorization: 'Bearer x', cookie: 'apollo-token=y' }))).toBe('Bearer x');
    expect(authorizationFrom(new Headers())).toBeNull();
  });
});
