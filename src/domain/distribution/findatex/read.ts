import { csvError, readCsvTable, splitCsvLine, type CsvError, type ImportLimits } from '../../csv/import';
import { parseShareDistribution, sfdrPrecontractualSchema, sfdrProblems, type DataProblem, type ShareDistribution, type SfdrPrecontractual } from '../data';
import { emtFlagIn } from './emt';
import { eetFlagIn } from './eet';
import { TEMPLATES, type Flag, type TemplateField, type TemplateKey } from './templates';
import { validateRow, type FieldProblem, type Row } from './validate';

/**
 * A third party's FinDatEx file read back (docs/distribution-data.md): an EMT (V4.3 or V4.2, the
 * version read from 00001_EMT_Version) or an EET (V1.1.2) as CSV, `;` or `,` between cells, a header
 * of field codes, UTF-8 with or without a byte-order mark. Every line is checked against its template
 * (the same flags and codifications as the files the site writes), then turned into what the site
 * stores: the inverse of emtRow (a share's target market, ex-ante and ex-post costs) and of eetRow (its
 * fund's sustainability answers). Every problem names its line and its field code.
 */

/**
 * 5 MB, 5,000 lines, 1,000 columns: a house's whole range many times over (the EET has 616 fields,
 * so a line, the header first, may be long: 100,000 characters).
 */
export const FINDATEX_IMPORT_LIMITS: ImportLimits & { maxColumns: number } = { maxBytes: 5 * 1024 * 1024, maxRows: 5_000, maxLineLength: 100_000, maxColumns: 1_000 };

/** Why a line or a field is refused, beyond the template's codifications: codes the import screen translates. */
export type FindatexProblem =
  | FieldProblem
  | 'unknown-template'
  | 'unknown-version'
  | 'unknown-column'
  | 'duplicate-column'
  | 'missing-column'
  | 'too-many-columns'
  | 'duplicate-isin'
  | 'unknown-isin'
  | 'no-stored-data'
  | 'sri-differs'
  | 'article-differs'
  | 'fund-disagrees'
  | 'needs-section'
  | 'holding-years'
  | 'unknown-currency'
  | 'no-category'
  | 'share-name-too-long'
  | DataProblem['code'];

export const FINDATEX_PROBLEMS: readonly FindatexProblem[] = [
  'missing', 'not-in-list', 'not-a-number', 'below-minimum', 'out-of-range', 'not-a-date', 'not-a-datetime', 'not-a-currency', 'not-a-language', 'too-long', 'not-a-url', 'not-an-isin',
  'unknown-template', 'unknown-version', 'unknown-column', 'duplicate-column', 'missing-column', 'too-many-columns', 'duplicate-isin', 'unknown-isin', 'no-stored-data', 'sri-differs',
  'article-differs', 'fund-disagrees', 'needs-section', 'holding-years', 'unknown-currency', 'no-category', 'share-name-too-long', 'invalid', 'ongoing-below-fees', 'period-order', 'loss-level', 'for-nobody', 'mrm-above-sri',
];

/** A problem of a field on a line. */
export function fieldError(line: number, field: string, problem: FindatexProblem, value = ''): CsvError {
  return csvError(line, 'findatex-field', { field, problem, value: value.slice(0, 100) });
}

const C = {
  emtVersion: '00001_EMT_Version',
  emtIsin: '00010_Financial_Instrument_Identifying_Data',
  reportsTargetMarket: '00006_EMT_Data_Reporting_Target_Market',
  reportsExAnte: '00007_EMT_Data_Reporting_Ex_Ante',
  reportsExPost: '00008_EMT_Data_Reporting_Ex_Post',
  sri: '04010_Risk_Tolerance_PRIIPS_Methodology',
  eetVersion: '00010_EET_Version',
  eetIsin: '20000_Financial_Instrument_Identifying_Data',
  article: '20040_Financial_Instrument_SFDR_Product_Type',
} as const;

/** Where each stored value of a share's distribution data comes from in the EMT. */
const EMT_FIELDS = {
  'targetMarket.investorType.retail': '01010_Investor_Type_Retail',
  'targetMarket.investorType.professional': '01020_Investor_Type_Professional',
  'targetMarket.investorType.eligibleCounterparty': '01030_Investor_Type_Eligible_Counterparty',
  'targetMarket.knowledge.basic': '02010_Basic_Investor',
  'targetMarket.knowledge.informed': '02020_Informed_Investor',
  'targetMarket.knowledge.advanced': '02030_Advanced_Investor',
  'targetMarket.lossBearing.noCapitalLoss': '03010_Compatible_With_Clients_Who_Can_Not_Bear_Capital_Loss',
  'targetMarket.lossBearing.limitedCapitalLoss': '03020_Compatible_With_Clients_Who_Can_Bear_Limited_Capital_Loss',
  'targetMarket.lossBearing.limitedLossLevel': '03030_Limited_Capital_Loss_Level',
  'targetMarket.lossBearing.noCapitalGuarantee': '03040_Compatible_With_Clients_Who_Do_Not_Need_Capital_Guarantee',
  'targetMarket.lossBearing.lossBeyondCapital': '03050_Compatible_With_Clients_Who_Can_Bear_Loss_Beyond_Capital',
  'targetMarket.returnProfile.preservation': '05010_Return_Profile_Client_Looking_For_Preservation',
  'targetMarket.returnProfile.growth': '05020_Return_Profile_Client_Looking_For_Capital_Growth',
  'targetMarket.returnProfile.income': '05030_Return_Profile_Client_Looking_For_Income',
  'targetMarket.returnProfile.hedging': '05040_Return_Profile_Hedging',
  'targetMarket.sustainabilityPreferences': '05105_Does_This_Financial_Instrument_Consider_End_Client_Sustainability_Preferences',
  'targetMarket.distribution.executionOnly': '06010_Execution_Only',
  'targetMarket.distribution.appropriateness': '06020_Execution_With_Appropriateness_Test_Or_Non_Advised_Services',
  'targetMarket.distribution.advice': '06030_Investment_Advice',
  'targetMarket.distribution.portfolioManagement': '06040_Portfolio_Management',
  targetMarketDate: '01000_Target_Market_Reference_Date',
  'exAnte.entry': '07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired',
  'exAnte.exit': '07050_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Non_Acquired',
  'exAnte.ongoing': '07100_Financial_Instrument_Gross_Ongoing_Costs',
  'exAnte.managementFee': '07110_Financial_Instrument_Management_Fee',
  'exAnte.distributionFee': '07120_Financial_Instrument_Distribution_Fee',
  'exAnte.transaction': '07130_Financial_Instrument_Transaction_Costs_Ex_Ante',
  'exAnte.incidental': '07140_Financial_Instrument_Incidental_Costs_Ex_Ante',
  exAnteDate: '07160_Ex_Ante_Costs_Reference_Date',
  'exPost.ongoing': '08030_Financial_Instrument_Ongoing_Costs_Ex_Post',
  'exPost.managementFee': '08050_Financial_Instrument_Management_Fee_Ex_Post',
  'exPost.distributionFee': '08060_Financial_Instrument_Distribution_Fee_Ex_Post',
  'exPost.transaction': '08070_Financial_Instrument_Transaction_Costs_Ex_Post',
  'exPost.incidental': '08080_Financial_Instrument_Incidental_Costs_Ex_Post',
  'exPost.from': '08090_Beginning_Of_Reference_Period',
  'exPost.to': '08100_End_Of_Reference_Period',
  'priips.mrm': C.sri,
} as const;

/** Where each of a fund's stored sustainability answers comes from in the EET. */
const EET_FIELDS = {
  paiConsidered: '20100_Financial_Instrument_Does_This_Product_Consider_Principle_Adverse_Impact_In_Their_Investment',
  sustainabilityRiskRelevant: '70000_Financial_Instrument_Sustainability_Risk_Is_Deemed_To_Be_Relevant',
  art8: C.article,
  'art8.sustainableInvestments': '20170_Financial_Instrument_Sustainable_Investments_Art_8',
  'art8.minSustainable': '20180_Financial_Instrument_Products_Minimal_Proportion_Of_Sustainable_Investments_Art_8',
  'art8.taxonomy': '20190_Financial_Instrument_Sustainable_Investment_EU_Taxonomy_Art_8',
  'art8.environmentalNotTaxonomy': '20200_Financial_Instrument_Sustainable_Investment_Environmental_Not_EU_Taxonomy_Art_8',
  'art8.social': '20210_Financial_Instrument_Sustainable_Investment_Social_Objective_Art_8',
  art9: C.article,
  'art9.minEnvironmental': '20220_Financial_Instrument_Minimum_Sustainable_Investment_With_Environmental_Objective_Art_9',
  'art9.taxonomy': '20230_Financial_Instrument_Environmentally_Sustainable_Investment_EU_Taxonomy_Art_9',
  'art9.environmentalNotTaxonomy': '20240_Financial_Instrument_Environmentally_Sustainable_Investment_Not_EU_Taxonomy_Art_9',
  'art9.minSocial': '20250_Financial_Instrument_Minimum_Sustainable_Investment_Social_Objective_Art_9',
  'art9.carbonReduction': '20570_Financial_Instrument_With_Objective_Of_A_Reduction_In_Carbon_Emissions',
  'art9.parisAligned': '20580_Financial_Instrument_Aligned_With_Paris_Agreement',
  esgBenchmark: '20380_Financial_Instrument_Benchmark_Name',
  'planned.date': '20390_Financial_Instrument_Minimum_Or_Planned_Asset_Allocation_Date',
  'planned.esCharacteristics': '20400_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_With_Environmental_Or_Social_Characteristics',
  'planned.sustainable': '20420_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments',
  'planned.otherEs': '20430_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Other_Investments_With_Environmental_Or_Social_Characteristics',
  'planned.environmental': '20440_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments_Environmental',
  'planned.taxonomyAligned': '20450_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments_Taxonomy_Aligned',
  'planned.otherEnvironmental': '20460_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments_Other_Environmental',
  'planned.social': '20470_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments_Social',
  'taxonomy.minInclSovereign': '20600_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Incl_Sovereign_Bonds',
  'taxonomy.minExclSovereign': '20610_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Excl_Sovereign_Bonds',
  'taxonomy.externalReview': '20620_Financial_Instrument_Was_This_Statement_Subject_To_An_External_Review_By_Third_Party',
  'taxonomy.methodology': '20630_Financial_Instrument_Methodology_Used_For_Alignment_Calculation_With_EU_Taxonomy',
  'taxonomy.minTransitional': '20640_Financial_Instrument_Minimum_Share_Of_Transitional_Activities',
  'taxonomy.minEnabling': '20650_Financial_Instrument_Minimum_Share_Of_Enabling_Activities',
  fossilGas: '90000_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Fossil_Gas_Activities',
  'fossilGas.inclSovereign': '90010_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Fossil_Gas_Incl_Sovereign_Bonds',
  'fossilGas.exclSovereign': '90020_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Fossil_Gas_Excl_Sovereign_Bonds',
  nuclear: '90030_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Nuclear_Activities',
  'nuclear.inclSovereign': '90040_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Nuclear_Incl_Sovereign_Bonds',
  'nuclear.exclSovereign': '90050_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Nuclear_Excl_Sovereign_Bonds',
} as const;

/** The field code of a stored value's path (or of the nearest enclosing one); `fallback` when none. */
function fieldOf(fields: Readonly<Record<string, string>>, path: string, fallback: string): string {
  for (let p = path; p !== ''; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const code = fields[p];
    if (code) return code;
  }
  return fallback;
}

export const emtFieldOf = (path: string) => fieldOf(EMT_FIELDS, path, C.emtIsin);
export const eetFieldOf = (path: string) => fieldOf(EET_FIELDS, path, C.article);

/** What an EMT line brings to a share's distribution data: the sections the line says it reports. */
export type EmtParts = Partial<Pick<ShareDistribution, 'targetMarket' | 'targetMarketDate' | 'exAnte' | 'exAnteDate' | 'exPost'>>;
/**
 * What an EMT line says of the instrument itself: its name, currency, product type (00060), manufacturer,
 * reference date and recommended holding period (05080, years or a letter), all as the file writes them.
 * The update import ignores them; the catalogue import (catalog.ts) creates funds and share classes from them.
 */
export type EmtIdentity = { name: string; currency: string; productType: string; manufacturer: string; referenceDate: string; holding: string };
/** One line of an EMT: a share class and what it reports, and its SRI (04010) when it gives one. */
export type EmtLine = { template: 'emt'; line: number; isin: string; sri: number | null; parts: EmtParts; identity: EmtIdentity };
/** One line of an EET: a share class, its fund's SFDR article as the file says it, and the fund's answers. */
export type EetLine = { template: 'eet'; line: number; isin: string; article: string; answers: FundSustainabilityAnswers };
export type FindatexLine = EmtLine | EetLine;

/** What fund_sustainability stores. */
export type FundSustainabilityAnswers = { paiConsidered: boolean; sustainabilityRiskRelevant: boolean; precontractual: SfdrPrecontractual | null };

export type FindatexRead = { ok: true; template: 'emt' | 'eet'; version: TemplateKey; rows: FindatexLine[] } | { ok: false; errors: CsvError[] };

/** The template of a header: the EMT and EET name their version in their first column. */
function templateOf(codes: string[]): 'emt' | 'eet' | null {
  if (codes.includes(C.emtVersion)) return 'emt';
  if (codes.includes(C.eetVersion)) return 'eet';
  return null;
}

/** The template's flag of a field for the header check (before any line's conditions). */
function headerFlag(template: 'emt' | 'eet', field: TemplateField): Flag | undefined {
  if (template === 'eet') return field.sfdrPrecontractual === 'M' || field.mifidProducts === 'M' ? 'M' : 'O';
  // The EMT's sections 01–08 are mandatory only on the lines that report them (emtFlagIn): their columns may be left out.
  const section = Number(field.code.slice(0, 5));
  return section >= 1000 && section < 9000 ? 'O' : field.flag;
}

const num = (value: string | undefined): number | null => (value === undefined || value === '' ? null : Number(value));
const text = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);
const yes = (value: string | undefined) => value === 'Y';

/** The inverse of emtRow: the sections a valid line reports, as the site stores them. */
export function emtParts(row: Row): EmtParts {
  const v = (path: keyof typeof EMT_FIELDS) => row[EMT_FIELDS[path]];
  const parts: Record<string, unknown> = {};
  if (row[C.reportsTargetMarket] === 'Y') {
    parts.targetMarket = {
      investorType: { retail: v('targetMarket.investorType.retail'), professional: v('targetMarket.investorType.professional'), eligibleCounterparty: v('targetMarket.investorType.eligibleCounterparty') },
      knowledge: { basic: v('targetMarket.knowledge.basic'), informed: v('targetMarket.knowledge.informed'), advanced: v('targetMarket.knowledge.advanced') },
      lossBearing: {
        noCapitalLoss: v('targetMarket.lossBearing.noCapitalLoss'),
        limitedCapitalLoss: text(v('targetMarket.lossBearing.limitedCapitalLoss')),
        limitedLossLevel: num(v('targetMarket.lossBearing.limitedLossLevel')),
        noCapitalGuarantee: v('targetMarket.lossBearing.noCapitalGuarantee'),
        lossBeyondCapital: v('targetMarket.lossBearing.lossBeyondCapital'),
      },
      returnProfile: {
        preservation: v('targetMarket.returnProfile.preservation'),
        growth: v('targetMarket.returnProfile.growth'),
        income: v('targetMarket.returnProfile.income'),
        hedging: text(v('targetMarket.returnProfile.hedging')),
      },
      sustainabilityPreferences: v('targetMarket.sustainabilityPreferences'),
      distribution: {
        executionOnly: text(v('targetMarket.distribution.executionOnly')),
        appropriateness: text(v('targetMarket.distribution.appropriateness')),
        advice: text(v('targetMarket.distribution.advice')),
        portfolioManagement: text(v('targetMarket.distribution.portfolioManagement')),
      },
    };
    parts.targetMarketDate = v('targetMarketDate');
  }
  if (row[C.reportsExAnte] === 'Y') {
    parts.exAnte = {
      entry: num(v('exAnte.entry')),
      exit: num(v('exAnte.exit')),
      ongoing: num(v('exAnte.ongoing')),
      managementFee: num(v('exAnte.managementFee')),
      distributionFee: num(v('exAnte.distributionFee')),
      transaction: num(v('exAnte.transaction')),
      incidental: num(v('exAnte.incidental')),
    };
    parts.exAnteDate = v('exAnteDate');
  }
  if (row[C.reportsExPost] === 'Y') {
    parts.exPost = {
      ongoing: num(v('exPost.ongoing')),
      managementFee: num(v('exPost.managementFee')),
      distributionFee: num(v('exPost.distributionFee')),
      transaction: num(v('exPost.transaction')),
      incidental: num(v('exPost.incidental')),
      from: v('exPost.from'),
      to: v('exPost.to'),
    };
  }
  // Checked by parseShareDistribution when merged with the stored data (a missing answer is refused there, by its field).
  return parts as EmtParts;
}

/** The instrument's own fields of a valid EMT line. */
export function emtIdentity(row: Row): EmtIdentity {
  const v = (code: string) => row[code] ?? '';
  return {
    name: v('00030_Financial_Instrument_Name').trim(),
    currency: v('00040_Financial_Instrument_Currency'),
    productType: v('00060_Financial_Instrument_Product_Type'),
    manufacturer: v('00070_Financial_Instrument_Manufacturer_Name').trim(),
    referenceDate: v('00050_General_Reference_Date'),
    holding: v('05080_Minimum_Recommended_Holding_Period'),
  };
}

/** The inverse of eetRow: a valid line's answers for its fund (an article 6 product, or 0, has no pre-contractual commitments). */
export function eetAnswers(row: Row): FundSustainabilityAnswers {
  const v = (path: keyof typeof EET_FIELDS) => row[EET_FIELDS[path]];
  const article = row[C.article];
  const base = { paiConsidered: yes(v('paiConsidered')), sustainabilityRiskRelevant: yes(v('sustainabilityRiskRelevant')) };
  if (article !== '8' && article !== '9') return { ...base, precontractual: null };
  const sustainableInvestments = yes(v('art8.sustainableInvestments'));
  const pair = (flag: keyof typeof EET_FIELDS, incl: keyof typeof EET_FIELDS, excl: keyof typeof EET_FIELDS) =>
    yes(v(flag)) ? { inclSovereign: num(v(incl)), exclSovereign: num(v(excl)) } : null;
  const precontractual = {
    art8: article === '8' ? { sustainableInvestments, minSustainable: num(v('art8.minSustainable')), taxonomy: sustainableInvestments && yes(v('art8.taxonomy')), environmentalNotTaxonomy: sustainableInvestments && yes(v('art8.environmentalNotTaxonomy')), social: sustainableInvestments && yes(v('art8.social')) } : null,
    art9:
      article === '9'
        ? { minEnvironmental: num(v('art9.minEnvironmental')), taxonomy: yes(v('art9.taxonomy')), environmentalNotTaxonomy: yes(v('art9.environmentalNotTaxonomy')), minSocial: num(v('art9.minSocial')), carbonReduction: yes(v('art9.carbonReduction')), parisAligned: yes(v('art9.parisAligned')) }
        : null,
    esgBenchmark: yes(row['20370_Financial_Instrument_Has_A_Reference_ESG_Benchmark']) ? text(v('esgBenchmark')) : null,
    planned: {
      date: v('planned.date'),
      esCharacteristics: num(v('planned.esCharacteristics')),
      sustainable: num(v('planned.sustainable')),
      otherEs: num(v('planned.otherEs')),
      environmental: num(v('planned.environmental')),
      taxonomyAligned: num(v('planned.taxonomyAligned')),
      otherEnvironmental: num(v('planned.otherEnvironmental')),
      social: num(v('planned.social')),
    },
    taxonomy: {
      minInclSovereign: num(v('taxonomy.minInclSovereign')),
      minExclSovereign: num(v('taxonomy.minExclSovereign')),
      externalReview: yes(v('taxonomy.externalReview')),
      methodology: v('taxonomy.methodology'),
      minTransitional: num(v('taxonomy.minTransitional')),
      minEnabling: num(v('taxonomy.minEnabling')),
    },
    fossilGas: pair('fossilGas', 'fossilGas.inclSovereign', 'fossilGas.exclSovereign'),
    nuclear: pair('nuclear', 'nuclear.inclSovereign', 'nuclear.exclSovereign'),
  };
  // Checked by checkEetAnswers against the fund's article (the allocation's sums included).
  return { ...base, precontractual: precontractual as SfdrPrecontractual };
}

/** The delimiter of a file: the one its header (field codes, which contain neither) uses. */
function delimiterOf(text: string): ',' | ';' {
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * Reads a FinDatEx file: the template from its header, its version from its first line, then every
 * line checked against that template (an unknown column, a duplicate one or a mandatory one missing
 * refuses the file at its header line). A file is accepted or refused whole: every problem is listed.
 */
export function readFindatexCsv(input: string, limits = FINDATEX_IMPORT_LIMITS): FindatexRead {
  const delimiter = delimiterOf(input.slice(0, limits.maxLineLength + 2));
  const table = readCsvTable(input, '00001_EMT_Version… (EMT) or 00010_EET_Version… (EET)', limits, delimiter);
  if (!table.ok) return table;
  const at = table.headerLine;
  if (table.header.length > limits.maxColumns) return { ok: false, errors: [fieldError(at, '-', 'too-many-columns', String(table.header.length))] };
  // readCsvTable lower-cases the header: codes are matched without case, and an unknown one is named as written.
  const written = splitCsvLine(input.replace(/^\uFEFF/, '').split(/\r?\n/)[at - 1] ?? '', delimiter) ?? table.header;
  const allCodes = new Map([...TEMPLATES['emt-4.3'].fields, ...TEMPLATES['emt-4.2'].fields, ...TEMPLATES['eet-1.1.2'].fields].map((f) => [f.code.toLowerCase(), f.code]));
  const codes = table.header.map((h, i) => allCodes.get(h) ?? written[i] ?? h);
  const template = templateOf(codes);
  if (!template) return { ok: false, errors: [fieldError(at, C.emtVersion, 'unknown-template')] };
  const versionCode = template === 'emt' ? C.emtVersion : C.eetVersion;
  const firstVersion = table.rows[0]?.cells[codes.indexOf(versionCode)] ?? '';
  const version: TemplateKey | null = template === 'eet' ? (firstVersion === 'V1.1.2' ? 'eet-1.1.2' : null) : firstVersion === 'V4.3' ? 'emt-4.3' : firstVersion === 'V4.2' ? 'emt-4.2' : null;
  if (table.rows.length === 0) return { ok: false, errors: [...table.errors, csvError(at, 'no-rows')] };
  if (!version) return { ok: false, errors: [fieldError(table.rows[0]?.line ?? at, versionCode, 'unknown-version', firstVersion)] };
  const fields = TEMPLATES[version].fields;
  const known = new Set(fields.map((f) => f.code));

  const errors: CsvError[] = [];
  const seen = new Set<string>();
  for (const code of codes) {
    if (!known.has(code)) errors.push(fieldError(at, code, 'unknown-column'));
    else if (seen.has(code)) errors.push(fieldError(at, code, 'duplicate-column'));
    seen.add(code);
  }
  for (const field of fields) if (headerFlag(template, field) === 'M' && !seen.has(field.code)) errors.push(fieldError(at, field.code, 'missing-column'));
  if (errors.length > 0) return { ok: false, errors };

  errors.push(...table.errors);
  const rows: FindatexLine[] = [];
  const isinCode = template === 'emt' ? C.emtIsin : C.eetIsin;
  const lines = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const row: Row = Object.fromEntries(codes.map((code, i) => [code, cells[i] ?? '']));
    const problems = validateRow(fields, row, template === 'emt' ? emtFlagIn(row) : eetFlagIn(row));
    for (const p of problems) errors.push(fieldError(line, p.code, p.problem, p.value));
    const isin = row[isinCode] ?? '';
    const previous = lines.get(isin);
    if (isin !== '' && previous !== undefined) errors.push(fieldError(line, isinCode, 'duplicate-isin', isin));
    else lines.set(isin, line);
    if (problems.length > 0) continue;
    rows.push(
      template === 'emt'
        ? { template, line, isin, sri: num(row[C.sri]), parts: emtParts(row), identity: emtIdentity(row) }
        : { template, line, isin, article: row[C.article] ?? '', answers: eetAnswers(row) },
    );
  }
  errors.sort((a, b) => a.line - b.line);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, template, version, rows };
}

/**
 * A share's distribution data once an EMT line is applied to what is stored: the sections the line
 * reports replace the stored ones, the others (and the PRIIPs answers, which the EMT does not carry)
 * are kept. The result is parsed as every write is (parseShareDistribution, with the share's SRI);
 * every problem is named by the line's field.
 */
export function applyEmtLine(stored: ShareDistribution | null, line: EmtLine, sri: number): { ok: true; data: ShareDistribution } | { ok: false; errors: CsvError[] } {
  if (line.sri !== null && line.sri !== sri) return { ok: false, errors: [fieldError(line.line, C.sri, 'sri-differs', String(line.sri))] };
  if (!stored) return { ok: false, errors: [fieldError(line.line, C.emtIsin, 'no-stored-data', line.isin)] };
  const parsed = parseShareDistribution({ ...stored, ...line.parts }, sri);
  if (parsed.ok) return parsed;
  const errors = parsed.problems.map((p) => fieldError(line.line, emtFieldOf(p.path), p.code));
  return { ok: false, errors: dedupe(errors) };
}

/**
 * A fund's answers from an EET line, for a fund of SFDR article `article`: the file's article must
 * be the fund's, and an article 8 or 9 fund's commitments must hold together (sfdrProblems).
 */
export function checkEetLine(line: EetLine, article: 6 | 8 | 9): { ok: true; answers: FundSustainabilityAnswers } | { ok: false; errors: CsvError[] } {
  if (line.article !== String(article)) return { ok: false, errors: [fieldError(line.line, C.article, 'article-differs', line.article)] };
  if (article === 6) return { ok: true, answers: { ...line.answers, precontractual: null } };
  const parsed = sfdrPrecontractualSchema.safeParse(line.answers.precontractual);
  if (!parsed.success) return { ok: false, errors: dedupe(parsed.error.issues.map((i) => fieldError(line.line, eetFieldOf(i.path.join('.')), 'invalid'))) };
  const problems = sfdrProblems({ ...line.answers, ...parsed.data }, article);
  if (problems.length > 0) return { ok: false, errors: dedupe(problems.map((p) => fieldError(line.line, eetFieldOf(p.path), p.code))) };
  return { ok: true, answers: { ...line.answers, precontractual: parsed.data } };
}

function dedupe(errors: CsvError[]): CsvError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.line}|${e.params.field}|${e.params.problem}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
