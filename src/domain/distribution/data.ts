import { z } from '../zod';
import { targetMarketProblems, type TargetMarket } from './target-market';
import type { SfdrProductData } from './findatex/eet';

/**
 * The distribution data of a share class as the site stores it, the back-office edits it and a
 * third-party file brings it (docs/distribution-data.md): its MiFID II target market, its ex-ante and
 * ex-post costs, and the PRIIPs risk answers the KID pages do not already hold. Rates are fractions
 * (1.15 % is 0.0115); what a form shows as a percentage is converted at the form.
 *
 * A parse never throws: `parseShareDistribution` answers the data or its problems, each with the
 * path of the field and a code the screens translate.
 */

const tri = z.enum(['Y', 'N', 'Neutral']);
const channel = z.enum(['R', 'P', 'B', 'N']);
const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
/** A cost rate: a fraction from 0 up to, not including, 1 (a percentage typed as 2 for 2 % is refused). */
const rate = z.number().finite().min(0).lt(1);

export const targetMarketSchema = z.object({
  investorType: z.object({ retail: tri, professional: z.enum(['Y', 'N', 'P', 'E']), eligibleCounterparty: z.enum(['Y', 'N']) }),
  knowledge: z.object({ basic: tri, informed: tri, advanced: tri }),
  lossBearing: z.object({
    noCapitalLoss: tri,
    limitedCapitalLoss: tri.nullable(),
    limitedLossLevel: z.number().finite().nullable(),
    noCapitalGuarantee: tri,
    lossBeyondCapital: tri,
  }),
  returnProfile: z.object({ preservation: tri, growth: tri, income: tri, hedging: tri }),
  sustainabilityPreferences: z.enum(['Y', 'Neutral']),
  distribution: z.object({ executionOnly: channel, appropriateness: channel, advice: channel, portfolioManagement: channel }),
}) satisfies z.ZodType<TargetMarket>;

export const exAnteSchema = z.object({
  entry: rate,
  exit: rate,
  /** Gross ongoing costs a year, the management fee and the distribution fee included. */
  ongoing: rate,
  managementFee: rate,
  distributionFee: rate.nullable(),
  transaction: rate,
  /** Incidental costs: performance fees and carried interest. */
  incidental: rate,
});

export const exPostSchema = z.object({
  ongoing: rate,
  managementFee: rate,
  distributionFee: rate.nullable(),
  transaction: rate,
  incidental: rate,
  from: isoDate,
  to: isoDate,
});

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
/** When a scenario of a category 2 KID occurred: the months its investment began and ended (YYYY-MM). */
const interval = z.object({ from: month, to: month }).refine((i) => i.from < i.to, { message: 'period-order' });

export const priipsSchema = z.object({
  /** EMT 00060: U a UCITS, N a non-UCITS fund, UM / NM a money market one. */
  productType: z.enum(['U', 'N', 'UM', 'NM']).default('U'),
  /** Annex II category: 2 for a fund with enough prices of its own (or of a benchmark). */
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** Market and credit risk measures: the SRI is their combination (Annex II and III). */
  mrm: z.number().int().min(1).max(7),
  crm: z.number().int().min(1).max(6),
  liquidityRisk: z.enum(['M', 'I', 'L']),
  valuationFrequency: z.enum(['0', '1', '2', '4', '12', '24', '52', '104', '252']),
  benchmarkUsedForScenarios: z.boolean(),
  comprehensionAlert: z.boolean(),
  /**
   * Category 2: the periods in which the KID's unfavourable, moderate and favourable scenarios
   * occurred (the KID prints "This type of scenario occurred for an investment between…"; the EPT's
   * 04086–04088). A category 2 share without them is left out of the EPT.
   */
  scenarioIntervals: z.object({ unfavourable: interval, moderate: interval, favourable: interval }).optional(),
});

export const shareDistributionSchema = z.object({
  targetMarket: targetMarketSchema,
  targetMarketDate: isoDate,
  exAnte: exAnteSchema,
  exAnteDate: isoDate,
  exPost: exPostSchema.nullable(),
  priips: priipsSchema,
});

export type ShareDistribution = z.infer<typeof shareDistributionSchema>;
export type ExAnte = z.infer<typeof exAnteSchema>;
export type ExPost = z.infer<typeof exPostSchema>;

/** A problem of the data: where (a path such as `exAnte.ongoing`) and what, as a code the screens translate. */
export type DataProblem = { path: string; code: 'invalid' | 'ongoing-below-fees' | 'period-order' | 'loss-level' | 'for-nobody' | 'mrm-above-sri' };

/**
 * The rules between fields, once each has its type: the ongoing costs include the management and
 * distribution fees; an ex-post period ends after it starts; the target market's own rules; the SRI
 * is at least the market risk measure (Annex III: the CRM can only raise it).
 */
export function distributionProblems(data: ShareDistribution, sri: number): DataProblem[] {
  const problems: DataProblem[] = [];
  const fees = (costs: { managementFee: number; distributionFee: number | null }) => costs.managementFee + (costs.distributionFee ?? 0);
  if (data.exAnte.ongoing + 1e-12 < fees(data.exAnte)) problems.push({ path: 'exAnte.ongoing', code: 'ongoing-below-fees' });
  if (data.exPost) {
    if (data.exPost.ongoing + 1e-12 < fees(data.exPost)) problems.push({ path: 'exPost.ongoing', code: 'ongoing-below-fees' });
    if (data.exPost.to <= data.exPost.from) problems.push({ path: 'exPost.to', code: 'period-order' });
  }
  for (const code of targetMarketProblems(data.targetMarket)) {
    problems.push(code.startsWith('03030') ? { path: 'targetMarket.lossBearing.limitedLossLevel', code: 'loss-level' } : { path: 'targetMarket.investorType', code: 'for-nobody' });
  }
  if (data.priips.mrm > sri) problems.push({ path: 'priips.mrm', code: 'mrm-above-sri' });
  return problems;
}

/** Parses stored, posted or imported data: the data, or every problem with its path. */
export function parseShareDistribution(input: unknown, sri: number): { ok: true; data: ShareDistribution } | { ok: false; problems: DataProblem[] } {
  const parsed = shareDistributionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: 'invalid' as const })) };
  const problems = distributionProblems(parsed.data, sri);
  return problems.length ? { ok: false, problems } : { ok: true, data: parsed.data };
}

const share = z.number().finite().min(0).max(1);

export const sfdrProductSchema = z.object({
  paiConsidered: z.boolean(),
  sustainabilityRiskRelevant: z.boolean(),
  art8: z.object({ sustainableInvestments: z.boolean(), minSustainable: share, taxonomy: z.boolean(), environmentalNotTaxonomy: z.boolean(), social: z.boolean() }).nullable(),
  art9: z.object({ minEnvironmental: share, taxonomy: z.boolean(), environmentalNotTaxonomy: z.boolean(), minSocial: share, carbonReduction: z.boolean(), parisAligned: z.boolean() }).nullable(),
  esgBenchmark: z.string().trim().min(1).max(500).nullable(),
  planned: z.object({
    date: isoDate,
    esCharacteristics: share,
    sustainable: share,
    otherEs: share,
    environmental: share,
    taxonomyAligned: share,
    otherEnvironmental: share,
    social: share,
  }),
  taxonomy: z.object({ minInclSovereign: share, minExclSovereign: share, externalReview: z.boolean(), methodology: z.enum(['R', 'C', 'O']), minTransitional: share, minEnabling: share }),
  fossilGas: z.object({ inclSovereign: share, exclSovereign: share }).nullable(),
  nuclear: z.object({ inclSovereign: share, exclSovereign: share }).nullable(),
}) satisfies z.ZodType<SfdrProductData>;

/** What fund_sustainability.precontractual stores: the annex's commitments, without the two answers every fund gives. */
export type SfdrPrecontractual = Omit<SfdrProductData, 'paiConsidered' | 'sustainabilityRiskRelevant'>;
export const sfdrPrecontractualSchema = sfdrProductSchema.omit({ paiConsidered: true, sustainabilityRiskRelevant: true });

/**
 * The rules of the pre-contractual annex's allocation, for a fund of article `article`: an article 8
 * product answers the article 8 questions and not the article 9 ones (and the other way round); the
 * parts of the planned allocation add up (sustainable = environmental + social, environmental =
 * taxonomy-aligned + other, #1 = #1A + #1B for article 8); the article's minimums are those of the
 * allocation.
 */
export function sfdrProblems(data: SfdrProductData, article: 8 | 9): DataProblem[] {
  const problems: DataProblem[] = [];
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  if (article === 8 && (!data.art8 || data.art9)) problems.push({ path: 'art8', code: 'invalid' });
  if (article === 9 && (!data.art9 || data.art8)) problems.push({ path: 'art9', code: 'invalid' });
  const p = data.planned;
  if (!close(p.sustainable, p.environmental + p.social)) problems.push({ path: 'planned.sustainable', code: 'invalid' });
  if (!close(p.environmental, p.taxonomyAligned + p.otherEnvironmental)) problems.push({ path: 'planned.environmental', code: 'invalid' });
  if (article === 8 && !close(p.esCharacteristics, p.sustainable + p.otherEs)) problems.push({ path: 'planned.esCharacteristics', code: 'invalid' });
  if (article === 8 && data.art8 && !close(data.art8.sustainableInvestments ? data.art8.minSustainable : 0, p.sustainable)) problems.push({ path: 'art8.minSustainable', code: 'invalid' });
  if (article === 9 && data.art9 && (!close(data.art9.minEnvironmental, p.environmental) || !close(data.art9.minSocial, p.social))) problems.push({ path: 'art9.minEnvironmental', code: 'invalid' });
  if (data.taxonomy.minExclSovereign + 1e-12 < data.taxonomy.minInclSovereign) problems.push({ path: 'taxonomy.minExclSovereign', code: 'invalid' });
  return problems;
}
