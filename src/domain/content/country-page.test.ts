import { describe, expect, it } from 'vitest';
import { countryPageSnapshot, countryPageTemplate, englishInCountry, frenchInCountry, templateGaps, TEMPLATE_GAP } from './country-page';

const facts = {
  code: 'BE',
  country: { fr: 'Belgique', en: 'Belgium', es: 'Bélgica' },
  inCountry: { fr: 'en Belgique', en: 'in Belgium', es: 'en Bélgica' },
  entity: 'Banque Exemple',
  address: 'avenue Louise 1, Bruxelles',
  contact: '+32 2 000 00 00',
  languages: { fr: 'en français', en: 'in French', es: 'en francés' },
  complaintsBody: { fr: 'Réclamations.', en: 'Complaints.', es: 'Reclamaciones.' },
};

describe('the information page of a country', () => {
  it('has the facilities, orders, documents, complaints and investor rights, and a host country’s durable medium and authority', () => {
    expect(countryPageSnapshot(facts).components.map((c) => c.code)).toEqual(['facilities', 'orders', 'documents', 'complaints', 'investor-rights']);
    const host = countryPageSnapshot({ ...facts, authority: { fr: 'FSMA', en: 'FSMA', es: 'FSMA' } });
    expect(host.components.map((c) => c.code)).toEqual(['facilities', 'orders', 'documents', 'complaints', 'durable-medium', 'authority', 'investor-rights']);
    expect(host.title).toEqual({ fr: 'Informations pour les investisseurs en Belgique', en: 'Information for investors in Belgium', es: 'Información para los inversores en Bélgica' });
    expect(host.components[0]?.texts[1]?.content.fr).toContain('article 92 de la directive OPCVM sont assurées par <b>Banque Exemple</b>, avenue Louise 1, Bruxelles.');
    expect(host.components.find((c) => c.code === 'authority')?.texts[1]?.content.en).toBe('FSMA');
  });

  it('takes another basis of the facilities and another summary of rights where EU rules do not hold', () => {
    const page = countryPageSnapshot({ ...facts, basis: { fr: 'Les facilités X', en: 'The facilities X', es: 'Los servicios X' }, investorRights: { fr: 'r', en: 'r', es: 'r' } });
    expect(page.components[0]?.texts[1]?.content.es).toMatch(/^Los servicios X los presta <b>Banque Exemple<\/b>/);
    expect(page.components.at(-1)?.texts[1]?.content).toEqual({ fr: 'r', en: 'r', es: 'r' });
  });

  it('writes a country’s name with its French and English article', () => {
    expect(['Belgique', 'Luxembourg', 'Pays-Bas', 'Malte', 'Italie', 'Autriche', 'Portugal', 'Mexique', 'États-Unis', 'Irlande'].map(frenchInCountry)).toEqual([
      'en Belgique', 'au Luxembourg', 'aux Pays-Bas', 'à Malte', 'en Italie', 'en Autriche', 'au Portugal', 'au Mexique', 'aux États-Unis', 'en Irlande',
    ]);
    expect(['Belgium', 'United Kingdom', 'Netherlands', 'Czech Republic', 'Germany'].map(englishInCountry)).toEqual(['in Belgium', 'in the United Kingdom', 'in the Netherlands', 'in the Czech Republic', 'in Germany']);
  });

  it('gives a new country a template in three languages whose gaps are named as the page form names its fields', () => {
    const page = countryPageTemplate({ code: 'IT', title: { fr: 'Italie', en: 'Italy', es: 'Italia' } });
    expect(page.title).toEqual({ fr: 'Informations pour les investisseurs en Italie', en: 'Information for investors in Italy', es: 'Información para los inversores en Italia' });
    expect(page.components.map((c) => c.code)).toContain('authority');
    const gaps = templateGaps(page);
    expect(gaps).toEqual(expect.arrayContaining(['text.facilities.text.fr', 'text.facilities.text.en', 'text.facilities.text.es', 'text.documents.text.fr', 'text.complaints.text.es', 'text.authority.text.en']));
    expect(gaps).not.toContain('title.fr');
    // Filled in, nothing is left.
    const filled = JSON.parse(JSON.stringify(page).replaceAll(TEMPLATE_GAP, 'X'));
    expect(templateGaps(filled)).toEqual([]);
    // A country without an English or Spanish name gets its French one.
    expect(countryPageTemplate({ code: 'XX', title: { fr: 'Pays' } }).title.en).toBe('Information for investors in Pays');
  });
});
