import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AllocationDimension } from '@/domain/catalog';
import type { PageSnapshot } from '@/domain/content/page-edit';
import type { SfdrPrecontractual, ShareDistribution } from '@/domain/distribution/data';
import type { FundEventType, LiquidityTool } from '@/domain/events/model';
import type { MailKind } from '@/domain/forms/outbox-mail';

/**
 * Texts shown to visitors are stored once per entity as { fr, en, es }: one row per
 * fund or page keeps translations together, so a missing language is visible in one place.
 * fr is required (default and fallback language, docs/product.md §1).
 */
export type Localized = { fr: string; en?: string; es?: string };

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const localized = (name: string) => jsonb(name).$type<Localized>();
const profiles = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`ARRAY['RETAIL','INSTIT','CGP']::text[]`);

// ---------------------------------------------------------------- reference data

export const languages = pgTable('language', {
  locale: text('locale').primaryKey(),
  title: localized('title').notNull(),
  position: smallint('position').notNull(),
  /** Offered by the house (issue 43): the offered languages in `position` order, the first the default and fallback. */
  offered: boolean('offered').notNull().default(true),
});

export const countries = pgTable('country', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
  locales: text('locales').array().notNull(),
  position: smallint('position').notNull(),
  /** Served by the house (issue 43): a country a visitor may choose as residence. */
  served: boolean('served').notNull().default(true),
});

export const investorProfiles = pgTable('investor_profile', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
  description: localized('description').notNull(),
  position: smallint('position').notNull(),
});

export const currencies = pgTable('currency', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
});

// ---------------------------------------------------------------- company and pages

/**
 * The house (one row). Its legal identity and brand colours (docs/decisions/059) are optional: null
 * until someone enters them (the site then keeps globals.css's colours); the checks below hold the
 * shapes the company screen writes, since the colours are written into a <style> of every page.
 */
export const company = pgTable(
  'company',
  {
    id: smallint('id').primaryKey().default(1),
    title: localized('title').notNull(),
    baseline: localized('baseline').notNull(),
    subBaseline: localized('sub_baseline').notNull(),
    legalName: text('legal_name'),
    legalForm: text('legal_form'),
    registeredOffice: text('registered_office'),
    registerNumber: text('register_number'),
    lei: text('lei'),
    regulator: text('regulator'),
    authorisationNumber: text('authorisation_number'),
    dpoEmail: text('dpo_email'),
    contactEmail: text('contact_email'),
    brandPrimary: text('brand_primary'),
    brandDark: text('brand_dark'),
    brandAccent: text('brand_accent'),
  },
  (t) => [
    check('company_lei_shape', sql`${t.lei} ~ '^[A-Z0-9]{18}[0-9]{2}$'`),
    check('company_brand_primary_hex', sql`${t.brandPrimary} ~ '^#[0-9a-f]{6}$'`),
    check('company_brand_dark_hex', sql`${t.brandDark} ~ '^#[0-9a-f]{6}$'`),
    check('company_brand_accent_hex', sql`${t.brandAccent} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * The house's logo, favicon and social image (issue 43, docs/decisions/062): one row per image, its
 * bytes as checked (an SVG sanitised: src/domain/content/house-images.ts), served at an address
 * carrying its hash (/brand/{kind}.{hash}.{ext}). Replaced through the approval door
 * (`company.image`); each replacement is an audit entry, each proposal kept with its review.
 */
export const houseImages = pgTable(
  'house_image',
  {
    kind: text('kind').primaryKey(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    fileName: text('file_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('house_image_kind', sql`${t.kind} IN ('logo', 'favicon', 'social')`),
    check('house_image_type', sql`${t.contentType} IN ('image/svg+xml', 'image/png', 'image/jpeg')`),
    check('house_image_size', sql`${t.byteSize} > 0 AND ${t.byteSize} <= 2097152 AND ${t.byteSize} = octet_length(${t.data})`),
    check('house_image_dimensions', sql`${t.width} > 0 AND ${t.height} > 0`),
    check('house_image_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const companyInfos = pgTable('company_info', {
  code: text('code').primaryKey(),
  content: localized('content').notNull(),
  position: smallint('position').notNull(),
});

export const keyFigures = pgTable('key_figure', {
  code: text('code').primaryKey(),
  value: localized('value').notNull(),
  title: localized('title').notNull(),
  position: smallint('position').notNull(),
});

export const pages = pgTable('page', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
  description: localized('description').notNull(),
  position: smallint('position').notNull(),
});

export const pageComponents = pgTable(
  'page_component',
  {
    id: serial('id').primaryKey(),
    pageCode: text('page_code')
      .notNull()
      .references(() => pages.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('page_component_page_code_code').on(t.pageCode, t.code)],
);

export const componentTexts = pgTable(
  'component_text',
  {
    id: serial('id').primaryKey(),
    componentId: integer('component_id')
      .notNull()
      .references(() => pageComponents.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: smallint('position').notNull(),
    content: localized('content').notNull(),
  },
  (t) => [uniqueIndex('component_text_component_code').on(t.componentId, t.code)],
);

/**
 * The history of a page's texts (back-office): one row per saved state, numbered per page. The first
 * edit of a page also writes the state it starts from (kind 'initial', no author), so the seeded
 * texts can be restored; 'edit' and 'restore' rows are written in the transaction of the change they
 * record. The snapshot holds the title, description, components and texts in every language. Only the
 * newest versions of a page are kept (src/domain/content/page-edit.ts PAGE_LIMITS.versionsKept).
 */
export const pageVersions = pgTable(
  'page_version',
  {
    id: serial('id').primaryKey(),
    pageCode: text('page_code')
      .notNull()
      .references(() => pages.code, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    kind: text('kind').notNull(),
    /** The version a restore brought back. */
    restoredFrom: integer('restored_from'),
    snapshot: jsonb('snapshot').$type<PageSnapshot>().notNull(),
    actorId: text('actor_id'),
    /** The e-mail at the time; null for the initial state. */
    actorLabel: text('actor_label'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('page_version_page_number').on(t.pageCode, t.number),
    check('page_version_kind', sql`${t.kind} IN ('initial', 'edit', 'restore')`),
  ],
);

// ---------------------------------------------------------------- funds and shares

export const fundCategories = pgTable('fund_category', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
  description: localized('description').notNull(),
  displayOrder: smallint('display_order').notNull(),
});

export const eligibilities = pgTable('eligibility', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
});

export const esgLabels = pgTable('esg_label', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
});

export const benchmarks = pgTable('benchmark', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
  currencyCode: text('currency_code')
    .notNull()
    .references(() => currencies.code),
});

/** Shape of the characteristics, ESG disclosures and partners kept on a fund (docs/product.md §3 customData). */
export type FundCharacteristics = Partial<Record<string, Localized>>;
export type SfdrDisclosure = Partial<Record<string, Localized>>;
export type FundPartner = { name: string; url: string; description: Localized };

export const funds = pgTable(
  'fund',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    categoryCode: text('category_code')
      .notNull()
      .references(() => fundCategories.code),
    title: localized('title').notNull(),
    isHighlight: boolean('is_highlight').notNull().default(false),
    description: localized('description').notNull(),
    philosophy: localized('philosophy').notNull(),
    classification: localized('classification').notNull(),
    specificCategory: localized('specific_category'),
    riskLevel: smallint('risk_level').notNull(),
    sfdrArticle: smallint('sfdr_article').notNull(),
    minRecommendedInvestmentDuration: smallint('min_recommended_investment_duration').notNull(),
    aumValue: numeric('aum_value', { precision: 20, scale: 2, mode: 'number' }).notNull(),
    aumCurrencyCode: text('aum_currency_code')
      .notNull()
      .references(() => currencies.code),
    aumDate: date('aum_date').notNull(),
    benchmarkCode: text('benchmark_code').references(() => benchmarks.code),
    characteristics: jsonb('characteristics').$type<FundCharacteristics>().notNull(),
    customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull(),
    tags: jsonb('tags').$type<Localized[]>().notNull(),
    esgLabels: text('esg_labels').array().notNull(),
    sfdrDisclosure: jsonb('sfdr_disclosure').$type<SfdrDisclosure>(),
    partners: jsonb('partners').$type<FundPartner[]>().notNull(),
    visibleTo: profiles('visible_to'),
    active: boolean('active').notNull().default(true),
    position: smallint('position').notNull(),
  },
  (t) => [
    uniqueIndex('fund_slug').on(t.slug),
    check('fund_risk_level_range', sql`${t.riskLevel} BETWEEN 1 AND 7`),
    check('fund_sfdr_article_value', sql`${t.sfdrArticle} IN (6, 8, 9)`),
  ],
);

export const fundEligibilities = pgTable(
  'fund_eligibility',
  {
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    eligibilityCode: text('eligibility_code')
      .notNull()
      .references(() => eligibilities.code),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.eligibilityCode] })],
);

export const shares = pgTable(
  'share',
  {
    id: serial('id').primaryKey(),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    isinCode: text('isin_code').notNull(),
    managementGoal: localized('management_goal').notNull(),
    inceptionDate: date('inception_date').notNull(),
    inceptionNav: doublePrecision('inception_nav').notNull(),
    sriLevel: smallint('sri_level').notNull(),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    characteristics: jsonb('characteristics').$type<FundCharacteristics>().notNull(),
    isMain: boolean('is_main').notNull().default(false),
    visibleTo: profiles('visible_to'),
    active: boolean('active').notNull().default(true),
    position: smallint('position').notNull(),
  },
  (t) => [
    uniqueIndex('share_isin').on(t.isinCode),
    uniqueIndex('share_fund_slug').on(t.fundId, t.slug),
    check('share_sri_level_range', sql`${t.sriLevel} BETWEEN 1 AND 7`),
  ],
);

/**
 * What distributors receive of a share class beyond what its pages show (docs/distribution-data.md):
 * its MiFID II target market, its ex-ante and ex-post costs and the PRIIPs risk answers, parsed by
 * src/domain/distribution/data.ts before every write. No row: the share has no distribution data
 * yet, and the FinDatEx files leave it out, saying why.
 */
export const shareDistributions = pgTable('share_distribution', {
  shareId: integer('share_id')
    .primaryKey()
    .references(() => shares.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<ShareDistribution>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A fund's sustainability answers for the EET (SFDR): whether it considers principal adverse
 * impacts and sustainability risks (asked of every fund), and for an article 8 or 9 fund the
 * commitments of its pre-contractual annex. Its share classes all report them.
 */
export const fundSustainability = pgTable('fund_sustainability', {
  fundId: integer('fund_id')
    .primaryKey()
    .references(() => funds.id, { onDelete: 'cascade' }),
  paiConsidered: boolean('pai_considered').notNull(),
  sustainabilityRiskRelevant: boolean('sustainability_risk_relevant').notNull(),
  precontractual: jsonb('precontractual').$type<SfdrPrecontractual>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The registration matrix (cross-border distribution, docs/decisions/035): a share class may be
 * marketed in a country to an investor profile from `registered_on`, until `withdrawn_on` when it is
 * de-registered. No row for (share, country, profile) means not registered: nothing is shown there.
 */
export const shareRegistrations = pgTable(
  'share_registration',
  {
    shareId: integer('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code, { onDelete: 'cascade' }),
    investorProfile: text('investor_profile')
      .notNull()
      .references(() => investorProfiles.code, { onDelete: 'cascade' }),
    registeredOn: date('registered_on').notNull(),
    /** Set when the share was de-registered; registered again means a new `registered_on` and this cleared. */
    withdrawnOn: date('withdrawn_on'),
  },
  (t) => [
    primaryKey({ columns: [t.shareId, t.countryCode, t.investorProfile] }),
    index('share_registration_country').on(t.countryCode, t.investorProfile),
    check('share_registration_dates', sql`${t.withdrawnOn} IS NULL OR ${t.withdrawnOn} >= ${t.registeredOn}`),
  ],
);

/**
 * A fund's event as its investors are told of it (issue 34, src/domain/events/model.ts): a merger, a
 * liquidation, a change of name or prospectus, a suspension, a liquidity management tool activated
 * or lifted. Written only through the approval door (kinds `event.*`) or the import API (scope
 * `events`); shown to an audience when one of its share classes is registered for it and it has been
 * announced. Its notice PDFs are documents of type FUND_NOTICE with `document.event_id` set.
 */
export const fundEvents = pgTable(
  'fund_event',
  {
    id: serial('id').primaryKey(),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    type: text('type').$type<FundEventType>().notNull(),
    /** Only for a liquidity management tool activated or lifted: which tool. */
    tool: text('tool').$type<LiquidityTool>(),
    title: localized('title').notNull(),
    body: localized('body').notNull(),
    /** The day investors are told; before it the event is not shown. */
    announcedOn: date('announced_on').notNull(),
    effectiveOn: date('effective_on').notNull(),
    /** A suspension's or a tool's last day + 1 when it is known; null: until lifted. */
    endsOn: date('ends_on'),
    /** When it was first published (the digests' cursor), and last changed. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fund_event_fund').on(t.fundId, t.effectiveOn),
    index('fund_event_created').on(t.createdAt),
    check('fund_event_type', sql`${t.type} IN ('merger', 'liquidation', 'name-change', 'prospectus-change', 'suspension', 'lmt-activated', 'lmt-lifted', 'other')`),
    check('fund_event_tool', sql`(${t.type} IN ('lmt-activated', 'lmt-lifted')) = (${t.tool} IS NOT NULL)`),
    check('fund_event_ends', sql`${t.endsOn} IS NULL OR ${t.endsOn} > ${t.effectiveOn}`),
  ],
);

/** The share classes an event concerns (at least one, all of its fund's). */
export const fundEventShares = pgTable(
  'fund_event_share',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => fundEvents.id, { onDelete: 'cascade' }),
    shareId: integer('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.shareId] }), index('fund_event_share_share').on(t.shareId)],
);

/**
 * A distributing share class's dividends (issue 34): per ex-date, the record and payment dates and
 * the amount per share, exact to the decimal as the fund's administrator gives it. Written by the
 * CSV import (back-office, through approval) and the import API (scope `distributions`).
 */
export const dividends = pgTable(
  'dividend',
  {
    shareId: integer('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    exDate: date('ex_date').notNull(),
    recordDate: date('record_date').notNull(),
    paymentDate: date('payment_date').notNull(),
    amount: numeric('amount', { precision: 18, scale: 6 }).notNull(),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shareId, t.exDate] }),
    index('dividend_created').on(t.createdAt),
    check('dividend_dates', sql`${t.recordDate} >= ${t.exDate} AND ${t.paymentDate} >= ${t.recordDate}`),
    check('dividend_amount', sql`${t.amount} > 0`),
  ],
);

export const navs = pgTable(
  'nav',
  {
    shareId: integer('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    nav: doublePrecision('nav').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.date] })],
);

export const benchmarkValues = pgTable(
  'benchmark_value',
  {
    benchmarkCode: text('benchmark_code')
      .notNull()
      .references(() => benchmarks.code, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.benchmarkCode, t.date] })],
);

/** Figures of docs/methodology.md, computed from the NAVs (never typed in) and stored with their as-of date. */
export type StoredFigures = Record<string, number | null>;
export type StoredCalendarYear = { year: number; value: number; benchmark: number | null };

export const sharePerformances = pgTable('share_performance', {
  shareId: integer('share_id')
    .primaryKey()
    .references(() => shares.id, { onDelete: 'cascade' }),
  asOf: date('as_of'),
  lastNav: doublePrecision('last_nav'),
  lessThanOneYear: boolean('less_than_one_year').notNull(),
  figures: jsonb('figures').$type<StoredFigures>().notNull(),
  benchmarkFigures: jsonb('benchmark_figures').$type<StoredFigures>(),
  calendarYears: jsonb('calendar_years').$type<StoredCalendarYear[]>().notNull(),
  riskFreeRate: doublePrecision('risk_free_rate').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The previous performance scenarios of a share (Delegated Regulation (EU) 2017/653, art. 8 and Annex VIII):
 * each month the KID producer's four scenarios (stress, unfavourable, moderate, favourable) for one year and for
 * the recommended holding period, as the amount a 10,000 investment would return and its average annual return
 * (a fraction: -0.0523 is -5.23 %). Imported monthly, never deleted by an import: the archive is kept.
 */
export const performanceScenarios = pgTable(
  'performance_scenario',
  {
    shareId: integer('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    /** The month the scenarios were computed for, YYYY-MM. */
    month: text('month').notNull(),
    scenario: text('scenario').notNull(),
    holdingPeriodYears: smallint('holding_period_years').notNull(),
    amount: doublePrecision('amount').notNull(),
    annualReturn: doublePrecision('annual_return').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shareId, t.month, t.scenario, t.holdingPeriodYears] }),
    check('performance_scenario_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('performance_scenario_kind', sql`${t.scenario} IN ('stress', 'unfavourable', 'moderate', 'favourable')`),
    check('performance_scenario_period', sql`${t.holdingPeriodYears} BETWEEN 1 AND 50`),
    check('performance_scenario_amount', sql`${t.amount} >= 0`),
  ],
);

// ---------------------------------------------------------------- portfolio

export const holdings = pgTable(
  'holding',
  {
    id: serial('id').primaryKey(),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    asOf: date('as_of').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    isinCode: text('isin_code'),
    weight: doublePrecision('weight').notNull(),
    assetClass: text('asset_class').notNull(),
    sector: text('sector').notNull(),
    countryCode: text('country_code').notNull(),
  },
  (t) => [index('holding_fund').on(t.fundId, t.asOf)],
);

export const allocations = pgTable(
  'allocation',
  {
    id: serial('id').primaryKey(),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    asOf: date('as_of').notNull(),
    dimension: text('dimension').$type<AllocationDimension>().notNull(),
    code: text('code').notNull(),
    label: localized('label').notNull(),
    weight: doublePrecision('weight').notNull(),
  },
  (t) => [index('allocation_fund').on(t.fundId, t.dimension)],
);

// ---------------------------------------------------------------- documents

export const documentTypes = pgTable('document_type', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
  position: smallint('position').notNull(),
});

export const newsCategories = pgTable('news_category', {
  code: text('code').primaryKey(),
  title: localized('title').notNull(),
  position: smallint('position').notNull(),
});

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    /** The same article in every language shares a group, so the language switch finds its translation. */
    groupCode: text('group_code').notNull(),
    locale: text('locale').notNull(),
    slug: text('slug').notNull(),
    categoryCode: text('category_code')
      .notNull()
      .references(() => newsCategories.code),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    publishedAt: date('published_at').notNull(),
    externalUrl: text('external_url'),
    /** The main related fund (shown on the article); every related fund, this one included, is in news_fund. */
    fundId: integer('fund_id').references(() => funds.id, { onDelete: 'set null' }),
    author: text('author'),
    /** `draft` is never shown; `published` is shown from `publish_at` on (docs/decisions/022). */
    status: text('status').$type<'draft' | 'published'>().notNull().default('published'),
    /** When a published item appears on the site; null: at once (the seeded news). A future time schedules it. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** The investor profiles that may see it; empty: every profile. */
    visibleTo: text('visible_to').array().notNull().default(sql`ARRAY[]::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_locale_slug').on(t.locale, t.slug),
    uniqueIndex('news_group_locale').on(t.groupCode, t.locale),
    index('news_locale_date').on(t.locale, t.publishedAt),
    index('news_publish_at').on(t.publishAt),
    check('news_status', sql`${t.status} IN ('draft', 'published')`),
  ],
);

/** The funds a news item is about (beyond news.fund_id, the main one, which is listed here too when set by the back-office). */
export const newsFunds = pgTable(
  'news_fund',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.fundId] }), index('news_fund_fund').on(t.fundId)],
);

/** Previous slugs of an article, per language: the old address answers 308 to the current one. */
export const newsOldSlugs = pgTable(
  'news_old_slug',
  {
    locale: text('locale').notNull(),
    slug: text('slug').notNull(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.slug] }), index('news_old_slug_news').on(t.newsId)],
);

export const documents = pgTable(
  'document',
  {
    id: serial('id').primaryKey(),
    documentTypeCode: text('document_type_code')
      .notNull()
      .references(() => documentTypes.code),
    fundId: integer('fund_id').references(() => funds.id, { onDelete: 'cascade' }),
    shareId: integer('share_id').references(() => shares.id, { onDelete: 'cascade' }),
    newsId: integer('news_id').references(() => news.id, { onDelete: 'cascade' }),
    /** A fund event's notice (type FUND_NOTICE): one per language, and per country where it differs (`countries`). */
    eventId: integer('event_id').references((): AnyPgColumn => fundEvents.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    publishedAt: date('published_at').notNull(),
    /** An unpublished document is kept (and may be published again) but never offered to visitors. */
    published: boolean('published').notNull().default(true),
    /** Set when a newer version replaced it: the old version stays, as history, never served. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The version this one replaced, so a document's history can be walked back. */
    replacesId: integer('replaces_id').references((): AnyPgColumn => documents.id, { onDelete: 'set null' }),
    /** Countries whose residents are offered this document (a country supplement); empty: every country. */
    countries: text('countries').array().notNull().default(sql`ARRAY[]::text[]`),
    /**
     * Whether the PDF is tagged (its catalog has /MarkInfo /Marked true and a /StructTreeRoot), so a
     * screen reader can read it; read from the file on upload. Null: unknown (stored before the check,
     * or a file whose catalog could not be read).
     */
    tagged: boolean('tagged'),
    /** When the row was stored: a new document reaches the alert digests written after it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_fund').on(t.fundId, t.documentTypeCode),
    index('document_event').on(t.eventId),
    index('document_created').on(t.createdAt),
    index('document_share').on(t.shareId, t.documentTypeCode),
    index('document_news').on(t.newsId),
  ],
);

// ---------------------------------------------------------------- content documents (/_content)

export const contentDocuments = pgTable(
  'content_document',
  {
    path: text('path').primaryKey(),
    locale: text('locale').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_document_locale').on(t.locale)],
);

// ---------------------------------------------------------------- forms and mail

export const formSubmissions = pgTable(
  'form_submission',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    clientHash: text('client_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff's handling (back-office inbox): new → in-progress → done. */
    status: text('status').notNull().default('new'),
    /** Who set the status or the assignee last, and when (an actor label, kept if the account goes). */
    handledBy: text('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The staff member in charge; cleared if the account is deleted. */
    assigneeId: text('assignee_id').references(() => staffUser.id, { onDelete: 'set null' }),
    /**
     * Newsletter only: the SHA-256 (hex) of the unsubscribe token mailed to the subscriber, never the
     * token itself; cleared once used, so a link works once (src/server/privacy/unsubscribe.ts).
     */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    /** Newsletter only: when the address unsubscribed; its retention period counts from then. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    index('form_submission_kind_date').on(t.kind, t.createdAt),
    // GDPR requests (erasure, access) and the newsletter list find an address exactly, whatever its case.
    index('form_submission_email').on(sql`lower(btrim(${t.data} -> 'fields' ->> 'email'))`),
    uniqueIndex('form_submission_unsubscribe_token').on(t.unsubscribeTokenHash),
    index('form_submission_status_date').on(t.status, t.createdAt),
    check('form_submission_status', sql`${t.status} in ('new', 'in-progress', 'done')`),
    // The rate limit counts a client's recent submissions of one form.
    index('form_submission_client').on(t.clientHash, t.kind, t.createdAt),
  ],
);

export const submissionAttachments = pgTable('submission_attachment', {
  id: serial('id').primaryKey(),
  submissionId: uuid('submission_id')
    .notNull()
    .references(() => formSubmissions.id, { onDelete: 'cascade' }),
  /** The form field the file was sent in (a career form has a CV and a cover letter). */
  field: text('field').notNull().default(''),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    submissionId: uuid('submission_id').references(() => formSubmissions.id, { onDelete: 'set null' }),
    /**
     * What the mail is (src/domain/forms/outbox-mail.ts): 'submission' (to the staff about a form),
     * 'newsletter' (a subscriber's confirmation), 'account' (an invitation or a reset, to staff),
     * 'alert'. Only submission and newsletter mails are a visitor's data (GDPR export and erasure).
     */
    kind: text('kind').$type<MailKind>().notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The text, where a link that grants something is LINK_MARKER: the link itself is never stored in clear. */
    text: text('text').notNull(),
    /** That link, encrypted (src/server/forms/sealed-link.ts) until the mail is sent, then cleared. */
    linkSealed: text('link_sealed'),
    /**
     * Extra headers (an alert mail's `List-Unsubscribe` and `List-Unsubscribe-Post`, RFC 8058), where
     * a link that grants something is LINK_MARKER like in the text: the sealed link is put in at send time.
     */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_pending').on(t.sentAt, t.nextAttemptAt),
    check('mail_outbox_kind', sql`${t.kind} in ('submission', 'newsletter', 'account', 'alert', 'review', 'fund-alerts')`),
  ],
);

/**
 * A visitor who asked to be told about funds by e-mail (issue 34, docs/operations.md "Fund alerts"):
 * their address, language, and the country and profile they chose on the site, which decide at each
 * digest which share classes (hence which funds' news) they may be sent. `manage_token_hash` is the
 * SHA-256 of the token of their manage and one-click unsubscribe link, never the token.
 */
export const alertSubscribers = pgTable(
  'alert_subscriber',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The language, country and profile of the browser that last confirmed a fund (null until the first confirmation): an unconfirmed request never sets them. */
    locale: text('locale'),
    countryCode: text('country_code').references(() => countries.code),
    investorProfile: text('investor_profile').references(() => investorProfiles.code),
    manageTokenHash: text('manage_token_hash').notNull(),
    clientHash: text('client_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last digest's time: the next one tells what was published after it, at most one a day. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** When the address unsubscribed from everything; its retention period counts from then. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_subscriber_email').on(sql`lower(btrim(${t.email}))`),
    uniqueIndex('alert_subscriber_manage_token').on(t.manageTokenHash),
    index('alert_subscriber_digest').on(t.lastDigestAt),
  ],
);

/** One fund a subscriber follows: its notices and new documents, and optionally its monthly NAV summary; confirmed by the link mailed (double opt-in). */
export const alertSubscriptions = pgTable(
  'alert_subscription',
  {
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    navSummary: boolean('nav_summary').notNull().default(false),
    /** SHA-256 of the confirmation link's token, cleared once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.fundId] }),
    index('alert_subscription_fund').on(t.fundId, t.confirmedAt),
    uniqueIndex('alert_subscription_confirm_token').on(t.confirmTokenHash),
  ],
);

/**
 * One row per distinct server error (its fingerprint): when its last alert mail was queued, and how
 * many repeats were not mailed since. Every app process upserts it atomically, so one error gives
 * at most one alert per window across processes (src/server/log/alerts.ts).
 */
export const alertThrottle = pgTable('alert_throttle', {
  fingerprint: text('fingerprint').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  /** Repeats since the last alert mail, not mailed. */
  suppressed: integer('suppressed').notNull().default(0),
  /** Repeats the last alert mail reported (those suppressed in the window before it). */
  reportedSuppressed: integer('reported_suppressed').notNull().default(0),
});

/**
 * The public posts' rate counters (src/server/http/rate-limit.ts), shared by every app process: one row
 * per rule (`bucket`) and keyed hash of the client network or address (`key`, never the value itself),
 * its window opened by the first attempt; rows past `expires_at` are purged by the retention job.
 */
export const rateLimits = pgTable(
  'rate_limit',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('rate_limit_expires').on(t.expiresAt)],
);

/** Bookkeeping of the demo seed, so a start knows whether the database was ever filled. */
export const seedRuns = pgTable('seed_run', {
  id: serial('id').primaryKey(),
  version: text('version').notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- back-office

/**
 * Every change made through the back-office or the import API, written in the same transaction
 * as the change (src/server/audit/record.ts). Rows are never updated or deleted: a trigger in the
 * migration refuses both, whoever asks.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'account' (a staff member), 'token' (an import-API token) or 'system' (CLI, scheduled jobs). */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    /** The e-mail or token name at the time, so the entry stays readable if the actor is removed. */
    actorLabel: text('actor_label').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_entity').on(t.entity, t.entityId, t.at),
    index('audit_log_actor').on(t.actorLabel, t.at),
  ],
);

/**
 * Values the app makes once and every process must share, such as the key of the client-address
 * HMAC when CLIENT_HASH_SECRET is not set. Written with INSERT … ON CONFLICT DO NOTHING, then read:
 * whichever process writes first, all of them read the same value.
 */
export const appSettings = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- staff accounts (Better Auth)

/**
 * Staff accounts. The columns Better Auth reads and writes (src/server/auth/config.ts maps its
 * models user, session, account, verification and twoFactor onto these tables) plus the role, the
 * interface language and the date an admin disabled the account.
 */
export const staffUser = pgTable(
  'staff_user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: an account made by a first single sign-on, waiting for an admin to give it a role (decision 030). */
    role: text('role'),
    locale: text('locale').notNull().default('fr'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [check('staff_user_role', sql`${t.role} IN ('admin', 'compliance', 'editor', 'data', 'reader')`)],
);

/** Database sessions: deleting a row logs that browser out at its next request. */
export const staffSession = pgTable(
  'staff_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    /** 'sso' for a session opened through the identity provider (its MFA stands for ours), else null (password). */
    signInMethod: text('sign_in_method'),
  },
  (t) => [index('staff_session_user').on(t.userId)],
);

/** Credentials: one 'credential' row per account holds its scrypt password hash. */
export const staffAccount = pgTable(
  'staff_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_account_user').on(t.userId)],
);

/** Single-use tokens: password resets and invitations (identifier `reset-password:{token}`). */
export const staffVerification = pgTable(
  'staff_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_verification_identifier').on(t.identifier)],
);

/** TOTP secrets (encrypted by Better Auth) and backup codes of the accounts that enrolled. */
export const staffTwoFactor = pgTable(
  'staff_two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('staff_two_factor_user').on(t.userId), index('staff_two_factor_secret').on(t.secret)],
);

/**
 * Failed sign-ins per key (`account:{email}` or `client:{address}`) in the current window, and
 * until when the key is locked out (src/server/auth/throttle.ts).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Import-API tokens. Only the sha256 of a token is stored; its first characters (prefix) let staff
 * recognise it in lists. A token acts only within its scope and until it expires or is revoked.
 */
export const apiToken = pgTable(
  'api_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The account that created it, or null when it was made with `npm run admin:token`. */
    createdBy: text('created_by').references(() => staffUser.id, { onDelete: 'set null' }),
    /**
     * The admin who took the token over (the "Take over" action of /admin/tokens). A token follows
     * its owner, this admin or else its creator: disabling the owner or changing their role revokes it.
     */
    takenOverBy: text('taken_over_by').references(() => staffUser.id, { onDelete: 'set null' }),
    takenOverAt: timestamp('taken_over_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('api_token_scope', sql`${t.scope} IN ('navs', 'benchmarks', 'documents', 'scenarios', 'registrations', 'findatex:read', 'events', 'distributions')`)],
);


/**
 * A change waiting for a second person (issue 22, docs/approval.md): the input of the existing
 * command that publishes it (`kind`), the state of its target when it was made and that state's
 * hash (a different hash at approval is a conflict), who made it and why, when it applies, and
 * who reviewed it. A document's file is kept in `file` until then.
 */
export const proposedChange = pgTable(
  'proposed_change',
  {
    id: serial('id').primaryKey(),
    area: text('area').notNull(),
    kind: text('kind').notNull(),
    /** What it changes, as the area names it (a page code, a fund id, a share id and date...). */
    targetKey: text('target_key').notNull(),
    /** A readable name of the target for lists and mails. */
    targetLabel: text('target_label').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    file: bytea('file'),
    before: jsonb('before').$type<unknown>(),
    beforeHash: text('before_hash').notNull(),
    /** The after-state as the review screen compares it with `before`. */
    after: jsonb('after').$type<unknown>(),
    authorId: text('author_id').references(() => staffUser.id, { onDelete: 'set null' }),
    authorLabel: text('author_label').notNull(),
    note: text('note').notNull().default(''),
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    status: text('status').notNull().default('pending'),
    reviewerId: text('reviewer_id').references(() => staffUser.id, { onDelete: 'set null' }),
    reviewerLabel: text('reviewer_label'),
    comment: text('comment'),
    /** Why its publication failed (its target gone, its data no longer valid): it waits again. */
    lastError: text('last_error'),
    /** When approvers were mailed about it (one digest per 15 minutes). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('proposed_change_status').on(t.status, t.effectiveAt),
    index('proposed_change_author').on(t.authorId, t.status),
    check('proposed_change_status_check', sql`${t.status} IN ('pending', 'approved', 'rejected', 'withdrawn', 'published')`),
    check('proposed_change_area', sql`${t.area} IN ('funds', 'pages', 'company', 'news', 'documents', 'registrations')`),
  ],
);
