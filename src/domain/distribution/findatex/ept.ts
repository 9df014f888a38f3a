import type { ExAnteCosts } from '../cost-illustration';
import { decimal, emtDateTime } from './emt';
import { TEMPLATES, type Flag, type TemplateField } from './templates';
import type { Row } from './validate';

/** The four PRIIPs scenarios, each an average return a year (0.05 is 5 %), as the KID prints them. */
export type ScenarioReturns = { stress: number; unfavourable: number; moderate: number; favourable: number };

/**
 * Everything the EPT of one share class says: its KID's data. The figures are those the KID pages
 * print (the SRI, the month's scenarios, the ex-ante costs); the narratives come already written in
 * the file's reference language.
 */
export type EptShare = {
  isin: string;
  name: string;
  currency: string;
  manufacturer: { name: string; group: string; lei: string | null; email: string | null };
  kid: { publishedOn: string; url: string | null };
  /** PRIIPs category (Annex II): 2 for a fund with five years of prices. */
  category: 1 | 2 | 3 | 4;
  sri: number;
  /** Market risk measure and credit risk measure (Annex II and III): the SRI is their combination. */
  mrm: number;
  crm: number;
  recommendedHoldingYears: number;
  liquidityRisk: 'M' | 'I' | 'L';
  /** Valuation days a year (252 for a daily NAV). */
  valuationFrequency: '0' | '1' | '2' | '4' | '12' | '24' | '52' | '104' | '252';
  scenarios: { oneYear: ScenarioReturns; rhp: ScenarioReturns; halfRhp: ScenarioReturns | null };
  /** Category 2: whether a benchmark stood in for the share's own prices in the scenarios. */
  benchmarkUsedForScenarios: boolean;
  /** Past performance shown (Art. 8(3)): the pages that show it and its number of years. */
  pastPerformance: { link: string; scenariosLink: string; years: number } | null;
  referenceAmount: number;
  costs: ExAnteCosts;
  narratives: {
    /** ISO 639-2: fra, eng, spa. */
    language: string;
    targetMarket: string;
    objective: string;
    otherRisks: string;
    legalForm: string;
    entryCost: string;
    exitCost: string;
    ongoingCost: string;
    /** When the share has incidental costs (performance fees). */
    performanceFee: string | null;
    /** Category 2: when the unfavourable, moderate and favourable scenarios occurred ("This type of scenario occurred for an investment between…"). */
    scenarioIntervals: { unfavourable: string; moderate: string; favourable: string } | null;
  };
  comprehensionAlert: boolean;
};

const yn = (value: boolean) => (value ? 'Y' : 'N');
/** A narrative cut to its field's length, on a word where it can be. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** The EPT V2.1 row (EU KID, no German MOPs, no structured product part) of a share class, keyed by field code. */
export function eptRow(share: EptShare, generatedAt: Date): Row {
  const template = TEMPLATES['ept-2.1'];
  const { scenarios, costs, narratives: n } = share;
  const max = (code: string) => {
    const field = template.fields.find((f) => f.code === code);
    return field && field.kind === 'text' && field.max ? field.max : 8000;
  };
  const row: Record<string, string> = {
    '00001_EPT_Version': 'V21',
    '00002_EPT_Producer_Name': share.manufacturer.name,
    '00005_File_Generation_Date_And_Time': emtDateTime(generatedAt),
    '00006_EPT_Data_Reporting_Narratives': 'Y',
    '00007_EPT_Data_Reporting_Costs': 'Y',
    '00008_EPT_Data_Reporting_Additional_Requirements_German_MOPs': 'N',
    '00009_EPT_Additional_Information_Structured_Products': 'N',
    '00010_Portfolio_Manufacturer_Name': share.manufacturer.name,
    '00015_Portfolio_Manufacturer_Group_Name': share.manufacturer.group,
    '00030_Portfolio_Identifying_Data': share.isin,
    '00040_Type_Of_Identification_Code_For_The_Fund_Share_Or_Portfolio': '1',
    '00050_Portfolio_Name': share.name,
    '00060_Portfolio_Or_Share_Class_Currency': share.currency,
    '00070_PRIIPs_KID_Publication_Date': share.kid.publishedOn,
    '00080_Portfolio_PRIIPs_Category': String(share.category),
    '00110_Is_An_Autocallable_Product': 'N',
    '00120_Reference_Language': n.language,
    '01010_Valuation_Frequency': share.valuationFrequency,
    '01080_Existing_Credit_Risk': yn(share.crm > 1),
    '01090_SRI': String(share.sri),
    '01095_IS_SRI_Adjusted': 'N',
    '01100_MRM': String(share.mrm),
    '01110_CRM': String(share.crm),
    '01120_Recommended_Holding_Period': decimal(share.recommendedHoldingYears),
    '01125_Has_A_Contractual_Maturity_Date': 'N',
    '01140_Liquidity_Risk': share.liquidityRisk,
    '02030_Portfolio_Return_Unfavourable_Scenario_RHP_Or_First_Call_Date': decimal(scenarios.rhp.unfavourable),
    '02032_Autocall_Applied_Unfavourable_Scenario': 'N',
    '02060_Portfolio_Return_Moderate_Scenario_RHP_Or_First_Call_Date': decimal(scenarios.rhp.moderate),
    '02062_Autocall_Applied_Moderate_Scenario': 'N',
    '02090_Portfolio_Return_Favourable_Scenario_RHP_Or_First_Call_Date': decimal(scenarios.rhp.favourable),
    '02092_Autocall_Applied_Favourable_Scenario': 'N',
    '02120_Portfolio_Return_Stress_Scenario_RHP_Or_First_Call_Date': decimal(scenarios.rhp.stress),
    '02122_Autocall_Applied_Stress_Scenario': 'N',
    '02185_Portfolio_Past_Performance_Disclosure_Required': yn(share.pastPerformance !== null),
    '02220_Reference_Invested_Amount': String(share.referenceAmount),
    '03010_One_Off_Cost_Portfolio_Entry_Cost': decimal(costs.entry),
    '03015_One_Off_Cost_Portfolio_Entry_Cost_Acquired': '0',
    '03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP': decimal(costs.exit),
    '03050_One_Off_Costs_Portfolio_Sliding_Exit_Cost_Indicator': 'N',
    '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs': decimal(costs.ongoing),
    '03080_Ongoing_Costs_Portfolio_Transaction_Costs': decimal(costs.transaction),
    '03090_Existing_Incidental_Costs_Portfolio': yn(costs.incidental > 0),
    '04020_Comprehension_Alert_Portfolio': yn(share.comprehensionAlert),
    '04030_Intended_Target_Market_Retail_Investor_Portfolio': clip(n.targetMarket, max('04030_Intended_Target_Market_Retail_Investor_Portfolio')),
    '04040_Investment_Objective_Portfolio': clip(n.objective, max('04040_Investment_Objective_Portfolio')),
    '04060_Other_Materially_Relevant_Risk_Narrative_Portfolio': clip(n.otherRisks, max('04060_Other_Materially_Relevant_Risk_Narrative_Portfolio')),
    '04070_Type_Of_Underlying_Investment_Option': clip(n.legalForm, max('04070_Type_Of_Underlying_Investment_Option')),
    '04080_Capital_Guarantee': 'N',
    '04120_One_Off_Cost_Portfolio_Entry_Cost_Description': clip(n.entryCost, max('04120_One_Off_Cost_Portfolio_Entry_Cost_Description')),
    '04130_One_Off_Cost_Portfolio_Exit_Cost_Description': clip(n.exitCost, max('04130_One_Off_Cost_Portfolio_Exit_Cost_Description')),
    '04140_Ongoing_Costs_Portfolio_Management_Costs_Description': clip(n.ongoingCost, max('04140_Ongoing_Costs_Portfolio_Management_Costs_Description')),
    '04150_Do_Costs_Depend_On_Invested_Amount': 'N',
  };
  if (share.manufacturer.lei) row['00016_Portfolio_Manufacturer_LEI'] = share.manufacturer.lei;
  if (share.manufacturer.email) {
    row['00004_EPT_Producer_Email'] = share.manufacturer.email;
    row['00017_Portfolio_Manufacturer_Email'] = share.manufacturer.email;
  }
  if (share.kid.url) row['00075_PRIIPs_KID_Web_Address'] = share.kid.url;
  if (share.recommendedHoldingYears > 1) {
    row['02010_Portfolio_Return_Unfavourable_Scenario_1_Year'] = decimal(scenarios.oneYear.unfavourable);
    row['02040_Portfolio_Return_Moderate_Scenario_1_Year'] = decimal(scenarios.oneYear.moderate);
    row['02070_Portfolio_Return_Favourable_Scenario_1_Year'] = decimal(scenarios.oneYear.favourable);
    row['02100_Portfolio_Return_Stress_Scenario_1_Year'] = decimal(scenarios.oneYear.stress);
    // The exit cost after one year: the same rate, no sliding scale (03050 N).
    row['03030_One_Off_Costs_Portfolio_Exit_Cost_At_1_Year'] = decimal(costs.exit);
  }
  if (share.recommendedHoldingYears >= 10 && scenarios.halfRhp) {
    row['02020_Portfolio_Return_Unfavourable_Scenario_Half_RHP'] = decimal(scenarios.halfRhp.unfavourable);
    row['02050_Portfolio_Return_Moderate_Scenario_Half_RHP'] = decimal(scenarios.halfRhp.moderate);
    row['02080_Portfolio_Return_Favourable_Scenario_Half_RHP'] = decimal(scenarios.halfRhp.favourable);
    row['02110_Portfolio_Return_Stress_Scenario_Half_RHP'] = decimal(scenarios.halfRhp.stress);
    row['03040_One_Off_Costs_Portfolio_Exit_Cost_At_Half_RHP'] = decimal(costs.exit);
  }
  if (share.pastPerformance) {
    row['02190_Past_Performance_Link'] = share.pastPerformance.link;
    row['02200_Previous_Performance_Scenarios_Calculation_Link'] = share.pastPerformance.scenariosLink;
    row['02210_Past_Performance_Number_Of_Years'] = String(share.pastPerformance.years);
  }
  if (costs.incidental > 0) {
    row['03095_Incidental_Costs'] = decimal(costs.incidental);
    if (n.performanceFee) row['04090_Portfolio_Performance_Fees_Carried_Interest_Narrative'] = clip(n.performanceFee, max('04090_Portfolio_Performance_Fees_Carried_Interest_Narrative'));
  }
  if (share.category === 2) {
    row['04089_Was_Benchmark_Used_Performance_Calculation'] = yn(share.benchmarkUsedForScenarios);
    const intervals = n.scenarioIntervals;
    if (intervals) {
      row['04086_Description_Past_Interval_Unfavourable_Scenario'] = clip(intervals.unfavourable, max('04086_Description_Past_Interval_Unfavourable_Scenario'));
      row['04087_Description_Past_Interval_Moderate_Scenario'] = clip(intervals.moderate, max('04087_Description_Past_Interval_Moderate_Scenario'));
      row['04088_Description_Past_Interval_Favourable_Scenario'] = clip(intervals.favourable, max('04088_Description_Past_Interval_Favourable_Scenario'));
    }
  }
  return row;
}

/**
 * A field's flag in this row: the template's, with the sections a row says it does not report
 * (00006 narratives 04xxx, 00007 costs 03xxx, 00008 German MOPs 06xxx, 00009 structured products
 * 07xxx) and the UK part (08xxx, for a UK KID) optional, and the conditional fields mandatory when
 * their condition holds (the template's comments).
 */
export function eptFlagIn(row: Row) {
  const is = (code: string, value: string) => row[code] === value;
  const rhp = Number(row['01120_Recommended_Holding_Period'] ?? 0);
  const category2 = is('00080_Portfolio_PRIIPs_Category', '2');
  const conditions: Record<string, boolean> = {
    '00120': is('00006_EPT_Data_Reporting_Narratives', 'Y'),
    '01130': is('01125_Has_A_Contractual_Maturity_Date', 'Y'),
    '02035': is('02032_Autocall_Applied_Unfavourable_Scenario', 'Y'),
    '02065': is('02062_Autocall_Applied_Moderate_Scenario', 'Y'),
    '02095': is('02092_Autocall_Applied_Favourable_Scenario', 'Y'),
    '02125': is('02122_Autocall_Applied_Stress_Scenario', 'Y'),
    '03095': is('03090_Existing_Incidental_Costs_Portfolio', 'Y'),
    '04081': is('04080_Capital_Guarantee', 'Y'),
    '04082': is('04080_Capital_Guarantee', 'Y'),
    '04083': is('04080_Capital_Guarantee', 'Y'),
    '04084': is('04080_Capital_Guarantee', 'Y'),
    '04086': category2,
    '04087': category2,
    '04088': category2,
    '04089': category2,
    '04090': is('03090_Existing_Incidental_Costs_Portfolio', 'Y'),
    '04160': is('04150_Do_Costs_Depend_On_Invested_Amount', 'Y'),
    '07005': is('00110_Is_An_Autocallable_Product', 'Y'),
  };
  for (const code of ['02010', '02040', '02070', '02100', '03030']) conditions[code] = rhp > 1;
  for (const code of ['02020', '02050', '02080', '02110', '03040']) conditions[code] = rhp >= 10;
  for (const code of ['02190', '02200', '02210']) conditions[code] = is('02185_Portfolio_Past_Performance_Disclosure_Required', 'Y');
  const gates: [string, string][] = [
    ['03', '00007_EPT_Data_Reporting_Costs'],
    ['04', '00006_EPT_Data_Reporting_Narratives'],
    ['06', '00008_EPT_Data_Reporting_Additional_Requirements_German_MOPs'],
    ['07', '00009_EPT_Additional_Information_Structured_Products'],
  ];
  return (field: TemplateField): Flag | undefined => {
    const section = field.code.slice(0, 2);
    if (section === '08') return 'O';
    const gate = gates.find(([prefix]) => prefix === section);
    if (gate && !is(gate[1], 'Y')) return 'O';
    if (field.flag === 'C') return conditions[field.code.slice(0, 5)] ? 'M' : 'O';
    return field.flag;
  };
}
