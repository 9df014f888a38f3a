import type { ShareDistributionView } from './distribution/view';
import type { Locale } from '@/domain/language/locale';
import type { DocumentTypeCode, InvestorProfile } from './catalog';
import type { IsoDate } from './dates';
import type { PerformanceCode } from './performance/compute';

/**
 * What the site shows, in one language: the types the query layer returns and the pages and the
 * GraphQL resolvers consume. Texts are already in the requested locale; dates come raw (ISO) and formatted.
 */

export type DocumentRef = {
  documentType: { code: DocumentTypeCode; title: string };
  title: string;
  fileName: string;
  size: number;
  locale: Locale;
  publishedAt: IsoDate;
  url: string;
  /** A tagged PDF, readable with a screen reader (src/domain/documents/tagged.ts); null: unknown. */
  tagged: boolean | null;
};

export type FetchedData = {
  code: PerformanceCode;
  value: number | null;
  displayValue: string;
  date: IsoDate | null;
  dateTo: string | null;
  benchmarkValue: number | null;
  benchmarkDisplayValue: string;
};

export type CalendarYearReturn = { year: number; value: number; benchmark: number | null };

export type ShareView = {
  id: number;
  fundSlug: string;
  slug: string;
  name: string;
  isinCode: string;
  managementGoal: string;
  inceptionDate: IsoDate;
  formattedInceptionDate: string;
  inceptionNav: number;
  sriLevel: number;
  currency: { code: string; symbol: string };
  lastPrice: { date: IsoDate; formattedDate: string; value: number; displayValue: string } | null;
  /** Every figure of docs/methodology.md, in display order; empty values are there with value null. */
  fetchedData: FetchedData[];
  calendarYears: CalendarYearReturn[];
  lessThanOneYear: boolean;
  inceptionYear: number;
  isMain: boolean;
  active: boolean;
  url: string;
  characteristics: { code: string; value: string }[];
  documents: DocumentRef[];
  visibleTo: InvestorProfile[];
  /** The target market and costs (docs/distribution-data.md); null while the share has none stored. */
  distribution: ShareDistributionView | null;
};

export type FundView = {
  id: number;
  slug: string;
  title: string;
  category: { code: string; title: string; description: string };
  categoryDisplayOrder: number;
  isHighlight: boolean;
  description: string;
  philosophy: string;
  customData: Record<string, unknown>;
  classification: string;
  riskLevel: number;
  sfdrArticle: number;
  minRecommendedInvestmentDuration: number;
  aum: { value: number; currency: string; displayValue: string; date: IsoDate; dateTo: string };
  eligibilities: { code: string; title: string }[];
  specificCategory: { title: string } | null;
  tags: { label: string }[];
  url: string;
  currencies: string[];
  characteristics: { code: string; value: string }[];
  esgLabels: { code: string; title: string }[];
  sfdrDisclosure: { code: string; content: string }[] | null;
  partners: { name: string; url: string; description: string }[];
  benchmark: { code: string; title: string } | null;
  documents: DocumentRef[];
  shares: ShareView[];
  visibleTo: InvestorProfile[];
};

export type FundCategoryView = {
  code: string;
  title: string;
  description: string;
  displayOrder: number;
  funds: FundView[];
};

export type PageView = {
  code: string;
  title: string;
  description: string;
  route: string | null;
  components: { code: string; texts: { code: string; content: string }[] }[];
};

export type CompanyView = {
  title: string;
  baseline: string;
  subBaseline: string;
  infos: { code: string; content: string }[];
  keyFigures: { code: string; value: string; title: string }[];
  /** The legal identity (docs/decisions/059): each part null until entered in the back-office. */
  legal: CompanyLegal;
  /** The brand colours, `#rrggbb` checked again when read; null keeps globals.css's colour. */
  brand: CompanyBrand;
  /** The house's logo, favicon and social image as stored (docs/decisions/062); null where the site keeps its own. */
  images: CompanyImages;
};

/** A stored house image: its address (carrying its hash), type and size. */
export type CompanyImage = { url: string; contentType: string; width: number; height: number };
export type CompanyImages = { logo: CompanyImage | null; favicon: CompanyImage | null; social: CompanyImage | null };

export type CompanyLegal = {
  name: string | null;
  form: string | null;
  registeredOffice: string | null;
  registerNumber: string | null;
  lei: string | null;
  regulator: string | null;
  authorisationNumber: string | null;
  dpoEmail: string | null;
  contactEmail: string | null;
};

export type CompanyBrand = { primary: string | null; dark: string | null; accent: string | null };

export type NewsRouteType = 'external' | 'doc' | 'plain';

export type NewsItemView = {
  id: number;
  group: string;
  slug: string;
  locale: Locale;
  title: string;
  summary: string;
  body: string;
  publishedAt: IsoDate;
  formattedDate: string;
  category: { code: string; title: string };
  externalUrl: string | null;
  author: string | null;
  fund: { slug: string; title: string; url: string } | null;
  documents: DocumentRef[];
  route: string;
  routeType: NewsRouteType;
};
