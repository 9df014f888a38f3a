import type { FormReader } from '../funds/form';
import { sfdrProblems, sfdrProductSchema, type DataProblem, type ShareDistribution, type SfdrPrecontractual } from './data';

/**
 * The back-office's distribution data and sustainability forms (docs/distribution-data.md): each
 * field is named by the path of the value it fills (`exAnte.ongoing`), so that every problem of
 * `parseShareDistribution` and `sfdrProblems` lands beside its field. Rates and shares are typed as
 * percentages (1.15 for 1.15 %) and stored as fractions (0.0115): the conversion is here, and only here.
 */

export const TRI = ['Y', 'N', 'Neutral'] as const;
export const PROFESSIONAL = ['Y', 'N', 'P', 'E'] as const;
export const YES_NO = ['Y', 'N'] as const;
export const CHANNELS = ['R', 'P', 'B', 'N'] as const;
export const LIQUIDITY = ['M', 'I', 'L'] as const;
export const VALUATION_FREQUENCIES = ['0', '1', '2', '4', '12', '24', '52', '104', '252'] as const;
export const PRIIPS_CATEGORIES = ['1', '2', '3', '4'] as const;
export const PRODUCT_TYPES = ['U', 'N', 'UM', 'NM'] as const;
/** The three scenarios whose past period a category 2 KID states, each as a first and a last month (YYYY-MM). */
export const SCENARIO_INTERVAL_FIELDS = ['unfavourableFrom', 'unfavourableTo', 'moderateFrom', 'moderateTo', 'favourableFrom', 'favourableTo'] as const;
export const METHODOLOGIES = ['R', 'C', 'O'] as const;

/** The target market's questions, by section, each with its closed list of answers. */
export const TARGET_MARKET_FIELDS = {
  investorType: { retail: TRI, professional: PROFESSIONAL, eligibleCounterparty: YES_NO },
  knowledge: { basic: TRI, informed: TRI, advanced: TRI },
  lossBearing: { noCapitalLoss: TRI, limitedCapitalLoss: TRI, noCapitalGuarantee: TRI, lossBeyondCapital: TRI },
  returnProfile: { preservation: TRI, growth: TRI, income: TRI, hedging: TRI },
  distribution: { executionOnly: CHANNELS, appropriateness: CHANNELS, advice: CHANNELS, portfolioManagement: CHANNELS },
} as const;

export const EX_ANTE_RATES = ['entry', 'exit', 'ongoing', 'managementFee', 'distributionFee', 'transaction', 'incidental'] as const;
export const EX_POST_RATES = ['ongoing', 'managementFee', 'distributionFee', 'transaction', 'incidental'] as const;
/** The rates a form may leave empty (stored as null). */
const OPTIONAL_RATES = new Set(['exAnte.distributionFee', 'exPost.distributionFee', 'targetMarket.lossBearing.limitedLossLevel']);

/** A percentage as typed ("1.15", "1,15", "1.15 %") as a fraction; empty is null, anything else NaN (refused by the parse). */
export function percentToFraction(text: string): number | null {
  const clean = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (clean === '') return null;
  // Moving the decimal point in the text, not dividing, keeps 1.15 % exactly 0.0115.
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(`${clean}e-2`) : Number.NaN;
}

/** A fraction as the form shows it, a percentage: 0.0115 → "1.15". */
export function fractionToPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(Number((value * 100).toPrecision(12)));
}

const text = (form: FormReader, name: string) => form.get(name).trim();
const orNull = (value: string) => (value === '' ? null : value);
const rateOf = (form: FormReader, name: string) => {
  const value = percentToFraction(form.get(name));
  // A required rate left empty is refused by the parse like any value that is not a number.
  return value === null && !OPTIONAL_RATES.has(name) ? Number.NaN : value;
};
const checked = (form: FormReader, name: string) => form.get(name) === 'on';

/** The posted distribution form as the data it means (not yet parsed: `parseShareDistribution` says what is wrong). */
export function readDistributionForm(form: FormReader): unknown {
  const tm = (section: keyof typeof TARGET_MARKET_FIELDS, key: string) => text(form, `targetMarket.${section}.${key}`);
  const section = <S extends keyof typeof TARGET_MARKET_FIELDS>(name: S) => Object.fromEntries(Object.keys(TARGET_MARKET_FIELDS[name]).map((key) => [key, tm(name, key)]));
  const exPostNames = [...EX_POST_RATES.map((r) => `exPost.${r}`), 'exPost.from', 'exPost.to'];
  const exPostGiven = exPostNames.some((name) => text(form, name) !== '');
  return {
    targetMarket: {
      investorType: section('investorType'),
      knowledge: section('knowledge'),
      lossBearing: { ...section('lossBearing'), limitedCapitalLoss: orNull(tm('lossBearing', 'limitedCapitalLoss')), limitedLossLevel: rateOf(form, 'targetMarket.lossBearing.limitedLossLevel') },
      returnProfile: section('returnProfile'),
      sustainabilityPreferences: text(form, 'targetMarket.sustainabilityPreferences'),
      distribution: section('distribution'),
    },
    targetMarketDate: text(form, 'targetMarketDate'),
    exAnte: Object.fromEntries(EX_ANTE_RATES.map((r) => [r, rateOf(form, `exAnte.${r}`)])),
    exAnteDate: text(form, 'exAnteDate'),
    // Ex-post costs are optional: a form whose ex-post fields are all empty reports none.
    exPost: exPostGiven ? { ...Object.fromEntries(EX_POST_RATES.map((r) => [r, rateOf(form, `exPost.${r}`)])), from: text(form, 'exPost.from'), to: text(form, 'exPost.to') } : null,
    priips: {
      productType: text(form, 'priips.productType'),
      category: Number(text(form, 'priips.category')),
      mrm: Number(text(form, 'priips.mrm')),
      crm: Number(text(form, 'priips.crm')),
      liquidityRisk: text(form, 'priips.liquidityRisk'),
      valuationFrequency: text(form, 'priips.valuationFrequency'),
      benchmarkUsedForScenarios: checked(form, 'priips.benchmarkUsedForScenarios'),
      comprehensionAlert: checked(form, 'priips.comprehensionAlert'),
      // All six months empty: no intervals stated (a category 2 share is then left out of the EPT).
      ...(SCENARIO_INTERVAL_FIELDS.some((name) => text(form, `priips.${name}`) !== '')
        ? {
            scenarioIntervals: Object.fromEntries(
              (['unfavourable', 'moderate', 'favourable'] as const).map((s) => [s, { from: text(form, `priips.${s}From`), to: text(form, `priips.${s}To`) }]),
            ),
          }
        : {}),
    },
  };
}

/**
 * The stored data as the form's values and the review screen's lines: one text per field path,
 * rates as percentages (with " %" when `percentSign`), booleans as "yes"/"no".
 */
export function distributionValues(data: ShareDistribution | null, percentSign = false): Record<string, string> {
  if (!data) return {};
  const out: Record<string, string> = {};
  const pct = (v: number | null) => (v === null ? '' : `${fractionToPercent(v)}${percentSign ? ' %' : ''}`);
  const tm = data.targetMarket;
  for (const [section, keys] of Object.entries(TARGET_MARKET_FIELDS)) {
    for (const key of Object.keys(keys)) out[`targetMarket.${section}.${key}`] = String((tm as unknown as Record<string, Record<string, unknown>>)[section]?.[key] ?? '');
  }
  out['targetMarket.lossBearing.limitedLossLevel'] = pct(tm.lossBearing.limitedLossLevel);
  out['targetMarket.sustainabilityPreferences'] = tm.sustainabilityPreferences;
  out.targetMarketDate = data.targetMarketDate;
  for (const r of EX_ANTE_RATES) out[`exAnte.${r}`] = pct(data.exAnte[r]);
  out.exAnteDate = data.exAnteDate;
  for (const r of EX_POST_RATES) out[`exPost.${r}`] = data.exPost ? pct(data.exPost[r]) : '';
  out['exPost.from'] = data.exPost?.from ?? '';
  out['exPost.to'] = data.exPost?.to ?? '';
  out['priips.productType'] = data.priips.productType;
  out['priips.category'] = String(data.priips.category);
  out['priips.mrm'] = String(data.priips.mrm);
  out['priips.crm'] = String(data.priips.crm);
  out['priips.liquidityRisk'] = data.priips.liquidityRisk;
  out['priips.valuationFrequency'] = data.priips.valuationFrequency;
  out['priips.benchmarkUsedForScenarios'] = data.priips.benchmarkUsedForScenarios ? 'yes' : 'no';
  out['priips.comprehensionAlert'] = data.priips.comprehensionAlert ? 'yes' : 'no';
  const intervals = data.priips.scenarioIntervals;
  for (const s of ['unfavourable', 'moderate', 'favourable'] as const) {
    out[`priips.${s}From`] = intervals?.[s].from ?? '';
    out[`priips.${s}To`] = intervals?.[s].to ?? '';
  }
  return out;
}

// ------------------------------------------------------------------ sustainability (SFDR)

/** A fund's sustainability answers as fund_sustainability stores them. */
export type FundSustainability = { paiConsidered: boolean; sustainabilityRiskRelevant: boolean; precontractual: SfdrPrecontractual | null };

export const ART8_FIELDS = { sustainableInvestments: 'bool', minSustainable: 'share', taxonomy: 'bool', environmentalNotTaxonomy: 'bool', social: 'bool' } as const;
export const ART9_FIELDS = { minEnvironmental: 'share', taxonomy: 'bool', environmentalNotTaxonomy: 'bool', minSocial: 'share', carbonReduction: 'bool', parisAligned: 'bool' } as const;
export const PLANNED_SHARES = ['esCharacteristics', 'sustainable', 'otherEs', 'environmental', 'taxonomyAligned', 'otherEnvironmental', 'social'] as const;
export const TAXONOMY_SHARES = ['minInclSovereign', 'minExclSovereign', 'minTransitional', 'minEnabling'] as const;

const shareOf = (form: FormReader, name: string) => percentToFraction(form.get(name)) ?? Number.NaN;

/** An optional pair of shares (fossil gas, nuclear): both empty is "none", else both are read. */
function pair(form: FormReader, name: string) {
  const incl = form.get(`${name}.inclSovereign`).trim();
  const excl = form.get(`${name}.exclSovereign`).trim();
  return incl === '' && excl === '' ? null : { inclSovereign: shareOf(form, `${name}.inclSovereign`), exclSovereign: shareOf(form, `${name}.exclSovereign`) };
}

/** The posted sustainability form of a fund of this SFDR article: article 6 funds answer the two questions only. */
export function readSustainabilityForm(form: FormReader, article: number): FundSustainability {
  const base = { paiConsidered: checked(form, 'paiConsidered'), sustainabilityRiskRelevant: checked(form, 'sustainabilityRiskRelevant') };
  if (article !== 8 && article !== 9) return { ...base, precontractual: null };
  const fields = (prefix: string, spec: Record<string, 'bool' | 'share'>) => Object.fromEntries(Object.entries(spec).map(([key, kind]) => [key, kind === 'bool' ? checked(form, `${prefix}.${key}`) : shareOf(form, `${prefix}.${key}`)]));
  const precontractual = {
    art8: article === 8 ? fields('art8', ART8_FIELDS) : null,
    art9: article === 9 ? fields('art9', ART9_FIELDS) : null,
    esgBenchmark: orNull(text(form, 'esgBenchmark')),
    planned: { date: text(form, 'planned.date'), ...Object.fromEntries(PLANNED_SHARES.map((key) => [key, shareOf(form, `planned.${key}`)])) },
    taxonomy: {
      ...Object.fromEntries(TAXONOMY_SHARES.map((key) => [key, shareOf(form, `taxonomy.${key}`)])),
      externalReview: checked(form, 'taxonomy.externalReview'),
      methodology: text(form, 'taxonomy.methodology'),
    },
    fossilGas: pair(form, 'fossilGas'),
    nuclear: pair(form, 'nuclear'),
  };
  return { ...base, precontractual: precontractual as unknown as SfdrPrecontractual };
}

/**
 * Parses a fund's sustainability answers for a fund of SFDR article `article`: the two answers every
 * fund gives, and the pre-contractual commitments exactly when the fund is article 8 or 9, with the
 * annex's rules (sfdrProblems). Problems are named by the form's field paths.
 */
export function parseFundSustainability(input: unknown, article: number): { ok: true; data: FundSustainability } | { ok: false; problems: DataProblem[] } {
  const value = (input ?? {}) as Partial<FundSustainability>;
  const problems: DataProblem[] = [];
  if (typeof value.paiConsidered !== 'boolean') problems.push({ path: 'paiConsidered', code: 'invalid' });
  if (typeof value.sustainabilityRiskRelevant !== 'boolean') problems.push({ path: 'sustainabilityRiskRelevant', code: 'invalid' });
  const sfdr = article === 8 || article === 9;
  if (!sfdr) {
    if (value.precontractual !== null && value.precontractual !== undefined) problems.push({ path: 'precontractual', code: 'invalid' });
    return problems.length ? { ok: false, problems } : { ok: true, data: { paiConsidered: value.paiConsidered as boolean, sustainabilityRiskRelevant: value.sustainabilityRiskRelevant as boolean, precontractual: null } };
  }
  if (!value.precontractual) return { ok: false, problems: [...problems, { path: 'precontractual', code: 'invalid' }] };
  const parsed = sfdrProductSchema.safeParse({ ...value.precontractual, paiConsidered: value.paiConsidered, sustainabilityRiskRelevant: value.sustainabilityRiskRelevant });
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: 'invalid' as const })) };
  problems.push(...sfdrProblems(parsed.data, article));
  if (problems.length) return { ok: false, problems };
  const { paiConsidered, sustainabilityRiskRelevant, ...precontractual } = parsed.data;
  return { ok: true, data: { paiConsidered, sustainabilityRiskRelevant, precontractual } };
}

/** A fund's answers as the form's values and the review screen's lines (shares as percentages). */
export function sustainabilityValues(data: FundSustainability | null, percentSign = false): Record<string, string> {
  if (!data) return {};
  const yes = (v: boolean) => (v ? 'yes' : 'no');
  const pct = (v: number) => `${fractionToPercent(v)}${percentSign ? ' %' : ''}`;
  const out: Record<string, string> = { paiConsidered: yes(data.paiConsidered), sustainabilityRiskRelevant: yes(data.sustainabilityRiskRelevant) };
  const p = data.precontractual;
  if (!p) return out;
  const put = (prefix: string, spec: Record<string, 'bool' | 'share'>, values: Record<string, unknown> | null) => {
    if (!values) return;
    for (const [key, kind] of Object.entries(spec)) out[`${prefix}.${key}`] = kind === 'bool' ? yes(values[key] as boolean) : pct(values[key] as number);
  };
  put('art8', ART8_FIELDS, p.art8);
  put('art9', ART9_FIELDS, p.art9);
  out.esgBenchmark = p.esgBenchmark ?? '';
  out['planned.date'] = p.planned.date;
  for (const key of PLANNED_SHARES) out[`planned.${key}`] = pct(p.planned[key]);
  for (const key of TAXONOMY_SHARES) out[`taxonomy.${key}`] = pct(p.taxonomy[key]);
  out['taxonomy.externalReview'] = yes(p.taxonomy.externalReview);
  out['taxonomy.methodology'] = p.taxonomy.methodology;
  for (const name of ['fossilGas', 'nuclear'] as const) {
    const v = p[name];
    out[`${name}.inclSovereign`] = v ? pct(v.inclSovereign) : '';
    out[`${name}.exclSovereign`] = v ? pct(v.exclSovereign) : '';
  }
  return out;
}
