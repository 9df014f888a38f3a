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
    "Suspensions and liquidity management tools in force today for the audience's share classes (issue 34); empty when none."
    restrictions: [Restriction!]!
    "The fund's shareholder notices the audience may see, newest announced first (at most 20)."
    notices(limit: Int = 10): [Notice!]!
  }
  "A suspension or a liquidity management tool in force (docs/api.md)."
  type Restriction {
    "suspension or lmt-activated."
    type: String!
    "The liquidity management tool (lmt-activated only): redemption-gate, swing-pricing…"
    tool: String
    "First day in force (YYYY-MM-DD)."
    since: String!
    "Last day in force when known (YYYY-MM-DD); null: until lifted."
    until: String
    title: String!
    "The notice PDF's address in the query's language, if any."
    noticeUrl: String
    "ISINs of the share classes concerned."
    shares: [String!]!
  }
  "A fund event as investors are told of it (issue 34)."
  type Notice {
    id: Int!
    "merger, liquidation, name-change, prospectus-change, suspension, lmt-activated, lmt-lifted or other."
    type: String!
    tool: String
    title: String!
    "Plain text."
    body: String!
    announcedOn: String!
    effectiveOn: String!
    "Exclusive end (last day + 1) of a suspension or tool when known."
    endsOn: String
    inForce: Boolean!
    "ISINs of the share classes concerned the audience may see."
    shares: [String!]!
    documents: [NoticeDocument!]!
  }
  type NoticeDocument {
    title: String!
    locale: String!
    size: Int!
    url: String!
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
    "Its MiFID II target market as the manufacturer states it (docs/distribution-data.md); null while it has none stored."
    targetMarket: TargetMarket
    "Its costs and charges: ex-ante and ex-post rates, and the MiFID II illustration over the fund's recommended holding period; null while it has none stored."
    costs: ShareCosts
  }
  "An answer of the target market: the share is for such clients (YES), not for them (NO, the negative target market), or neither (NEUTRAL)."
  enum TargetMarketAnswer {
    YES
    NO
    NEUTRAL
  }
  "Professional clients: all of them (YES), none (NO), only professionals per se (PER_SE) or only elective professionals (ELECTIVE)."
  enum ProfessionalAnswer {
    YES
    NO
    PER_SE
    ELECTIVE
  }
  "To whom a service may distribute the share: retail clients (RETAIL), professional clients (PROFESSIONAL), both (BOTH) or neither (NONE)."
  enum DistributionChannel {
    RETAIL
    PROFESSIONAL
    BOTH
    NONE
  }
  type TargetMarket {
    "The date of the target market, ISO."
    date: String!
    investorType: TargetMarketInvestors!
    knowledge: TargetMarketKnowledge!
    lossBearing: TargetMarketLossBearing!
    returnProfile: TargetMarketReturnProfile!
    "YES when the share takes the end client's sustainability preferences into account, else NEUTRAL."
    sustainabilityPreferences: TargetMarketAnswer!
    distribution: TargetMarketDistribution!
    "The risk tolerance: the share's SRI, 1 to 7."
    riskTolerance: Int!
    "The minimum recommended holding period in years: the fund's."
    minimumHoldingYears: Int!
    "The answers as the share page says them: who the share is for (positive), then who it is not for; neutral answers are left out."
    statements: [TargetMarketStatement!]!
  }
  type TargetMarketInvestors {
    retail: TargetMarketAnswer!
    professional: ProfessionalAnswer!
    "YES or NO."
    eligibleCounterparty: TargetMarketAnswer!
  }
  type TargetMarketKnowledge {
    basic: TargetMarketAnswer!
    informed: TargetMarketAnswer!
    advanced: TargetMarketAnswer!
  }
  type TargetMarketLossBearing {
    noCapitalLoss: TargetMarketAnswer!
    "Only for a fund with an explicit capital protection or a money market fund; null otherwise."
    limitedCapitalLoss: TargetMarketAnswer
    "The most a client may lose when limitedCapitalLoss is YES, a fraction (0.1 is 10 %)."
    limitedLossLevel: Float
    noCapitalGuarantee: TargetMarketAnswer!
    lossBeyondCapital: TargetMarketAnswer!
  }
  type TargetMarketReturnProfile {
    preservation: TargetMarketAnswer!
    growth: TargetMarketAnswer!
    income: TargetMarketAnswer!
    hedging: TargetMarketAnswer!
  }
  type TargetMarketDistribution {
    executionOnly: DistributionChannel!
    appropriateness: DistributionChannel!
    advice: DistributionChannel!
    portfolioManagement: DistributionChannel!
  }
  type TargetMarketStatement {
    "investors, knowledge, loss, objectives, sustainability or distribution."
    section: String!
    "What the statement is about, e.g. retail, growth, limitedCapitalLoss, advice.B (the service and its channel, R, P, B or N)."
    key: String!
    "true: the share is for such clients; false: it is not."
    positive: Boolean!
    "For limitedCapitalLoss: the most a client may lose, a fraction."
    percent: Float
  }
  "Costs and charges; every rate is a fraction (0.0115 is 1.15 %)."
  type ShareCosts {
    exAnte: ExAnteCosts!
    "The date of the ex-ante costs, ISO."
    exAnteDate: String!
    "The costs charged over the last period; null when not known."
    exPost: ExPostCosts
    "The MiFID II costs and charges illustration; null when the holding period is under a year."
    illustration: CostIllustration
  }
  type ExAnteCosts {
    "Of the amount invested, at most."
    entry: Float!
    "Of the amount redeemed, at most."
    exit: Float!
    "A year, the management and distribution fees included."
    ongoing: Float!
    managementFee: Float!
    distributionFee: Float
    "A year."
    transaction: Float!
    "A year: performance fees and carried interest."
    incidental: Float!
  }
  type ExPostCosts {
    ongoing: Float!
    managementFee: Float!
    distributionFee: Float
    transaction: Float!
    incidental: Float!
    "The period the costs were charged over, ISO dates."
    from: String!
    to: String!
  }
  """
  What the ex-ante costs take from an amount invested on the first day and held the fund's recommended holding period, with a nil
  gross return: the entry cost from the amount invested, the yearly costs from the value at the start of each year, the exit cost
  from the value redeemed (Delegated Regulation 2017/565, Art. 50).
  """
  type CostIllustration {
    "The amount invested: 10,000 in the share's currency."
    amount: Float!
    currency: String!
    "The holding period in years."
    holdingYears: Int!
    years: [CostIllustrationYear!]!
    total: CostIllustrationTotal!
    "What the costs take from the return each year on average, a fraction."
    annualEffect: Float!
  }
  type CostIllustrationYear {
    year: Int!
    entry: Float!
    ongoing: Float!
    transaction: Float!
    incidental: Float!
    exit: Float!
    "Every cost of the year."
    total: Float!
    "total as a fraction of the amount invested."
    share: Float!
    "The value at the end of the year, after its costs."
    valueAfter: Float!
  }
  type CostIllustrationTotal {
    entry: Float!
    ongoing: Float!
    transaction: Float!
    incidental: Float!
    exit: Float!
    total: Float!
    "total as a fraction of the amount invested."
    share: Float!
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
