import type { ExAnteCosts } from '../cost-illustration';
import type { TargetMarket } from '../target-market';
import { TEMPLATES, type Flag, type TemplateField, type TemplateKey } from './templates';
import type { Row } from './validate';

/** Everything the EMT of one share class says, gathered from what the site stores. */
export type EmtShare = {
  isin: string;
  /** The share class's full name, as distributors list it. */
  name: string;
  currency: string;
  /** U: UCITS, N: non-UCITS, UM / NM: money market (EMT 00060). */
  productType: 'U' | 'N' | 'UM' | 'NM';
  performanceFee: boolean;
  /** A distributing share class (it pays out cash), not an accumulating one. */
  distributesCash: boolean;
  manufacturer: { name: string; lei: string | null; email: string | null };
  /** The date the share's data as a whole refers to (EMT 00050). */
  referenceDate: string;
  /** The share's SRI (PRIIPs), 1 to 7, stored for its KID. */
  sri: number;
  /** The fund's recommended holding period, in years. */
  recommendedHoldingYears: number;
  targetMarket: TargetMarket;
  targetMarketDate: string;
  exAnte: ExAnteCosts & { managementFee: number; distributionFee: number | null; referenceDate: string };
  /** Costs over a past period, once the share has one. */
  exPost: { ongoing: number; managementFee: number; distributionFee: number | null; transaction: number; incidental: number; from: string; to: string } | null;
};

/** A fraction as the templates write it: a dot, no exponent, at most 10 decimals (1.15 % is 0.0115). */
export function decimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a number: ${value}`);
  const fixed = value.toFixed(10).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

const yn = (value: boolean) => (value ? 'Y' : 'N');

/** "2026-11-28 14:05:00", in UTC, as the EMT's file generation time. */
export function emtDateTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The EMT row of a share class, keyed by field code; fields the site does not fill are absent (empty
 * in the file). The same data gives the V4.2 row: the fields V4.3 added are not in its template.
 */
export function emtRow(share: EmtShare, generatedAt: Date, version: TemplateKey & `emt-${string}` = 'emt-4.3'): Row {
  const { targetMarket: tm, exAnte, exPost } = share;
  const template = TEMPLATES[version];
  const row: Record<string, string> = {
    '00001_EMT_Version': template.version,
    '00002_EMT_Producer_Name': share.manufacturer.name,
    '00005_File_Generation_Date_And_Time': emtDateTime(generatedAt),
    '00006_EMT_Data_Reporting_Target_Market': 'Y',
    '00007_EMT_Data_Reporting_Ex_Ante': 'Y',
    '00008_EMT_Data_Reporting_Ex_Post': yn(exPost !== null),
    '00010_Financial_Instrument_Identifying_Data': share.isin,
    '00020_Type_Of_Identification_Code_For_The_Financial_Instrument': '1',
    '00030_Financial_Instrument_Name': share.name,
    '00040_Financial_Instrument_Currency': share.currency,
    '00045_Financial_Instrument_Performance_Fee': yn(share.performanceFee),
    '00047_Financial_Instrument_Distribution_Of_Cash': yn(share.distributesCash),
    '00050_General_Reference_Date': share.referenceDate,
    '00060_Financial_Instrument_Product_Type': share.productType,
    '00070_Financial_Instrument_Manufacturer_Name': share.manufacturer.name,
    '01000_Target_Market_Reference_Date': share.targetMarketDate,
    '01010_Investor_Type_Retail': tm.investorType.retail,
    '01020_Investor_Type_Professional': tm.investorType.professional,
    '01030_Investor_Type_Eligible_Counterparty': tm.investorType.eligibleCounterparty,
    '02010_Basic_Investor': tm.knowledge.basic,
    '02020_Informed_Investor': tm.knowledge.informed,
    '02030_Advanced_Investor': tm.knowledge.advanced,
    '03010_Compatible_With_Clients_Who_Can_Not_Bear_Capital_Loss': tm.lossBearing.noCapitalLoss,
    '03040_Compatible_With_Clients_Who_Do_Not_Need_Capital_Guarantee': tm.lossBearing.noCapitalGuarantee,
    '03050_Compatible_With_Clients_Who_Can_Bear_Loss_Beyond_Capital': tm.lossBearing.lossBeyondCapital,
    '04010_Risk_Tolerance_PRIIPS_Methodology': String(share.sri),
    '05010_Return_Profile_Client_Looking_For_Preservation': tm.returnProfile.preservation,
    '05020_Return_Profile_Client_Looking_For_Capital_Growth': tm.returnProfile.growth,
    '05030_Return_Profile_Client_Looking_For_Income': tm.returnProfile.income,
    '05040_Return_Profile_Hedging': tm.returnProfile.hedging,
    '05080_Minimum_Recommended_Holding_Period': decimal(share.recommendedHoldingYears),
    '05105_Does_This_Financial_Instrument_Consider_End_Client_Sustainability_Preferences': tm.sustainabilityPreferences,
    '06010_Execution_Only': tm.distribution.executionOnly,
    '06020_Execution_With_Appropriateness_Test_Or_Non_Advised_Services': tm.distribution.appropriateness,
    '06030_Investment_Advice': tm.distribution.advice,
    '06040_Portfolio_Management': tm.distribution.portfolioManagement,
    '07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired': decimal(exAnte.entry),
    '07050_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Non_Acquired': decimal(exAnte.exit),
    '07100_Financial_Instrument_Gross_Ongoing_Costs': decimal(exAnte.ongoing),
    '07110_Financial_Instrument_Management_Fee': decimal(exAnte.managementFee),
    '07130_Financial_Instrument_Transaction_Costs_Ex_Ante': decimal(exAnte.transaction),
    '07140_Financial_Instrument_Incidental_Costs_Ex_Ante': decimal(exAnte.incidental),
    '07160_Ex_Ante_Costs_Reference_Date': exAnte.referenceDate,
  };
  if (share.manufacturer.lei) row['00073_Financial_Instrument_Manufacturer_LEI'] = share.manufacturer.lei;
  if (share.manufacturer.email) row['00074_Financial_Instrument_Manufacturer_Email'] = share.manufacturer.email;
  if (tm.lossBearing.limitedCapitalLoss !== null) row['03020_Compatible_With_Clients_Who_Can_Bear_Limited_Capital_Loss'] = tm.lossBearing.limitedCapitalLoss;
  if (tm.lossBearing.limitedLossLevel !== null) row['03030_Limited_Capital_Loss_Level'] = decimal(tm.lossBearing.limitedLossLevel);
  if (exAnte.distributionFee !== null) row['07120_Financial_Instrument_Distribution_Fee'] = decimal(exAnte.distributionFee);
  if (exPost) {
    row['08030_Financial_Instrument_Ongoing_Costs_Ex_Post'] = decimal(exPost.ongoing);
    row['08050_Financial_Instrument_Management_Fee_Ex_Post'] = decimal(exPost.managementFee);
    if (exPost.distributionFee !== null) row['08060_Financial_Instrument_Distribution_Fee_Ex_Post'] = decimal(exPost.distributionFee);
    row['08070_Financial_Instrument_Transaction_Costs_Ex_Post'] = decimal(exPost.transaction);
    row['08080_Financial_Instrument_Incidental_Costs_Ex_Post'] = decimal(exPost.incidental);
    row['08090_Beginning_Of_Reference_Period'] = exPost.from;
    row['08100_End_Of_Reference_Period'] = exPost.to;
  }
  // Only the template's own fields: a version without one of them leaves it out.
  const known = new Set(template.fields.map((f) => f.code));
  return Object.fromEntries(Object.entries(row).filter(([code]) => known.has(code)));
}

/** The file's rows: the header of field codes in the template's order, then one row per share. */
export function findatexTable(version: TemplateKey, rows: readonly Row[]): string[][] {
  const codes = TEMPLATES[version].fields.map((f) => f.code);
  return [codes, ...rows.map((row) => codes.map((code) => row[code] ?? ''))];
}

/**
 * A field's flag in this row: the EMT's target market (01xxx–06xxx), ex-ante (07xxx) and ex-post
 * (08xxx) sections are mandatory only when the row says it reports them (00006, 00007, 00008).
 */
export function emtFlagIn(row: Row) {
  const reports = (code: string) => row[code] === 'Y';
  return (field: TemplateField): Flag | undefined => {
    const section = Number(field.code.slice(0, 5));
    if (section >= 1000 && section < 7000 && !reports('00006_EMT_Data_Reporting_Target_Market')) return 'O';
    if (section >= 7000 && section < 8000 && !reports('00007_EMT_Data_Reporting_Ex_Ante')) return 'O';
    if (section >= 8000 && section < 9000 && !reports('00008_EMT_Data_Reporting_Ex_Post')) return 'O';
    return field.flag;
  };
}
