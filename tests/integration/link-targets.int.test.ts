import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { readCompanyForm } from '../../src/domain/content/company-form';
import type { FormReader } from '../../src/domain/funds/form';
import { readNewsInput } from '../../src/domain/news/input';
import { readPageForm, textField, type PageSnapshot } from '../../src/domain/content/page-edit';
import type { Actor } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed';
import { createFund } from '../../src/server/funds/commands';
import { invalidateCatalog } from '../../src/server/funds/catalog';
import { getLayoutData } from '../../src/server/site/layout-queries';
import { listNews } from '../../src/server/news/queries';
import { companyForStaff, pageSnapshot } from '../../src/server/pages/staff-queries';
import { getCompany, getPage } from '../../src/server/site/queries';
import { gql } from './graphql-client';

/**
 * docs/decisions/029: a text that is a link is an https address, a mailto: or tel: link or a site
 * path, refused otherwise on save and not served if planted in the database. Written as an editor
 * trying to put a script behind a link of the public site.
 */
const editor: Actor = { type: 'account', id: 'acc-editor', label: 'editor@fundhouse.test' };
const HOSTILE = ['javascript:alert(document.cookie)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', '/\\evil.example', 'javascript%3Aalert(1)', '&#106;avascript:alert(1)', 'http://insecure.example'];

afterAll(async () => {
  if (process.env.DATABASE_URL) await seedDemo(await getDb());
});

function formOf(values: Map<string, string>): FormReader {
  return { get: (name) => values.get(name) ?? '', getAll: (name) => (values.has(name) ? [values.get(name) ?? ''] : []) };
}

function pageForm(snapshot: PageSnapshot, changes: Record<string, string>): FormReader {
  const values = new Map<string, string>();
  for (const l of ['fr', 'en', 'es'] as const) {
    values.set(`title.${l}`, snapshot.title[l] ?? '');
    values.set(`description.${l}`, snapshot.description[l] ?? '');
    for (const c of snapshot.components) for (const x of c.texts) values.set(`${textField(c.code, x.code)}.${l}`, x.content[l] ?? '');
  }
  for (const [k, v] of Object.entries(changes)) values.set(k, v);
  return formOf(values);
}

/** A query nobody sent before: the response cache holds answers by query text. */
let fresh = 0;
const unique = (query: string) => `${query} # ${++fresh}`;

describe('a link is refused on save', () => {
  it('refuses a javascript: (or any other hostile) target in a page component link, and saves nothing', async () => {
    const db = await getDb();
    const before = await pageSnapshot(db, 'about-us');
    if (!before) throw new Error('the seeded about-us page is missing');
    const field = `${textField('group', 'group-url')}.fr`;
    for (const value of HOSTILE) {
      const { errors } = readPageForm(pageForm(before, { [field]: value }), before);
      expect(errors, JSON.stringify(value)).toEqual({ [field]: 'link' });
    }
    // Site paths, mailto and tel are links too.
    for (const value of ['/fr/contact', 'mailto:groupe@aurore.example', 'tel:+33142000000', 'https://www.groupe-aurore.example/fr']) {
      expect(readPageForm(pageForm(before, { [field]: value }), before).errors, value).toEqual({});
    }
    expect(await pageSnapshot(db, 'about-us')).toEqual(before);
  });

  it('refuses it for the company LinkedIn, a news external link and a fund partner', async () => {
    const db = await getDb();
    const company = await companyForStaff(db);
    if (!company) throw new Error('the seeded company is missing');
    for (const value of HOSTILE) {
      const values = new Map<string, string>();
      for (const l of ['fr', 'en', 'es'] as const) {
        values.set(`title.${l}`, company.title[l] ?? '');
        values.set(`baseline.${l}`, company.baseline[l] ?? '');
        values.set(`subBaseline.${l}`, company.subBaseline[l] ?? '');
      }
      for (const info of company.infos) {
        for (const l of ['fr', 'en', 'es'] as const) values.set(`infos.${info.code}.${l}`, info.content[l] ?? '');
        values.set(`infos.${info.code}`, info.content.fr);
      }
      values.set('infos.LINKEDIN', value);
      // Refused as not an https address, or already as markup (angle brackets).
      expect(['https', 'markup'], JSON.stringify(value)).toContain(readCompanyForm(formOf(values)).errors['infos.LINKEDIN']);

      const news = readNewsInput({
        locale: 'en', title: 'Hostile link', slug: '', categoryCode: 'company', publishedAt: '2026-11-24', summary: 'S', body: '<p>b</p>',
        externalUrl: value, author: '', fundIds: [], visibleTo: [], state: 'published', publishAt: '',
      });
      expect(news.ok ? null : news.errors.externalUrl, JSON.stringify(value)).toBe(value.trim() === '' ? undefined : 'url');

      const fund = await createFund(db, {
        slug: 'aurore-lien-hostile', categoryCode: 'equities', title: { fr: 'Lien hostile' }, description: { fr: 'd' }, philosophy: { fr: 'p' },
        classification: { fr: 'c' }, riskLevel: 5, sfdrArticle: 8, minRecommendedInvestmentDuration: 5, aumValue: 1, aumCurrencyCode: 'EUR', aumDate: '2026-11-20',
        visibleTo: ['RETAIL'], partners: [{ name: 'Hostile', url: value, description: { fr: 'x' } }],
      }, editor);
      expect(fund.ok, JSON.stringify(value)).toBe(false);
    }
    expect(await db.$count(t.funds, eq(t.funds.slug, 'aurore-lien-hostile'))).toBe(0);
  });
});

describe('a link planted in the database is not served', () => {
  it('drops it from GraphQL, the page data and the layout (header, footer)', async () => {
    const db = await getDb();
    const planted = 'javascript:alert(document.cookie)';
    // The about-us "group" link, the company's LinkedIn, a partner of a fund and a news item's external link.
    const [group] = await db.select({ id: t.pageComponents.id }).from(t.pageComponents).where(and(eq(t.pageComponents.pageCode, 'about-us'), eq(t.pageComponents.code, 'group')));
    if (!group) throw new Error('the seeded group component is missing');
    await db.update(t.componentTexts).set({ content: { fr: planted, en: planted, es: planted } }).where(and(eq(t.componentTexts.componentId, group.id), eq(t.componentTexts.code, 'group-url')));
    await db.update(t.companyInfos).set({ content: { fr: ' JaVaScRiPt:alert(1)', en: planted, es: planted } }).where(eq(t.companyInfos.code, 'LINKEDIN'));
    await db.update(t.funds).set({ partners: sql`jsonb_set(${t.funds.partners}, '{0,url}', ${JSON.stringify('//evil.example')}::jsonb)` }).where(eq(t.funds.slug, 'aurore-actions-europe'));
    const listed = await gql<{ news: { items: { slug: string }[] } }>(unique('{ news(locale: "fr", limit: 1) { items { slug } } }'));
    const slug = listed.data?.news.items[0]?.slug;
    if (!slug) throw new Error('no published French news item');
    await db.update(t.news).set({ externalUrl: 'data:text/html,<script>alert(1)</script>' }).where(and(eq(t.news.locale, 'fr'), eq(t.news.slug, slug)));
    invalidateCatalog();

    const answer = await gql<{
      page: { components: { code: string; texts: { code: string; content: string }[] }[] };
      company: { infos: { code: string; content: string }[] };
      fund: { partners: { name: string; url: string }[] };
      news: { items: { slug: string; externalUrl: string | null; route: string; routeType: string }[] };
    }>(unique(`{ page(locale: "fr", code: "about-us") { components { code texts { code content } } }
      company(locale: "fr") { infos { code content } }
      fund(locale: "fr", slug: "aurore-actions-europe", investorProfile: "INSTIT") { partners { name url } }
      news(locale: "fr", limit: 50) { items { slug externalUrl route routeType } } }`));
    expect(answer.errors).toBeUndefined();
    const serialized = JSON.stringify(answer.data);
    expect(serialized).not.toMatch(/javascript|data:|evil\.example/i);
    const texts = answer.data?.page.components.find((c) => c.code === 'group')?.texts.map((x) => x.code);
    expect(texts).toContain('title');
    expect(texts).not.toContain('group-url');
    expect(answer.data?.company.infos.map((i) => i.code)).not.toContain('LINKEDIN');
    expect(answer.data?.company.infos.map((i) => i.code)).toContain('PHONE');
    expect(answer.data?.fund.partners.length).toBeGreaterThan(0);
    for (const p of answer.data?.fund.partners ?? []) expect(p.url).toMatch(/^https:\/\//);
    const news = answer.data?.news.items.find((i) => i.slug === slug);
    expect(news).toMatchObject({ externalUrl: null });
    expect(news?.routeType).not.toBe('external');

    // What the pages render from: the same queries.
    expect(JSON.stringify(await getPage('en', 'about-us'))).not.toMatch(/javascript/i);
    expect((await getCompany('es'))?.infos.some((i) => i.code === 'LINKEDIN')).toBe(false);
    const layout = await getLayoutData('fr', { profile: 'RETAIL', country: 'FR' });
    expect(layout.company.linkedin).toBeNull();
    expect(layout.groupLink).toBeNull();
    expect(JSON.stringify(await listNews('fr', { profile: 'RETAIL', country: 'FR' }, { limit: 50 }))).not.toMatch(/data:text/);
  });
});
