import { decimal, emtDateTime } from './emt';
import { TEMPLATES, type Flag, type TemplateField } from './templates';
import type { Row } from './validate';

/**
 * What the SFDR pre-contractual disclosure of a product says, as the EET asks it (V1.1.2, the
 * "SFDR pre-contractual" and "MiFID products" uses). Shares are fractions (0.5 is 50 %). Stored once
 * per fund: the SFDR product is the fund, and each of its share classes reports the same answers.
 */
export type SfdrProductData = {
  /** 20100: the product considers principal adverse impacts on sustainability factors. */
  paiConsidered: boolean;
  /** 70000: sustainability risks are deemed relevant to the product's returns. */
  sustainabilityRiskRelevant: boolean;
  /** Article 8 only (20170–20210). */
  art8: {
    /** 20170: it commits to a minimum of sustainable investments. */
    sustainableInvestments: boolean;
    /** 20180: that minimum (0 when it makes none). */
    minSustainable: number;
    /** 20190–20210, when it makes sustainable investments: with an objective aligned with the taxonomy, environmental outside it, social. */
    taxonomy: boolean;
    environmentalNotTaxonomy: boolean;
    social: boolean;
  } | null;
  /** Article 9 only (20220–20250, 20570, 20580). */
  art9: {
    minEnvironmental: number;
    taxonomy: boolean;
    environmentalNotTaxonomy: boolean;
    minSocial: number;
    carbonReduction: boolean;
    parisAligned: boolean;
  } | null;
  /** 20370/20380: a reference benchmark designated to attain its characteristics or objective. */
  esgBenchmark: string | null;
  /** 20390–20470: the planned asset allocation of the pre-contractual annex. */
  planned: {
    date: string;
    /** 20400: aligned with the E/S characteristics (#1), for an article 8 product. */
    esCharacteristics: number;
    /** 20420 and its parts: sustainable investments (#1A), environmental, of which taxonomy-aligned and other, social. */
    sustainable: number;
    /** 20430: other E/S characteristics (#1B). */
    otherEs: number;
    environmental: number;
    taxonomyAligned: number;
    otherEnvironmental: number;
    social: number;
  };
  /** 20600–20650: the minimum taxonomy alignment, with and without sovereign bonds, and how it is reviewed and measured. */
  taxonomy: {
    minInclSovereign: number;
    minExclSovereign: number;
    externalReview: boolean;
    /** R: revenue, C: capex, O: opex. */
    methodology: 'R' | 'C' | 'O';
    minTransitional: number;
    minEnabling: number;
  };
  /** 90000 and 90030: it invests in taxonomy-aligned fossil gas or nuclear activities (then their minimum shares). */
  fossilGas: { inclSovereign: number; exclSovereign: number } | null;
  nuclear: { inclSovereign: number; exclSovereign: number } | null;
};

/** Everything the EET row of one share class says. */
export type EetShare = {
  isin: string;
  name: string;
  currency: string;
  /** The fund's SFDR article (6, 8 or 9). */
  sfdrArticle: 6 | 8 | 9;
  manufacturer: { name: string; lei: string | null };
  referenceDate: string;
  /** 20590, the same answer as the EMT's 05105. */
  sustainabilityPreferences: 'Y' | 'Neutral';
  /** Null for an article 6 product, which discloses none of the 20170–90070 answers. */
  sfdr: SfdrProductData | null;
  /** For an article 6 product: whether it considers PAI and sustainability risks (always asked). */
  baseline: { paiConsidered: boolean; sustainabilityRiskRelevant: boolean };
};

const yn = (value: boolean) => (value ? 'Y' : 'N');

/** The EET V1.1.2 row of a share class, keyed by field code; the fields the site does not report are absent. */
export function eetRow(share: EetShare, generatedAt: Date): Row {
  const template = TEMPLATES['eet-1.1.2'];
  const row: Record<string, string> = {
    '00010_EET_Version': template.version,
    '00020_EET_Producer_Name': share.manufacturer.name,
    '00050_EET_File_Generation_Date_And_Time': emtDateTime(generatedAt),
    '00060_EET_Data_Reporting_SFDR_Pre_Contractual': 'Y',
    '00070_EET_Data_Reporting_SFDR_Periodic': 'N',
    '00080_EET_Data_Reporting_SFDR_Entity_Level': 'N',
    '00090_EET_Data_Reporting_MiFID': 'Y',
    '00100_EET_Data_Reporting_IDD': 'N',
    '10000_Manufacturer_Name': share.manufacturer.name,
    '10010_Manufacturer_Code_Type': share.manufacturer.lei ? 'L' : 'N',
    '10040_General_Reference_Date': share.referenceDate,
    '20000_Financial_Instrument_Identifying_Data': share.isin,
    '20010_Financial_Instrument_Type_Of_Identification_Code': '1',
    '20020_Financial_Instrument_Name': share.name,
    '20030_Financial_Instrument_Currency': share.currency,
    '20040_Financial_Instrument_SFDR_Product_Type': String(share.sfdrArticle),
    '20590_Does_This_Financial_Instrument_Consider_End_Client_Sustainability_Preferences': share.sustainabilityPreferences,
  };
  if (share.manufacturer.lei) {
    row['00030_EET_Producer_LEI'] = share.manufacturer.lei;
    row['10020_Manufacturer_Code'] = share.manufacturer.lei;
  }
  const sfdr = share.sfdrArticle === 6 ? null : share.sfdr;
  row['20100_Financial_Instrument_Does_This_Product_Consider_Principle_Adverse_Impact_In_Their_Investment'] = yn(sfdr ? sfdr.paiConsidered : share.baseline.paiConsidered);
  row['70000_Financial_Instrument_Sustainability_Risk_Is_Deemed_To_Be_Relevant'] = yn(sfdr ? sfdr.sustainabilityRiskRelevant : share.baseline.sustainabilityRiskRelevant);
  if (sfdr) {
    if (share.sfdrArticle === 8 && sfdr.art8) {
      const a = sfdr.art8;
      row['20170_Financial_Instrument_Sustainable_Investments_Art_8'] = yn(a.sustainableInvestments);
      row['20180_Financial_Instrument_Products_Minimal_Proportion_Of_Sustainable_Investments_Art_8'] = decimal(a.sustainableInvestments ? a.minSustainable : 0);
      if (a.sustainableInvestments) {
        row['20190_Financial_Instrument_Sustainable_Investment_EU_Taxonomy_Art_8'] = yn(a.taxonomy);
        row['20200_Financial_Instrument_Sustainable_Investment_Environmental_Not_EU_Taxonomy_Art_8'] = yn(a.environmentalNotTaxonomy);
        row['20210_Financial_Instrument_Sustainable_Investment_Social_Objective_Art_8'] = yn(a.social);
      }
    }
    if (share.sfdrArticle === 9 && sfdr.art9) {
      const a = sfdr.art9;
      row['20220_Financial_Instrument_Minimum_Sustainable_Investment_With_Environmental_Objective_Art_9'] = decimal(a.minEnvironmental);
      row['20230_Financial_Instrument_Environmentally_Sustainable_Investment_EU_Taxonomy_Art_9'] = yn(a.taxonomy);
      row['20240_Financial_Instrument_Environmentally_Sustainable_Investment_Not_EU_Taxonomy_Art_9'] = yn(a.environmentalNotTaxonomy);
      row['20250_Financial_Instrument_Minimum_Sustainable_Investment_Social_Objective_Art_9'] = decimal(a.minSocial);
      row['20570_Financial_Instrument_With_Objective_Of_A_Reduction_In_Carbon_Emissions'] = yn(a.carbonReduction);
      row['20580_Financial_Instrument_Aligned_With_Paris_Agreement'] = yn(a.parisAligned);
    }
    row['20370_Financial_Instrument_Has_A_Reference_ESG_Benchmark'] = yn(sfdr.esgBenchmark !== null);
    if (sfdr.esgBenchmark !== null) row['20380_Financial_Instrument_Benchmark_Name'] = sfdr.esgBenchmark;
    const p = sfdr.planned;
    row['20390_Financial_Instrument_Minimum_Or_Planned_Asset_Allocation_Date'] = p.date;
    row['20400_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_With_Environmental_Or_Social_Characteristics'] = decimal(p.esCharacteristics);
    row['20420_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments'] = decimal(p.sustainable);
    row['20430_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Other_Investments_With_Environmental_Or_Social_Characteristics'] = decimal(p.otherEs);
    row['20440_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments_Environmental'] = decimal(p.environmental);
    row['20450_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments_Taxonomy_Aligned'] = decimal(p.taxonomyAligned);
    row['20460_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments_Other_Environmental'] = decimal(p.otherEnvironmental);
    row['20470_Financial_Instrument_EU_SFDR_Minimum_Or_Planned_Investments_Sustainable_Investments_Social'] = decimal(p.social);
    const t = sfdr.taxonomy;
    row['20600_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Incl_Sovereign_Bonds'] = decimal(t.minInclSovereign);
    row['20610_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Excl_Sovereign_Bonds'] = decimal(t.minExclSovereign);
    row['20620_Financial_Instrument_Was_This_Statement_Subject_To_An_External_Review_By_Third_Party'] = yn(t.externalReview);
    row['20630_Financial_Instrument_Methodology_Used_For_Alignment_Calculation_With_EU_Taxonomy'] = t.methodology;
    row['20640_Financial_Instrument_Minimum_Share_Of_Transitional_Activities'] = decimal(t.minTransitional);
    row['20650_Financial_Instrument_Minimum_Share_Of_Enabling_Activities'] = decimal(t.minEnabling);
    row['90000_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Fossil_Gas_Activities'] = yn(sfdr.fossilGas !== null);
    if (sfdr.fossilGas) {
      row['90010_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Fossil_Gas_Incl_Sovereign_Bonds'] = decimal(sfdr.fossilGas.inclSovereign);
      row['90020_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Fossil_Gas_Excl_Sovereign_Bonds'] = decimal(sfdr.fossilGas.exclSovereign);
    }
    row['90030_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Nuclear_Activities'] = yn(sfdr.nuclear !== null);
    if (sfdr.nuclear) {
      row['90040_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Nuclear_Incl_Sovereign_Bonds'] = decimal(sfdr.nuclear.inclSovereign);
      row['90050_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_Nuclear_Excl_Sovereign_Bonds'] = decimal(sfdr.nuclear.exclSovereign);
    }
    if (sfdr.fossilGas || sfdr.nuclear) {
      const gas = sfdr.fossilGas ?? { inclSovereign: 0, exclSovereign: 0 };
      const nuclear = sfdr.nuclear ?? { inclSovereign: 0, exclSovereign: 0 };
      row['90060_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_No_Fossil_Gas_and_Nuclear_Incl_Sovereign_Bonds'] = decimal(Math.max(0, t.minInclSovereign - gas.inclSovereign - nuclear.inclSovereign));
      row['90070_Financial_Instrument_Minimum_Percentage_Investments_Aligned_EU_Taxonomy_No_Fossil_Gas_and_Nuclear_Excl_Sovereign_Bonds'] = decimal(Math.max(0, t.minExclSovereign - gas.exclSovereign - nuclear.exclSovereign));
    }
  }
  return row;
}

/**
 * A field's flag in this row for the SFDR pre-contractual and MiFID-products uses: the template's
 * M for either use, and its conditional fields made mandatory when their condition holds (the
 * template's comments: 10020 with an LEI, 20170–20210 for article 8 and their sub-answers,
 * 20220–20250 and 20570/20580 for article 9, the benchmark, planned allocation, taxonomy and gas
 * and nuclear answers for articles 8 and 9). The "last reported" (periodic) fields stay optional:
 * the site makes no periodic report.
 */
export function eetFlagIn(row: Row) {
  const article = row['20040_Financial_Instrument_SFDR_Product_Type'];
  const is = (code: string, value: string) => row[code] === value;
  const sfdrProduct = article === '8' || article === '9';
  const conditions: Record<string, boolean> = {
    '10020': is('10010_Manufacturer_Code_Type', 'L'),
    '20170': article === '8',
    '20180': article === '8',
    '20190': article === '8' && is('20170_Financial_Instrument_Sustainable_Investments_Art_8', 'Y'),
    '20200': article === '8' && is('20170_Financial_Instrument_Sustainable_Investments_Art_8', 'Y'),
    '20210': article === '8' && is('20170_Financial_Instrument_Sustainable_Investments_Art_8', 'Y'),
    '20220': article === '9',
    '20230': article === '9',
    '20240': article === '9',
    '20250': article === '9',
    '20570': article === '9',
    '20580': article === '9',
    '20370': sfdrProduct,
    '20380': sfdrProduct && is('20370_Financial_Instrument_Has_A_Reference_ESG_Benchmark', 'Y'),
    '90000': sfdrProduct,
    '90030': sfdrProduct,
    '90010': is('90000_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Fossil_Gas_Activities', 'Y'),
    '90020': is('90000_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Fossil_Gas_Activities', 'Y'),
    '90040': is('90030_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Nuclear_Activities', 'Y'),
    '90050': is('90030_Financial_Instrument_Investing_In_EU_Taxonomy_Aligned_Nuclear_Activities', 'Y'),
  };
  for (const code of ['20390', '20400', '20420', '20430', '20440', '20450', '20460', '20470', '20600', '20610', '20620', '20630', '20640', '20650']) conditions[code] = sfdrProduct;
  return (field: TemplateField): Flag | undefined => {
    if (field.sfdrPrecontractual === 'M' || field.mifidProducts === 'M') return 'M';
    return conditions[field.code.slice(0, 5)] ? 'M' : 'O';
  };
}
