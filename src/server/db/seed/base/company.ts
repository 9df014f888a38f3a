import type { L3 } from '@/domain/content/country-page';
import type { CompanyFixture } from '../fixtures/types';

/**
 * The company row of an empty start: the house's name (COMPANY_NAME, or the neutral one), a baseline
 * saying the site is being prepared, and no info or key figure (the footer and the contact page show
 * what exists; an address or a phone made up here would be false). Staff complete it in the
 * back-office ("Company").
 */
export function baseCompany(name: L3): CompanyFixture {
  return {
    title: name,
    baseline: {
      fr: 'Notre site est en cours de préparation',
      en: 'Our website is being prepared',
      es: 'Nuestro sitio web está en preparación',
    },
    subBaseline: {
      fr: 'Nos fonds, leurs documents réglementaires et nos actualités seront publiés ici dès qu’ils seront prêts.',
      en: 'Our funds, their regulatory documents and our news will be published here as soon as they are ready.',
      es: 'Nuestros fondos, sus documentos reglamentarios y nuestras noticias se publicarán aquí en cuanto estén listos.',
    },
    infos: [],
    keyFigures: [],
  };
}

