import type { ShareDistribution } from '@/domain/distribution/data';
import {
  ART8_FIELDS,
  ART9_FIELDS,
  CHANNELS,
  EX_ANTE_RATES,
  EX_POST_RATES,
  LIQUIDITY,
  METHODOLOGIES,
  PLANNED_SHARES,
  PRIIPS_CATEGORIES,
  PRODUCT_TYPES,
  SCENARIO_INTERVAL_FIELDS,
  TARGET_MARKET_FIELDS,
  TAXONOMY_SHARES,
  TRI,
  VALUATION_FREQUENCIES,
  distributionValues,
  sustainabilityValues,
  type FundSustainability,
} from '@/domain/distribution/form';
import type { DiffLanguage, DiffRow } from '@/domain/staff/approval';
import type { AdminT } from '@/i18n/admin';
import type { FieldSpec } from '@/components/admin/action-form';

/**
 * The fields of the distribution data and sustainability forms, filled from what is stored: every
 * closed answer as a list of words (never its code), rates and shares as percentages. Each field's
 * name is the path of its value, the name its problems come back under.
 */

type Options = { value: string; label: string }[];

const DISTRIBUTION_PROBLEMS = ['invalid', 'ongoing-below-fees', 'period-order', 'loss-level', 'for-nobody', 'mrm-above-sri'] as const;

/** A problem of parseShareDistribution in the staff member's language. */
export function distributionProblemText(t: AdminT, code: string): string {
  const known = (DISTRIBUTION_PROBLEMS as readonly string[]).includes(code) ? (code as (typeof DISTRIBUTION_PROBLEMS)[number]) : 'invalid';
  return t(`distribution.problems.${known}`);
}

/** The rules of the pre-contractual annex (sfdrProblems) each name a field; any other problem is "missing or not valid". */
const SUSTAINABILITY_PROBLEMS = {
  art8: 'article',
  art9: 'article',
  precontractual: 'article',
  'planned.sustainable': 'sustainable',
  'planned.environmental': 'environmental',
  'planned.esCharacteristics': 'esCharacteristics',
  'art8.minSustainable': 'minSustainable',
  'art9.minEnvironmental': 'minEnvironmental',
  'taxonomy.minExclSovereign': 'minExclSovereign',
} as const;

export function sustainabilityProblemText(t: AdminT, path: string): string {
  const key = (SUSTAINABILITY_PROBLEMS as Record<string, (typeof SUSTAINABILITY_PROBLEMS)[keyof typeof SUSTAINABILITY_PROBLEMS]>)[path];
  return t(`sustainability.problems.${key ?? 'invalid'}`);
}

function select(t: AdminT, name: string, label: string, value: string, options: Options, hint?: string): FieldSpec {
  // Nothing stored yet: the list starts on "Choose…", so that no answer is given without being chosen.
  const blank = value === '' && !options.some((o) => o.value === '') ? [{ value: '', label: t('distribution.choose') }] : [];
  return { kind: 'select', name, label, value, options: [...blank, ...options], required: true, hint };
}

/** The answers of one target market question, in words. */
function targetMarketOptions(t: AdminT, section: keyof typeof TARGET_MARKET_FIELDS, key: string): Options {
  const tri: Options = TRI.map((code) => ({ value: code, label: t(`distribution.answers.tri.${code}`) }));
  if (section === 'investorType' && key === 'professional') return (['Y', 'N', 'P', 'E'] as const).map((code) => ({ value: code, label: t(`distribution.answers.professional.${code}`) }));
  if (section === 'investorType' && key === 'eligibleCounterparty') return (['Y', 'N'] as const).map((code) => ({ value: code, label: t(`distribution.answers.yesNo.${code}`) }));
  if (section === 'lossBearing' && key === 'limitedCapitalLoss') return [{ value: '', label: t('distribution.answers.notApplicable') }, ...tri];
  return section === 'distribution' ? CHANNELS.map((code) => ({ value: code, label: t(`distribution.answers.channel.${code}`) })) : tri;
}

export function distributionFields(t: AdminT, data: ShareDistribution | null): FieldSpec[] {
  const v = distributionValues(data);
  const answerList = (section: keyof typeof TARGET_MARKET_FIELDS, key: string) => targetMarketOptions(t, section, key);
  const tmGroup = (section: keyof typeof TARGET_MARKET_FIELDS, extra: FieldSpec[] = []): FieldSpec => ({
    kind: 'group',
    name: `targetMarket.${section}`,
    label: t(`distribution.sections.${section}`),
    fields: [
      ...Object.keys(TARGET_MARKET_FIELDS[section]).map((key) => select(t, `targetMarket.${section}.${key}`, t(`distribution.fields.${key as 'retail'}`), v[`targetMarket.${section}.${key}`] ?? '', answerList(section, key))),
      ...extra,
    ],
  });
  const rate = (prefix: 'exAnte' | 'exPost', key: (typeof EX_ANTE_RATES)[number], required: boolean): FieldSpec => ({
    kind: 'text',
    name: `${prefix}.${key}`,
    label: t(`distribution.fields.${key}`),
    value: v[`${prefix}.${key}`] ?? '',
    hint: key === 'distributionFee' ? t('distribution.hints.optionalPercent') : t('distribution.hints.percent'),
    required: required && key !== 'distributionFee',
  });
  const check = (name: string, label: string): FieldSpec => ({ kind: 'checkbox', name, label, checked: v[name] === 'yes' });
  return [
    {
      kind: 'group',
      name: 'targetMarket',
      label: t('distribution.sections.targetMarket'),
      fields: [
        tmGroup('investorType'),
        tmGroup('knowledge'),
        tmGroup('lossBearing', [
          { kind: 'text', name: 'targetMarket.lossBearing.limitedLossLevel', label: t('distribution.fields.limitedLossLevel'), value: v['targetMarket.lossBearing.limitedLossLevel'] ?? '', hint: t('distribution.hints.limitedLossLevel') },
        ]),
        tmGroup('returnProfile'),
        select(t, 'targetMarket.sustainabilityPreferences', t('distribution.fields.sustainabilityPreferences'), v['targetMarket.sustainabilityPreferences'] ?? '', (['Y', 'Neutral'] as const).map((code) => ({ value: code, label: t(`distribution.answers.sustainability.${code}`) }))),
        tmGroup('distribution'),
        { kind: 'date', name: 'targetMarketDate', label: t('distribution.fields.targetMarketDate'), value: v.targetMarketDate ?? '', required: true },
      ],
    },
    {
      kind: 'group',
      name: 'exAnte',
      label: t('distribution.sections.exAnte'),
      fields: [...EX_ANTE_RATES.map((key) => rate('exAnte', key, true)), { kind: 'date', name: 'exAnteDate', label: t('distribution.fields.exAnteDate'), value: v.exAnteDate ?? '', required: true }],
    },
    {
      kind: 'group',
      name: 'exPost',
      label: t('distribution.sections.exPost'),
      hint: t('distribution.hints.exPost'),
      fields: [
        ...EX_POST_RATES.map((key) => rate('exPost', key, false)),
        { kind: 'date', name: 'exPost.from', label: t('distribution.fields.from'), value: v['exPost.from'] ?? '' },
        { kind: 'date', name: 'exPost.to', label: t('distribution.fields.to'), value: v['exPost.to'] ?? '' },
      ],
    },
    {
      kind: 'group',
      name: 'priips',
      label: t('distribution.sections.priips'),
      fields: [
        select(t, 'priips.productType', t('distribution.fields.productType'), v['priips.productType'] ?? '', PRODUCT_TYPES.map((code) => ({ value: code, label: t(`distribution.answers.productType.${code}`) }))),
        select(t, 'priips.category', t('distribution.fields.category'), v['priips.category'] ?? '', PRIIPS_CATEGORIES.map((code) => ({ value: code, label: t(`distribution.answers.category.${code}`) }))),
        select(t, 'priips.mrm', t('distribution.fields.mrm'), v['priips.mrm'] ?? '', ['1', '2', '3', '4', '5', '6', '7'].map((n) => ({ value: n, label: n })), t('distribution.hints.mrm')),
        select(t, 'priips.crm', t('distribution.fields.crm'), v['priips.crm'] ?? '', ['1', '2', '3', '4', '5', '6'].map((n) => ({ value: n, label: n }))),
        select(t, 'priips.liquidityRisk', t('distribution.fields.liquidityRisk'), v['priips.liquidityRisk'] ?? '', LIQUIDITY.map((code) => ({ value: code, label: t(`distribution.answers.liquidity.${code}`) }))),
        select(t, 'priips.valuationFrequency', t('distribution.fields.valuationFrequency'), v['priips.valuationFrequency'] ?? '', VALUATION_FREQUENCIES.map((code) => ({ value: code, label: t(`distribution.answers.frequency.${code}`) }))),
        check('priips.benchmarkUsedForScenarios', t('distribution.fields.benchmarkUsedForScenarios')),
        check('priips.comprehensionAlert', t('distribution.fields.comprehensionAlert')),
        ...SCENARIO_INTERVAL_FIELDS.map(
          (name): FieldSpec => ({ kind: 'text', name: `priips.${name}`, label: t(`distribution.fields.${name}`), value: v[`priips.${name}`] ?? '', hint: t('distribution.hints.month') }),
        ),
      ],
    },
  ];
}

/** The sustainability form of a fund of this SFDR article: the two questions, then for articles 8 and 9 the annex's commitments. */
export function sustainabilityFields(t: AdminT, article: number, data: FundSustainability | null): FieldSpec[] {
  const v = sustainabilityValues(data);
  const check = (name: string, label: string): FieldSpec => ({ kind: 'checkbox', name, label, checked: v[name] === 'yes' });
  const share = (name: string, label: string, hint?: string): FieldSpec => ({ kind: 'text', name, label, value: v[name] ?? '', hint, required: !hint });
  const general: FieldSpec = {
    kind: 'group',
    name: 'general',
    label: t('sustainability.sections.general'),
    fields: [check('paiConsidered', t('sustainability.fields.paiConsidered')), check('sustainabilityRiskRelevant', t('sustainability.fields.sustainabilityRiskRelevant'))],
  };
  if (article !== 8 && article !== 9) return [general];
  const articleGroup = (name: 'art8' | 'art9', spec: Record<string, 'bool' | 'share'>): FieldSpec => ({
    kind: 'group',
    name,
    label: t(`sustainability.sections.${name}`),
    fields: Object.entries(spec).map(([key, kind]) => (kind === 'bool' ? check(`${name}.${key}`, t(`sustainability.fields.${key as 'taxonomy'}`)) : share(`${name}.${key}`, t(`sustainability.fields.${key as 'minSocial'}`)))),
  });
  const pair = (name: 'fossilGas' | 'nuclear'): FieldSpec => ({
    kind: 'group',
    name,
    label: t(`sustainability.sections.${name}`),
    hint: t('sustainability.hints.pair'),
    fields: [
      { kind: 'text', name: `${name}.inclSovereign`, label: t('sustainability.fields.inclSovereign'), value: v[`${name}.inclSovereign`] ?? '' },
      { kind: 'text', name: `${name}.exclSovereign`, label: t('sustainability.fields.exclSovereign'), value: v[`${name}.exclSovereign`] ?? '' },
    ],
  });
  return [
    general,
    article === 8 ? articleGroup('art8', ART8_FIELDS) : articleGroup('art9', ART9_FIELDS),
    { kind: 'text', name: 'esgBenchmark', label: t('sustainability.fields.esgBenchmark'), value: v.esgBenchmark ?? '', hint: t('sustainability.hints.esgBenchmark') },
    {
      kind: 'group',
      name: 'planned',
      label: t('sustainability.sections.planned'),
      fields: [
        { kind: 'date', name: 'planned.date', label: t('sustainability.fields.date'), value: v['planned.date'] ?? '', required: true },
        ...PLANNED_SHARES.map((key) => share(`planned.${key}`, t(`sustainability.fields.${key === 'social' ? 'socialShare' : key}`))),
      ],
    },
    {
      kind: 'group',
      name: 'taxonomy',
      label: t('sustainability.sections.taxonomy'),
      fields: [
        ...TAXONOMY_SHARES.map((key) => share(`taxonomy.${key}`, t(`sustainability.fields.${key}`))),
        check('taxonomy.externalReview', t('sustainability.fields.externalReview')),
        select(t, 'taxonomy.methodology', t('sustainability.fields.methodology'), v['taxonomy.methodology'] ?? '', METHODOLOGIES.map((code) => ({ value: code, label: t(`sustainability.methodology.${code}`) }))),
      ],
    },
    pair('fossilGas'),
    pair('nuclear'),
  ];
}

/** A message of the admin texts when it exists, else the text given (a field this version does not know). */
function known(t: AdminT, key: string, otherwise: string): string {
  type Key = Parameters<AdminT>[0];
  return t.has(key as Key) ? t(key as Key) : otherwise;
}

/** One line of a distribution or sustainability change as the form names it: "Ex-ante costs — Ongoing costs (%)", answers in words. */
function readableRow(t: AdminT, area: 'distribution' | 'sustainability', row: DiffRow): DiffRow {
  const parts = row.field.split('.');
  const fieldKey = (key: string) => (area === 'sustainability' && row.field === 'planned.social' ? 'socialShare' : key);
  const field = (key: string) => known(t, `${area}.fields.${fieldKey(key)}`, key);
  const label =
    parts.length === 3 && parts[0] === 'targetMarket'
      ? `${known(t, `distribution.sections.${parts[1]}`, parts[1] ?? '')} — ${field(parts[2] ?? '')}`
      : parts.length === 2
        ? `${known(t, `${area}.sections.${parts[0]}`, parts[0] ?? '')} — ${field(parts[1] ?? '')}`
        : field(row.field);
  const word = (value: string): string => {
    if (value === 'yes' || value === 'no') return t(`distribution.answers.yesNo.${value === 'yes' ? 'Y' : 'N'}`);
    if (parts[0] === 'targetMarket' && parts.length === 3 && parts[1] && parts[1] in TARGET_MARKET_FIELDS) {
      return targetMarketOptions(t, parts[1] as keyof typeof TARGET_MARKET_FIELDS, parts[2] ?? '').find((o) => o.value === value)?.label ?? value;
    }
    const lists: Record<string, string> = {
      'targetMarket.sustainabilityPreferences': 'distribution.answers.sustainability',
      'priips.category': 'distribution.answers.category',
      'priips.productType': 'distribution.answers.productType',
      'priips.liquidityRisk': 'distribution.answers.liquidity',
      'priips.valuationFrequency': 'distribution.answers.frequency',
      'taxonomy.methodology': 'sustainability.methodology',
    };
    const list = lists[row.field];
    return list && value !== '' ? known(t, `${list}.${value}`, value) : value;
  };
  return { field: label, before: word(row.before), after: word(row.after) };
}

/** One line of a fund event's change as the event form names it: its type and tool in words, not codes. */
function readableEventRow(t: AdminT, row: DiffRow): DiffRow {
  const [head, ...rest] = row.field.split('.');
  const labels: Record<string, string> = { type: 'type', tool: 'tool', shares: 'shareIds', announcedOn: 'announcedOn', effectiveOn: 'effectiveOn', endsOn: 'endsOn', title: 'title', body: 'body' };
  const label =
    head === 'notices' && rest.length > 0
      ? `${t('events.notices')} — ${rest.join('.')}`
      : head && labels[head]
        ? known(t, `events.fields.${labels[head]}`, row.field)
        : head === 'fund'
          ? t('events.form')
          : row.field;
  const word = (value: string): string => {
    if (row.field === 'type' && value !== '') return known(t, `events.types.${value}`, value);
    if (row.field === 'tool') return value === '' ? t('events.fields.toolNone') : known(t, `events.tools.${value}`, value);
    return value;
  };
  return { field: label, before: word(row.before), after: word(row.after) };
}

/**
 * The review screen's difference of a distribution or sustainability change in the form's words:
 * each field named by its section and label, each closed answer by its word (the stored state keeps
 * the paths and codes, the same in every language); a fund event's the same way (type, tool and
 * fields in words). Any other kind's difference is left as it is.
 */
export function readableChangeRows(t: AdminT, kind: string, diff: Record<DiffLanguage, DiffRow[]>): Record<DiffLanguage, DiffRow[]> {
  if (kind.startsWith('event.')) {
    const readable = (rows: DiffRow[]) => rows.map((row) => readableEventRow(t, row));
    return { fr: readable(diff.fr), en: readable(diff.en), es: readable(diff.es), all: readable(diff.all) };
  }
  const area = kind === 'share.distribution' ? 'distribution' : kind === 'fund.sustainability' ? 'sustainability' : null;
  if (!area) return diff;
  return { fr: diff.fr, en: diff.en, es: diff.es, all: diff.all.map((row) => readableRow(t, area, row)) };
}
