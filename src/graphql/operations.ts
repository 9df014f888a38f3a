/**
 * The queries of docs/product.md §7, as the site and its tests send them. Their field and argument names are binding.
 */
export const LAYOUT_QUERY = /* GraphQL */ `
  query Layout(
    $locale: String!
    $infosCodes: [String!]
    $pagesCodes: [String!]
    $investorProfile: String
    $documentsTypes: [String!]
    $fetchedDataCodes: [String!]
  ) {
    pages(locale: $locale, codes: $pagesCodes) {
      title
      code
      route
      components {
        code
        texts {
          code
          content
        }
      }
    }
    company(locale: $locale) {
      title
      baseline
      subBaseline
      infos(codes: $infosCodes) {
        code
        content
      }
      keyFigures {
        code
        value
        title
      }
    }
    countries(locale: $locale) {
      code
      title
      languages {
        title
        locale
      }
    }
    investorProfiles(locale: $locale) {
      code
      title
    }
    fundCategories(locale: $locale) {
      code
      title
      description
      funds(locale: $locale, investorProfile: $investorProfile) {
        slug
        title
        category {
          title
        }
        categoryDisplayOrder
        isHighlight
        description
        philosophy
        customData
        classification
        riskLevel
        sfdrArticle
        minRecommendedInvestmentDuration
        aum {
          displayValue
          dateTo
        }
        documents(types: $documentsTypes) {
          documentType {
            code
            title
          }
          url
        }
        eligibilities {
          title
          code
        }
        specificCategory {
          title
        }
        tags {
          label
        }
        url
        currencies
        shares(locale: $locale, activeOnly: true, investorProfile: $investorProfile) {
          name
          slug
          isinCode
          managementGoal
          inceptionDate
          formattedInceptionDate
          inceptionNav
          sriLevel
          currency {
            code
            symbol
          }
          lastPrice {
            date
            formattedDate
            displayValue
            value
          }
          fetchedData(codes: $fetchedDataCodes) {
            code
            displayValue
            value
            dateTo
          }
          documents(types: $documentsTypes) {
            documentType {
              code
            }
            url
          }
          url
          lessThanOneYear
          inceptionYear
        }
      }
    }
  }
`;

export const DISCLAIMER_QUERY = /* GraphQL */ `
  query Disclaimers($locale: String!) {
    pages(locale: $locale, codes: ["disclaimers"]) {
      code
      components {
        code
        texts {
          code
          content
        }
      }
    }
  }
`;

export const LAYOUT_VARIABLES = {
  infosCodes: ['ADDRESS', 'ZIP_CODE', 'CITY', 'PHONE', 'EMAIL_PRESS', 'LINKEDIN'],
  pagesCodes: [] as string[],
  documentsTypes: ['PROSPECTUS', 'KIID', 'ESG_MONTHLY_REPORT', 'MONTHLY_REPORT', 'WEEKLY_REPORT'],
  fetchedDataCodes: ['ytd', '1y', '3y', '5y', 'creation_annu'],
};

/**
 * What the disclaimer popup needs in one language (docs/product.md §7 disclaimer query, fetched for each
 * available locale): the disclaimer texts and the investor profiles' titles in that language.
 */
export const DISCLAIMER_POPUP_QUERY = /* GraphQL */ `
  query DisclaimerPopup($locale: String!) {
    pages(locale: $locale, codes: ["disclaimers"]) {
      code
      title
      components {
        code
        texts {
          code
          content
        }
      }
    }
    investorProfiles(locale: $locale) {
      code
      title
      description
    }
  }
`;
