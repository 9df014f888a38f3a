import 'server-only';
/**
 * The GraphQL contract. Field and argument names of docs/product.md §7 are binding (pages, company, countries,
 * investorProfiles, fundCategories with funds and shares); the rest serves the pages of the site.
 * Dates come twice: raw ISO (date, inceptionDate…) and formatted for the requested locale
 * (dateTo, formattedDate, formattedInceptionDate…).
 */
export const typeDefs = /* GraphQL */ `
  scalar JSON

  type Query {
    "Server pages with their coded components and texts. codes empty or absent: every page."
    pages(locale: String!, codes: [String!]): [Page!]!
    page(locale: String!, code: String!): Page
    company(locale: String!): Company
    countries(locale: String!): [Country!]!
    investorProfiles(locale: String!): [InvestorProfile!]!
    fundCategories(locale: String!): [FundCategory!]!
    "Every fund the profile may see in the country of residence (a country code of countries; absent: the site's default country), sorted by category display order."
    funds(locale: String!, investorProfile: String, country: String): [Fund!]!
    fund(locale: String!, slug: String!, investorProfile: String, country: String): Fund
    share(locale: String!, fundSlug: String!, slug: String!, investorProfile: String, country: String): Share
    shareByIsin(locale: String!, isinCode: String!, investorProfile: String, country: String): Share
    documentTypes(locale: String!): [DocumentType!]!
    newsCategories(locale: String!): [NewsCategory!]!
    news(locale: String!, category: String, fundSlug: String, limit: Int = 12, offset: Int = 0, investorProfile: String): NewsPage!
    newsItem(locale: String!, slug: String!, investorProfile: String, country: String): NewsItem
  }

  type Page {
    title: String!
    code: String!
    "Localized path of the page, e.g. /fr/nous-connaitre; null for pages without a route (disclaimers)."
    route: String
    description: String!
    components: [Component!]!
  }
  type Component {
    code: String!
    texts: [Text!]!
  }
  type Text {
    code: String!
    content: String!
  }

  type Company {
    title: String!
    baseline: String!
    subBaseline: String!
    infos(codes: [String!]): [Info!]!
    keyFigures: [KeyFigure!]!
  }
  type Info {
    code: String!
    content: String!
  }
  type KeyFigure {
    code: String!
    value: String!
    title: String!
  }

  type Country {
    code: String!
    title: String!
    languages: [Language!]!
  }
  type Language {
    title: String!
    locale: String!
  }
  type InvestorProfile {
    code: String!
    title: String!
    description: String!
  }

  type FundCategory {
    code: String!
    title: String!
    description: String!
    displayOrder: Int!
    funds(locale: String, investorProfile: String, country: String): [Fund!]!
  }

  type Fund {
    slug: String!
    title: String!
    category: FundCategoryRef!
    categoryDisplayOrder: Int!
    isHighlight: Boolean!
    description: String!
    philosophy: String!
    customData: JSON!
    classification: String!
    riskLevel: Int!
    sfdrArticle: Int!
    "Years."
    minRecommendedInvestmentDuration: Int!
    aum: Aum!
    shares(locale: String, activeOnly: Boolean = true, investorProfile: String, country: String): [Share!]!
    mainShare: Share
    documents(types: [String!]): [Document!]!
    eligibilities: [Eligibility!]!
    specificCategory: SpecificCategory
    tags: [Tag!]!
    url: String!
    currencies: [String!]!
    characteristics: [Characteristic!]!
    esgLabels: [EsgLabel!]!
    "SFDR Art. 10 website disclosures (article 8 and 9 funds)."
    sfdrDisclosure: [DisclosureSection!]
    partners: [Partner!]!
    benchmark: Benchmark
    news(limit: Int = 6): [NewsItem!]!
    portfolio: Portfolio
  }
  type FundCategoryRef {
    code: String!
    title: String!
    description: String!
  }
  type Aum {
    value: Float!
    currency: String!
    displayValue: String!
    date: String!
    dateTo: String!
  }
  type Eligibility {
    title: String!
    code: String!
  }
  type SpecificCategory {
    title: String!
  }
  type Tag {
    label: String!
  }
  type Characteristic {
    code: String!
    value: String!
  }
  type EsgLabel {
    code: String!
    title: String!
  }
  type DisclosureSection {
    code: String!
    content: String!
  }
  type Partner {
    name: String!
    url: String!
    description: String!
  }
  type Benchmark {
    code: String!
    title: String!
  }

  type Share {
    name: String!
    slug: String!
    isinCode: String!
    managementGoal: String!
    inceptionDate: String!
    formattedInceptionDate: String!
    inceptionNav: Float!
    sriLevel: Int!
    currency: Currency!
    lastPrice: Price
    fetchedData(codes: [String!]): [FetchedData!]!
    calendarYears: [CalendarYear!]!
    documents(types: [String!]): [Document!]!
    characteristics: [Characteristic!]!
    url: String!
    isMain: Boolean!
    lessThanOneYear: Boolean!
    inceptionYear: Int!
    fundSlug: String!
    "Growth of the share and its benchmark rebased to 100; period: 1m 3m 6m ytd 1y 3y 5y 10y inception. maxPoints: 10 to 2600."
    growth(period: String!, maxPoints: Int = 260): Growth
    "Net asset values from a date (all when absent), thinned to maxPoints: 2 to 2600."
    navHistory(from: String, maxPoints: Int = 260): [SeriesPoint!]!
    "Where the share class may be marketed today: each country with the investor profiles it is registered for there."
    registrations: [Registration!]!
  }
  type Registration {
    country: String!
    investorProfiles: [String!]!
  }
  type Currency {
    code: String!
    symbol: String!
  }
  type Price {
    date: String!
    formattedDate: String!
    displayValue: String!
    value: Float!
  }
  type FetchedData {
    code: String!
    displayValue: String!
    value: Float
    date: String
    dateTo: String
    benchmarkValue: Float
    benchmarkDisplayValue: String!
  }
  type CalendarYear {
    year: Int!
    value: Float!
    benchmark: Float
  }
  type Growth {
    period: String!
    from: String!
    share: [SeriesPoint!]!
    benchmark: [SeriesPoint!]!
  }
  type SeriesPoint {
    date: String!
    value: Float!
  }

  type DocumentType {
    code: String!
    title: String!
  }
  type Document {
    documentType: DocumentType!
    title: String!
    fileName: String!
    size: Int!
    locale: String!
    publishedAt: String!
    url: String!
  }

  type Portfolio {
    date: String!
    formattedDate: String!
    holdings: [Holding!]!
    allocations(dimension: String): [Allocation!]!
  }
  type Holding {
    name: String!
    isinCode: String
    weight: Float!
    assetClass: String!
    sector: String!
    countryCode: String!
  }
  type Allocation {
    dimension: String!
    code: String!
    label: String!
    weight: Float!
  }

  type NewsCategory {
    code: String!
    title: String!
  }
  type NewsPage {
    items: [NewsItem!]!
    total: Int!
  }
  type NewsItem {
    slug: String!
    title: String!
    summary: String!
    "Rich text cleaned to b, i, strong and a[href] (docs/product.md §5)."
    body: String!
    publishedAt: String!
    formattedDate: String!
    category: NewsCategory!
    externalUrl: String
    author: String
    fund: NewsFund
    documents: [Document!]!
    route: String!
    "external, doc or plain (docs/product.md §2)."
    routeType: String!
  }
  type NewsFund {
    slug: String!
    title: String!
    url: String!
  }
`;
