/**
 * "Information for investors in {country}" (docs/decisions/035): the page a host country's retail
 * investors are owed, as one shape for every country. The seed builds its countries' pages with it
 * (src/server/db/seed/fixtures/content/country-pages.ts) and the back-office prefills a new country's
 * page from its template (countryPageTemplate), which staff then complete and submit (`page.create`).
 *
 * Components, in order: `facilities` (who provides them), `orders` (subscriptions, redemptions and
 * payments), `documents` (prospectus, KIDs, reports), `complaints`, then for a host country of
 * Directive (EU) 2019/1160 `durable-medium` and `authority` (the contact point of the competent
 * authority), and `investor-rights` (Regulation (EU) 2019/1156 art. 4(3)). Each is a title and a text.
 */

export type L3 = { fr: string; en: string; es: string };

export type CountryPageSnapshot = {
  title: L3;
  description: L3;
  components: { code: string; texts: { code: string; content: L3 }[] }[];
};

export type CountryPageFacts = {
  code: string;
  country: L3;
  /** "en France", "au Luxembourg", "in the United Kingdom"… as the title needs it. */
  inCountry: L3;
  entity: string;
  address: string;
  contact: string;
  /** The languages the documents are offered in, written out. */
  languages: L3;
  complaintsBody: L3;
  /**
   * What requires the facilities, as the subject of the first sentence; by default article 92 of the
   * UCITS Directive. Spanish reads "{basis} los presta {entity}".
   */
  basis?: L3;
  /** A host country's contact point of the competent authority (adds `durable-medium` and `authority`). */
  authority?: L3;
  /** The summary of investor rights, where the default one (EU rules) does not hold. */
  investorRights?: L3;
};

const paras = (...parts: string[]): string => parts.join('\n\n');

const section = (code: string, title: L3, body: L3) => ({
  code,
  texts: [
    { code: 'title', content: title },
    { code: 'text', content: body },
  ],
});

const ART_92: L3 = {
  fr: 'Les facilités prévues par l’article 92 de la directive OPCVM',
  en: 'The facilities required by Article 92 of the UCITS Directive',
  es: 'Los servicios previstos en el artículo 92 de la Directiva OICVM',
};

const DEFAULT_RIGHTS: L3 = {
  fr: paras(
    'Vous avez le droit de recevoir gratuitement le prospectus et le DIC avant toute souscription, d’être informé de toute modification importante du fonds et de demander le rachat de vos parts à chaque valeur liquidative.',
    'Vous pouvez déposer une réclamation sans frais, saisir le médiateur compétent et engager une action devant les tribunaux. La société de gestion peut décider de cesser la commercialisation du fonds dans ce pays ; vous en serez informé au préalable.',
  ),
  en: paras(
    'You have the right to receive the prospectus and the KID free of charge before any subscription, to be informed of any material change to the fund and to ask for your units to be redeemed at every net asset value.',
    'You may file a complaint free of charge, refer it to the competent ombudsman and bring an action before the courts. The management company may decide to stop marketing the fund in this country; you will be told beforehand.',
  ),
  es: paras(
    'Tiene derecho a recibir gratuitamente el folleto y el DFI antes de cualquier suscripción, a ser informado de cualquier modificación importante del fondo y a solicitar el reembolso de sus participaciones en cada valor liquidativo.',
    'Puede presentar una reclamación sin coste, acudir al defensor competente y ejercer acciones ante los tribunales. La sociedad gestora puede decidir dejar de comercializar el fondo en este país; se le informará con antelación.',
  ),
};

/** Article 92(1)(e): the information on the facilities' tasks in a durable medium. */
const DURABLE_MEDIUM: L3 = {
  fr: 'Les informations relatives aux tâches de ces facilités vous sont fournies sur un support durable : cette page peut être enregistrée et imprimée, et l’établissement ci-dessus vous les adresse gratuitement par courrier électronique ou sur papier à votre demande. Les avis aux porteurs vous sont communiqués de la même façon.',
  en: 'The information on the tasks these facilities perform is provided to you in a durable medium: this page can be saved and printed, and the entity above sends it to you free of charge by e-mail or on paper on request. Notices to shareholders are provided in the same way.',
  es: 'La información sobre las tareas de estos servicios se le facilita en un soporte duradero: esta página puede guardarse e imprimirse, y la entidad indicada se la envía gratuitamente por correo electrónico o en papel si lo solicita. Los avisos a los partícipes se comunican de la misma forma.',
};

export function countryPageSnapshot(f: CountryPageFacts): CountryPageSnapshot {
  const basis = f.basis ?? ART_92;
  return {
    title: {
      fr: `Informations pour les investisseurs ${f.inCountry.fr}`,
      en: `Information for investors ${f.inCountry.en}`,
      es: `Información para los inversores ${f.inCountry.es}`,
    },
    description: {
      fr: `Facilités offertes aux investisseurs ${f.inCountry.fr} : souscriptions et rachats, documents réglementaires, réclamations et résumé des droits des investisseurs.`,
      en: `Facilities for investors ${f.inCountry.en}: subscriptions and redemptions, regulatory documents, complaints handling and a summary of investor rights.`,
      es: `Servicios para los inversores ${f.inCountry.es}: suscripciones y reembolsos, documentos reglamentarios, reclamaciones y resumen de los derechos de los inversores.`,
    },
    components: [
      section(
        'facilities',
        { fr: 'Facilités aux investisseurs', en: 'Facilities for investors', es: 'Servicios a los inversores' },
        {
          fr: paras(`${basis.fr} sont assurées par <b>${f.entity}</b>, ${f.address}.`, `Contact : ${f.contact}.`),
          en: paras(`${basis.en} are provided by <b>${f.entity}</b>, ${f.address}.`, `Contact: ${f.contact}.`),
          es: paras(`${basis.es} los presta <b>${f.entity}</b>, ${f.address}.`, `Contacto: ${f.contact}.`),
        },
      ),
      section(
        'orders',
        { fr: 'Ordres et paiements', en: 'Orders and payments', es: 'Órdenes y pagos' },
        {
          fr: 'Les ordres de souscription, de rachat et de conversion sont reçus par cet établissement, qui les transmet au dépositaire avant l’heure limite indiquée dans le prospectus. Les prix de rachat et les dividendes sont versés sur le compte de l’investisseur par son intermédiaire.',
          en: 'Subscription, redemption and conversion orders are received by this entity, which passes them on to the custodian before the cut-off time stated in the prospectus. Redemption proceeds and dividends are paid to the investor’s account through their intermediary.',
          es: 'Las órdenes de suscripción, reembolso y conversión las recibe esta entidad, que las transmite al depositario antes de la hora límite indicada en el folleto. Los importes de reembolso y los dividendos se abonan en la cuenta del inversor a través de su intermediario.',
        },
      ),
      section(
        'documents',
        { fr: 'Prospectus, DIC et rapports', en: 'Prospectus, KIDs and reports', es: 'Folleto, DFI e informes' },
        {
          fr: `Le prospectus, les documents d’informations clés (DIC), les statuts et les rapports annuels et semestriels sont disponibles gratuitement sur ce site et auprès de l’établissement ci-dessus, ${f.languages.fr}.`,
          en: `The prospectus, the key information documents (KIDs), the articles of incorporation and the annual and semi-annual reports are available free of charge on this website and from the entity above, ${f.languages.en}.`,
          es: `El folleto, los documentos de datos fundamentales (DFI), los estatutos y los informes anuales y semestrales están disponibles gratuitamente en este sitio y en la entidad indicada, ${f.languages.es}.`,
        },
      ),
      section('complaints', { fr: 'Réclamations', en: 'Complaints', es: 'Reclamaciones' }, f.complaintsBody),
      ...(f.authority
        ? [
            section('durable-medium', { fr: 'Information sur un support durable', en: 'Information in a durable medium', es: 'Información en un soporte duradero' }, DURABLE_MEDIUM),
            section('authority', { fr: 'Autorité compétente', en: 'Competent authority', es: 'Autoridad competente' }, f.authority),
          ]
        : []),
      section(
        'investor-rights',
        { fr: 'Résumé des droits des investisseurs', en: 'Summary of investor rights', es: 'Resumen de los derechos de los inversores' },
        f.investorRights ?? DEFAULT_RIGHTS,
      ),
    ],
  };
}

/** The French preposition before a country's name: "en Belgique", "au Luxembourg", "aux Pays-Bas", "à Malte". */
export function frenchInCountry(name: string): string {
  const n = name.trim();
  if (/^(Malte|Chypre|Monaco|Singapour|Hong Kong|Jersey|Guernesey|Taïwan|Cuba|Madagascar|Maurice)$/i.test(n)) return `à ${n}`;
  if (/^(Mexique|Cambodge|Mozambique|Zimbabwe)$/i.test(n)) return `au ${n}`;
  if (/s$/i.test(n) && !/^(Laos|Honduras)$/i.test(n)) return `aux ${n}`;
  if (/^[aeiouyàâéèêëîïôöùûüœ]/i.test(n) || /e$/i.test(n)) return `en ${n}`;
  return `au ${n}`;
}

/** The English phrase: "in Belgium", "in the United Kingdom", "in the Netherlands". */
export function englishInCountry(name: string): string {
  const n = name.trim();
  return /^(United |Netherlands|Czech Republic|Philippines|Bahamas|Maldives|Seychelles)|\b(Republic|Kingdom|Islands|States|Emirates)\b/.test(n) ? `in the ${n}` : `in ${n}`;
}

/** Where a template's sentence waits for a fact only staff know; a page still holding it is not created. */
export const TEMPLATE_GAP = '[…]';

/**
 * The page a country without one starts from in the back-office: the shape above for a host country
 * of Directive (EU) 2019/1160, its name written in, and the facts that only staff know (the entity
 * providing the facilities, its address and contact, the languages, the complaints route and the
 * competent authority) left as gaps (TEMPLATE_GAP) to fill before submitting.
 */
export function countryPageTemplate(country: { code: string; title: { fr: string; en?: string; es?: string } }): CountryPageSnapshot {
  const name: L3 = { fr: country.title.fr, en: country.title.en || country.title.fr, es: country.title.es || country.title.fr };
  const gap = TEMPLATE_GAP;
  return countryPageSnapshot({
    code: country.code,
    country: name,
    inCountry: { fr: frenchInCountry(name.fr), en: englishInCountry(name.en), es: `en ${name.es}` },
    entity: gap,
    address: gap,
    contact: gap,
    languages: { fr: `en ${gap}`, en: `in ${gap}`, es: `en ${gap}` },
    complaintsBody: {
      fr: `Adressez votre réclamation par écrit à l’établissement ci-dessus, qui en accuse réception et y répond dans les délais de sa procédure de traitement des réclamations. À défaut de réponse satisfaisante, vous pouvez saisir gratuitement ${gap} (médiateur ou organe de règlement extrajudiciaire des litiges ${frenchInCountry(name.fr)}).`,
      en: `Send your complaint in writing to the entity above, which acknowledges it and answers within the time limits of its complaints-handling procedure. Failing a satisfactory answer, you may refer it free of charge to ${gap} (the ombudsman or out-of-court dispute resolution body ${englishInCountry(name.en)}).`,
      es: `Envíe su reclamación por escrito a la entidad indicada, que acusa recibo y responde en los plazos de su procedimiento de tramitación de reclamaciones. A falta de una respuesta satisfactoria, puede acudir gratuitamente a ${gap} (defensor u organismo de resolución extrajudicial de litigios en ${name.es}).`,
    },
    authority: {
      fr: `L’autorité compétente ${frenchInCountry(name.fr)} est ${gap}. L’établissement ci-dessus est le point de contact pour les communications avec elle (article 92, paragraphe 1, point f), de la directive OPCVM).`,
      en: `The competent authority ${englishInCountry(name.en)} is ${gap}. The entity above is the contact point for communications with it (Article 92(1)(f) of the UCITS Directive).`,
      es: `La autoridad competente en ${name.es} es ${gap}. La entidad indicada es el punto de contacto para las comunicaciones con ella (artículo 92, apartado 1, letra f), de la Directiva OICVM).`,
    },
  });
}

/** The fields of a page that still hold a gap of the template, named as the page form names them. */
export function templateGaps(page: { title: Partial<L3>; description: Partial<L3>; components: { code: string; texts: { code: string; content: Partial<L3> }[] }[] }): string[] {
  const out: string[] = [];
  const check = (name: string, value: Partial<L3>) => {
    for (const l of ['fr', 'en', 'es'] as const) if (value[l]?.includes(TEMPLATE_GAP)) out.push(`${name}.${l}`);
  };
  check('title', page.title);
  check('description', page.description);
  for (const c of page.components) for (const t of c.texts) check(`text.${c.code}.${t.code}`, t.content);
  return out;
}
