import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CompanyView } from '@/domain/model';
import { fundJsonLd, newsArticleJsonLd, organizationJsonLd, serializeJsonLd, shareJsonLd } from './json-ld';
import { JsonLd } from './json-ld-script';

const BASE = 'https://www.aurore.example';

const company: CompanyView = {
  title: 'Aurore Gestion',
  baseline: 'Conviction-led investing',
  subBaseline: '',
  infos: [
    { code: 'ADDRESS', content: '24 rue de l’Aurore' },
    { code: 'ZIP_CODE', content: '75002' },
    { code: 'CITY', content: 'Paris' },
    { code: 'PHONE', content: '+33 1 00 00 00 00' },
    { code: 'EMAIL_PRESS', content: 'presse@aurore-gestion.example' },
    { code: 'LINKEDIN', content: 'https://www.linkedin.com/company/aurore-gestion-example' },
  ],
  keyFigures: [],
  legal: { name: null, form: null, registeredOffice: null, registerNumber: null, lei: null, regulator: null, authorisationNumber: null, dpoEmail: null, contactEmail: null },
  brand: { primary: null, dark: null, accent: null },
  images: { logo: null, favicon: null, social: null },
};

const publisher = {
  '@type': 'Organization',
  '@id': 'https://www.aurore.example/#organization',
  name: 'Aurore Gestion',
  logo: 'https://www.aurore.example/icon.svg',
};

describe('organizationJsonLd', () => {
  it('describes the company with its address, phone, press e-mail and LinkedIn page', () => {
    expect(organizationJsonLd(company, BASE, 'en')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://www.aurore.example/#organization',
      name: 'Aurore Gestion',
      url: 'https://www.aurore.example/en',
      logo: 'https://www.aurore.example/icon.svg',
      slogan: 'Conviction-led investing',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '24 rue de l’Aurore',
        postalCode: '75002',
        addressLocality: 'Paris',
        addressCountry: 'FR',
      },
      telephone: '+33 1 00 00 00 00',
      email: 'presse@aurore-gestion.example',
      sameAs: ['https://www.linkedin.com/company/aurore-gestion-example'],
    });
  });

  it('gives the legal name, the LEI and the general contact address once the house entered them', () => {
    const legal = { ...company.legal, name: 'Aurore Gestion SAS', lei: '969500UP76J52A9OXU27', contactEmail: 'contact@aurore-gestion.example' };
    expect(organizationJsonLd({ ...company, legal }, BASE, 'en')).toMatchObject({
      name: 'Aurore Gestion',
      legalName: 'Aurore Gestion SAS',
      leiCode: '969500UP76J52A9OXU27',
      email: 'contact@aurore-gestion.example',
    });
  });

  it('leaves out what the company infos do not give', () => {
    const data = organizationJsonLd({ ...company, baseline: '', infos: [{ code: 'PHONE', content: ' ' }] }, BASE, 'fr');
    expect(Object.keys(data)).toEqual(['@context', '@type', '@id', 'name', 'url', 'logo']);
  });
});

describe('newsArticleJsonLd', () => {
  const item = {
    title: 'Sector <b>view</b>',
    summary: 'We raised <b>industrials</b>.',
    publishedAt: '2024-05-02',
    route: '/en/news/sector-view',
    locale: 'en' as const,
    author: null,
    category: { code: 'MARKETS', title: 'Markets' },
  };

  it('is a NewsArticle published by the company', () => {
    expect(newsArticleJsonLd(item, company, BASE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Sector view',
      description: 'We raised industrials.',
      datePublished: '2024-05-02',
      inLanguage: 'en',
      url: 'https://www.aurore.example/en/news/sector-view',
      mainEntityOfPage: 'https://www.aurore.example/en/news/sector-view',
      articleSection: 'Markets',
      author: publisher,
      publisher,
    });
  });

  it('names the author when there is one', () => {
    expect(newsArticleJsonLd({ ...item, author: 'Camille Roux' }, company, BASE).author).toEqual({ '@type': 'Person', name: 'Camille Roux' });
  });
});

describe('fundJsonLd and shareJsonLd', () => {
  const share = { name: 'Aurore Actions Europe R', isinCode: 'FR0000000001', url: '/fr/funds/actions-europe/shares/r', managementGoal: 'Beat the <i>index</i>.' };
  const fund = {
    title: 'Aurore Actions Europe',
    description: 'European equities.',
    url: '/fr/funds/actions-europe',
    category: { code: 'EQUITY', title: 'Actions', description: '' },
    shares: [share],
  };
  const shareNode = {
    '@type': 'InvestmentFund',
    '@id': 'https://www.aurore.example/fr/funds/actions-europe/shares/r',
    name: 'Aurore Actions Europe R',
    identifier: { '@type': 'PropertyValue', propertyID: 'ISIN', value: 'FR0000000001' },
    url: 'https://www.aurore.example/fr/funds/actions-europe/shares/r',
    description: 'Beat the index.',
    provider: publisher,
  };

  it('describes the fund, its provider and its share classes with their ISIN', () => {
    expect(fundJsonLd(fund, company, BASE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'InvestmentFund',
      '@id': 'https://www.aurore.example/fr/funds/actions-europe',
      name: 'Aurore Actions Europe',
      description: 'European equities.',
      url: 'https://www.aurore.example/fr/funds/actions-europe',
      category: 'Actions',
      provider: publisher,
      isRelatedTo: [shareNode],
    });
  });

  it('describes a share class with a pointer to its fund', () => {
    expect(shareJsonLd(fund, share, company, BASE)).toEqual({
      '@context': 'https://schema.org',
      ...shareNode,
      isRelatedTo: {
        '@type': 'InvestmentFund',
        '@id': 'https://www.aurore.example/fr/funds/actions-europe',
        name: 'Aurore Actions Europe',
        url: 'https://www.aurore.example/fr/funds/actions-europe',
      },
    });
  });
});

describe('shareJsonLd with the last NAV', () => {
  const share = {
    name: 'Aurore Actions Europe C EUR',
    isinCode: 'FR00140A3K73',
    url: '/en/funds/aurore-actions-europe/shares/part-c-eur',
    managementGoal: 'Outperform European equities.',
    currency: { code: 'EUR', symbol: '€' },
    lastPrice: { date: '2026-11-20', formattedDate: '20 Nov 2026', value: 287.1234, displayValue: '€287.12' },
  };
  const fund = { title: 'Aurore Actions Europe', url: '/en/funds/aurore-actions-europe' };

  it('offers the share at its last NAV, in its currency, from the NAV date', () => {
    const data = shareJsonLd(fund, share, company, BASE);
    expect(data.identifier).toEqual({ '@type': 'PropertyValue', propertyID: 'ISIN', value: 'FR00140A3K73' });
    expect(data.offers).toEqual({
      '@type': 'Offer',
      price: 287.1234,
      priceCurrency: 'EUR',
      validFrom: '2026-11-20',
      url: 'https://www.aurore.example/en/funds/aurore-actions-europe/shares/part-c-eur',
    });
  });

  it('has no offer without a NAV', () => {
    expect(shareJsonLd(fund, { ...share, lastPrice: null }, company, BASE).offers).toBeUndefined();
  });
});

describe('serializeJsonLd and <JsonLd>', () => {
  const hostile = { '@type': 'Thing', name: '</script><script>alert(1)</script> <!-- & \u2028' };

  it('escapes <, >, & and line separators, and keeps the same JSON value', () => {
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('renders one application/ld+json script that a text cannot close', () => {
    const html = renderToStaticMarkup(createElement(JsonLd, { data: hostile }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.endsWith('</script>')).toBe(true);
    const body = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(JSON.parse(body)).toEqual(hostile);
  });
});
