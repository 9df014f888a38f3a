import { TEMPLATE_GAP, type L3 } from '@/domain/content/country-page';
import { paras, section, text } from '../fixtures/content/build';
import { cookies } from '../fixtures/content/pages/parts/rgpd-cookies';
import type { PageFixture } from '../fixtures/types';

/**
 * The content pages of an empty start (SEED_DEMO=false), from neutral templates: every page of
 * PAGE_CODES, so that each route of the SPEC answers, in fr, en and es, with the house's name written
 * in. What only the house knows (its legal form, registration, regulator, address, host, data
 * protection contact, history, expertise…) is a gap, `[…]` (TEMPLATE_GAP), as in the back-office's
 * country-page templates: staff replace each one in the back-office ("Pages") before opening the site.
 * The cookies of the privacy page are the platform's own (SPEC §9), true for every house.
 */
const G = TEMPLATE_GAP;

/** "de Gestion du Levant" / "d’Orion Gestion": the French preposition before a name. */
function frDe(name: string): string {
  return /^[aeiouyhàâéèêëîïôöùûüœ]/i.test(name) ? `d’${name}` : `de ${name}`;
}

function home(n: L3): PageFixture {
  return {
    code: 'home',
    title: { fr: 'Accueil', en: 'Home', es: 'Inicio' },
    description: {
      fr: `Le site ${frDe(n.fr)} est en cours de préparation : ses fonds, leurs documents réglementaires et ses actualités y seront bientôt publiés.`,
      en: `The website of ${n.en} is being prepared: its funds, their regulatory documents and its news will be published here soon.`,
      es: `El sitio web de ${n.es} está en preparación: pronto se publicarán aquí sus fondos, sus documentos reglamentarios y sus noticias.`,
    },
    components: [
      {
        code: 'hero',
        texts: [
          text('title', { fr: 'Bienvenue', en: 'Welcome', es: 'Bienvenido' }),
          text('text', {
            fr: `Ce site présentera les fonds ${frDe(n.fr)}, leurs parts, leurs performances et leurs documents réglementaires, ainsi que ses actualités. Il est en cours de préparation : merci de votre patience.`,
            en: `This website will present the funds of ${n.en}, their share classes, performance and regulatory documents, and its news. It is being prepared: thank you for your patience.`,
            es: `Este sitio presentará los fondos de ${n.es}, sus clases de participaciones, su rentabilidad y sus documentos reglamentarios, así como sus noticias. Está en preparación: gracias por su paciencia.`,
          }),
          text('cta', { fr: 'Nos fonds', en: 'Our funds', es: 'Nuestros fondos' }),
        ],
      },
      {
        code: 'expertise-teaser',
        texts: [
          text('title', { fr: 'Nos expertises', en: 'Our expertise', es: 'Nuestras especialidades' }),
          text('text', {
            fr: 'Les classes d’actifs que nous gérons et notre processus d’investissement.',
            en: 'The asset classes we manage and our investment process.',
            es: 'Las clases de activos que gestionamos y nuestro proceso de inversión.',
          }),
          text('cta', { fr: 'Nos expertises', en: 'Our expertise', es: 'Nuestras especialidades' }),
        ],
      },
      {
        code: 'funds-teaser',
        texts: [
          text('title', { fr: 'Nos fonds', en: 'Our funds', es: 'Nuestros fondos' }),
          text('text', {
            fr: 'Les fonds accessibles selon votre profil d’investisseur. Avant toute souscription, consultez le DIC PRIIPS et le prospectus.',
            en: 'The funds available to your investor profile. Please read the PRIIPs KID and the prospectus before investing.',
            es: 'Los fondos disponibles según su perfil de inversor. Antes de suscribir, consulte el KID PRIIPs y el folleto.',
          }),
          text('cta', { fr: 'Toute la gamme', en: 'Full fund range', es: 'Toda la gama' }),
        ],
      },
      {
        code: 'esg-teaser',
        texts: [
          text('title', { fr: 'Investissement responsable', en: 'Responsible investment', es: 'Inversión responsable' }),
          text('text', {
            fr: 'Comment nous prenons en compte les critères environnementaux, sociaux et de gouvernance.',
            en: 'How we take environmental, social and governance criteria into account.',
            es: 'Cómo tenemos en cuenta los criterios ambientales, sociales y de gobernanza.',
          }),
          text('cta', { fr: 'Notre démarche ESG', en: 'Our ESG approach', es: 'Nuestro enfoque ASG' }),
        ],
      },
      {
        code: 'news-teaser',
        texts: [
          text('title', { fr: 'Actualités', en: 'Latest news', es: 'Actualidad' }),
          text('cta', { fr: 'Toutes les actualités', en: 'All news', es: 'Todas las noticias' }),
        ],
      },
      { code: 'explore', texts: [text('title', { fr: `Découvrir ${n.fr}`, en: `Discover ${n.en}`, es: `Descubra ${n.es}` })] },
      {
        code: 'newsletter-teaser',
        texts: [
          text('title', { fr: 'Restez informé', en: 'Stay informed', es: 'Manténgase informado' }),
          text('text', {
            fr: 'Recevez nos reportings, nos analyses, nos invitations et nos actualités. Vous pouvez vous désabonner à tout moment.',
            en: 'Receive our reports, analysis, invitations and news. You can unsubscribe at any time.',
            es: 'Reciba nuestros informes, análisis, invitaciones y noticias. Puede darse de baja en cualquier momento.',
          }),
          text('cta', { fr: 'Je m’abonne', en: 'Subscribe', es: 'Suscribirme' }),
        ],
      },
    ],
  };
}

function aboutUs(n: L3): PageFixture {
  return {
    code: 'about-us',
    title: { fr: 'Qui sommes-nous', en: 'About us', es: 'Quiénes somos' },
    description: {
      fr: `Qui est ${n.fr} : son histoire, ses valeurs et les équipes qui gèrent ses fonds.`,
      en: `Who ${n.en} is: its history, its values and the people who manage its funds.`,
      es: `Quién es ${n.es}: su historia, sus valores y los equipos que gestionan sus fondos.`,
    },
    components: [
      section(
        'intro',
        { fr: `À propos ${frDe(n.fr)}`, en: `About ${n.en}`, es: `Acerca de ${n.es}` },
        {
          fr: `${n.fr} est une société de gestion de portefeuille ${G}, agréée par ${G}.`,
          en: `${n.en} is a portfolio management company ${G}, authorised by ${G}.`,
          es: `${n.es} es una sociedad gestora de carteras ${G}, autorizada por ${G}.`,
        },
      ),
      section('team', { fr: 'Nos équipes', en: 'Our people', es: 'Nuestros equipos' }, { fr: G, en: G, es: G }),
    ],
  };
}

function expertise(): PageFixture {
  return {
    code: 'expertise',
    title: { fr: 'Nos expertises', en: 'Our expertise', es: 'Nuestras especialidades' },
    description: {
      fr: 'Les classes d’actifs que nous gérons et le processus d’investissement que suivent nos équipes de gestion.',
      en: 'The asset classes we manage and the investment process our portfolio management teams follow.',
      es: 'Las clases de activos que gestionamos y el proceso de inversión que siguen nuestros equipos de gestión.',
    },
    components: [
      section('intro', { fr: 'Nos expertises', en: 'Our expertise', es: 'Nuestras especialidades' }, { fr: G, en: G, es: G }),
      section('investment-process', { fr: 'Notre processus d’investissement', en: 'Our investment process', es: 'Nuestro proceso de inversión' }, { fr: G, en: G, es: G }),
    ],
  };
}

function esg(): PageFixture {
  return {
    code: 'esg',
    title: { fr: 'ESG', en: 'ESG', es: 'ASG' },
    description: {
      fr: 'Comment nous intégrons les critères environnementaux, sociaux et de gouvernance à notre gestion : politique d’exclusion, engagement et vote.',
      en: 'How we integrate environmental, social and governance criteria into our management: exclusion policy, engagement and voting.',
      es: 'Cómo integramos los criterios ambientales, sociales y de gobernanza en nuestra gestión: política de exclusión, implicación y voto.',
    },
    components: [
      section('intro', { fr: 'Notre démarche ESG', en: 'Our ESG approach', es: 'Nuestro enfoque ASG' }, { fr: G, en: G, es: G }),
      section('exclusions', { fr: 'Politique d’exclusion', en: 'Exclusion policy', es: 'Política de exclusión' }, { fr: G, en: G, es: G }),
      section('engagement', { fr: 'Engagement et vote', en: 'Engagement and voting', es: 'Implicación y voto' }, { fr: G, en: G, es: G }),
    ],
  };
}

function sri(): PageFixture {
  return {
    code: 'sri',
    title: { fr: 'Investissement responsable', en: 'Responsible investment', es: 'Inversión responsable' },
    description: {
      fr: 'Notre politique d’investissement responsable, la classification SFDR de nos fonds et leurs labels éventuels.',
      en: 'Our responsible investment policy, the SFDR classification of our funds and any labels they hold.',
      es: 'Nuestra política de inversión responsable, la clasificación SFDR de nuestros fondos y sus posibles sellos.',
    },
    components: [
      section(
        'approach',
        { fr: 'Notre politique', en: 'Our policy', es: 'Nuestra política' },
        {
          fr: paras(G, 'La classification de chaque fonds au sens du règlement (UE) 2019/2088 (SFDR) figure sur sa page, avec ses informations précontractuelles et périodiques.'),
          en: paras(G, 'Each fund’s classification under Regulation (EU) 2019/2088 (SFDR) is shown on its page, with its pre-contractual and periodic disclosures.'),
          es: paras(G, 'La clasificación de cada fondo según el Reglamento (UE) 2019/2088 (SFDR) figura en su página, con su información precontractual y periódica.'),
        },
      ),
    ],
  };
}

function news(n: L3): PageFixture {
  return {
    code: 'news',
    title: { fr: 'Actualités', en: 'News', es: 'Noticias' },
    description: {
      fr: `Les actualités ${frDe(n.fr)} : vie de ses fonds, points de vue sur les marchés et nouvelles de la société de gestion.`,
      en: `News from ${n.en}: updates on its funds, views on the markets and news about the company.`,
      es: `Noticias de ${n.es}: novedades de sus fondos, visión de los mercados y actualidad de la gestora.`,
    },
    components: [
      section(
        'intro',
        { fr: 'Actualités', en: 'News', es: 'Noticias' },
        {
          fr: 'Nos dernières publications : vie de nos fonds, analyses de marché et nouvelles de la société.',
          en: 'Our latest publications: fund updates, market commentary and company news.',
          es: 'Nuestras últimas publicaciones: novedades de los fondos, análisis de mercado y actualidad de la empresa.',
        },
      ),
    ],
  };
}

function contact(n: L3): PageFixture {
  return {
    code: 'contact',
    title: { fr: 'Contact', en: 'Contact', es: 'Contacto' },
    description: {
      fr: `Contactez ${n.fr} : formulaire de contact, abonnement aux publications et candidatures.`,
      en: `Contact ${n.en}: enquiry form, subscription to our publications and job applications.`,
      es: `Contacte con ${n.es}: formulario de contacto, suscripción a nuestras publicaciones y candidaturas.`,
    },
    components: [
      section(
        'intro',
        { fr: 'Nous contacter', en: 'Get in touch', es: 'Contacte con nosotros' },
        {
          fr: 'Une question sur un fonds, un document ou votre investissement ? Écrivez-nous avec le formulaire ci-dessous. Nous ne pouvons pas vous fournir de conseil en investissement personnalisé.',
          en: 'A question about a fund, a document or your investment? Write to us using the form below. Please note that we cannot provide personal investment advice.',
          es: '¿Tiene alguna pregunta sobre un fondo, un documento o su inversión? Escríbanos mediante el formulario. No podemos prestarle asesoramiento de inversión personalizado.',
        },
      ),
      section(
        'address-block',
        { fr: 'Nos bureaux', en: 'Our office', es: 'Nuestra oficina' },
        {
          fr: paras(`<b>${n.fr}</b>`, G),
          en: paras(`<b>${n.en}</b>`, G),
          es: paras(`<b>${n.es}</b>`, G),
        },
      ),
    ],
  };
}

function fundRange(n: L3): PageFixture {
  return {
    code: 'fund-range',
    title: { fr: 'Nos fonds', en: 'Fund range', es: 'Nuestros fondos' },
    description: {
      fr: `La gamme de fonds ${frDe(n.fr)}, avec leurs performances, leurs documents réglementaires et leurs niveaux de risque.`,
      en: `The fund range of ${n.en}, with their performance, regulatory documents and risk indicators.`,
      es: `La gama de fondos de ${n.es}, con su rentabilidad, sus documentos reglamentarios y su nivel de riesgo.`,
    },
    components: [
      {
        code: 'notice',
        texts: [
          text('text', {
            fr: 'Les fonds et parts affichés dépendent du profil d’investisseur choisi. Les performances passées ne préjugent pas des performances futures. Avant toute souscription, lisez le DIC PRIIPS et le prospectus du fonds.',
            en: 'The funds and share classes shown depend on the investor profile you selected. Past performance does not predict future returns. Read the PRIIPs KID and the prospectus before investing.',
            es: 'Los fondos y clases de participaciones mostrados dependen del perfil de inversor elegido. Las rentabilidades pasadas no predicen las futuras. Lea el KID PRIIPs y el folleto antes de invertir.',
          }),
        ],
      },
    ],
  };
}

function legalNotices(n: L3): PageFixture {
  return {
    code: 'legal-notices',
    title: { fr: 'Mentions légales', en: 'Legal notices', es: 'Aviso legal' },
    description: {
      fr: `Mentions légales du site ${frDe(n.fr)} : éditeur, directeur de la publication, hébergeur, propriété intellectuelle et responsabilité.`,
      en: `Legal notices for the ${n.en} website: publisher, publishing director, hosting provider, intellectual property and liability.`,
      es: `Aviso legal del sitio web de ${n.es}: editor, director de la publicación, alojamiento, propiedad intelectual y responsabilidad.`,
    },
    components: [
      section(
        'publisher',
        { fr: 'Éditeur du site', en: 'Publisher', es: 'Editor del sitio' },
        {
          fr: paras(
            `Le présent site est édité par <b>${n.fr}</b>, ${G} (forme sociale et capital), immatriculée sous le numéro ${G}, dont le siège social est situé ${G}.`,
            `${n.fr} est une société de gestion de portefeuille agréée par ${G} sous le numéro ${G}.`,
            `Directeur ou directrice de la publication : ${G}.`,
          ),
          en: paras(
            `This website is published by <b>${n.en}</b>, ${G} (legal form and share capital), registered under number ${G}, whose registered office is at ${G}.`,
            `${n.en} is a portfolio management company authorised by ${G} under number ${G}.`,
            `Publishing director: ${G}.`,
          ),
          es: paras(
            `El presente sitio web es editado por <b>${n.es}</b>, ${G} (forma jurídica y capital), inscrita con el número ${G} y con domicilio social en ${G}.`,
            `${n.es} es una sociedad gestora de carteras autorizada por ${G} con el número ${G}.`,
            `Director o directora de la publicación: ${G}.`,
          ),
        },
      ),
      section(
        'host',
        { fr: 'Hébergement', en: 'Hosting', es: 'Alojamiento' },
        {
          fr: `Le site est hébergé par ${G} (nom, adresse et téléphone de l’hébergeur).`,
          en: `The website is hosted by ${G} (the host’s name, address and telephone number).`,
          es: `El sitio está alojado por ${G} (nombre, dirección y teléfono del proveedor de alojamiento).`,
        },
      ),
      section(
        'intellectual-property',
        { fr: 'Propriété intellectuelle', en: 'Intellectual property', es: 'Propiedad intelectual' },
        {
          fr: `L’ensemble des éléments de ce site (textes, graphiques, logos, documents, données) est la propriété ${frDe(n.fr)} ou de ses partenaires et est protégé par le droit de la propriété intellectuelle. Toute reproduction sans autorisation écrite préalable est interdite.`,
          en: `All the content of this website (text, graphics, logos, documents, data) belongs to ${n.en} or its partners and is protected by intellectual property law. Any reproduction without prior written permission is prohibited.`,
          es: `Todos los elementos de este sitio (textos, gráficos, logotipos, documentos, datos) son propiedad de ${n.es} o de sus socios y están protegidos por la legislación sobre propiedad intelectual. Queda prohibida su reproducción sin autorización previa por escrito.`,
        },
      ),
      section(
        'liability',
        { fr: 'Responsabilité', en: 'Liability', es: 'Responsabilidad' },
        {
          fr: 'Les informations de ce site sont fournies à titre d’information uniquement et ne constituent ni un conseil en investissement, ni une offre de souscription. Les performances passées ne préjugent pas des performances futures.',
          en: 'The information on this website is provided for information only and is neither investment advice nor an offer to subscribe. Past performance does not predict future returns.',
          es: 'La información de este sitio se facilita con carácter exclusivamente informativo y no constituye asesoramiento de inversión ni una oferta de suscripción. Las rentabilidades pasadas no predicen las futuras.',
        },
      ),
    ],
  };
}

function regulatoryInformations(n: L3): PageFixture {
  return {
    code: 'regulatory-informations',
    title: { fr: 'Informations réglementaires', en: 'Regulatory information', es: 'Información reglamentaria' },
    description: {
      fr: `Les informations réglementaires ${frDe(n.fr)} : politiques publiées, traitement des réclamations, conflits d’intérêts et rémunération.`,
      en: `Regulatory information from ${n.en}: published policies, complaints handling, conflicts of interest and remuneration.`,
      es: `Información reglamentaria de ${n.es}: políticas publicadas, tramitación de reclamaciones, conflictos de intereses y remuneración.`,
    },
    components: [
      section(
        'complaints',
        { fr: 'Traitement des réclamations', en: 'Complaints handling', es: 'Tramitación de reclamaciones' },
        {
          fr: `Adressez votre réclamation par écrit à ${G}. À défaut de réponse satisfaisante, vous pouvez saisir gratuitement ${G} (médiateur compétent).`,
          en: `Send your complaint in writing to ${G}. Failing a satisfactory answer, you may refer it free of charge to ${G} (the competent ombudsman).`,
          es: `Envíe su reclamación por escrito a ${G}. A falta de una respuesta satisfactoria, puede acudir gratuitamente a ${G} (defensor competente).`,
        },
      ),
      section(
        'policies',
        { fr: 'Politiques publiées', en: 'Published policies', es: 'Políticas publicadas' },
        {
          fr: `Politique de gestion des conflits d’intérêts, de meilleure sélection et exécution, de rémunération, d’engagement actionnarial et de vote : ${G}.`,
          en: `Conflicts of interest, best selection and execution, remuneration, shareholder engagement and voting policies: ${G}.`,
          es: `Políticas de gestión de conflictos de intereses, de mejor selección y ejecución, de remuneración, de implicación accionarial y de voto: ${G}.`,
        },
      ),
    ],
  };
}

function rgpd(n: L3): PageFixture {
  return {
    code: 'rgpd',
    title: { fr: 'Protection des données personnelles', en: 'Privacy policy', es: 'Protección de datos personales' },
    description: {
      fr: `Comment ${n.fr} traite vos données personnelles : finalités, durées de conservation, vos droits et les cookies du site.`,
      en: `How ${n.en} processes your personal data: purposes, retention periods, your rights and the cookies this website uses.`,
      es: `Cómo trata ${n.es} sus datos personales: finalidades, plazos de conservación, sus derechos y las cookies del sitio.`,
    },
    components: [
      section(
        'controller',
        { fr: 'Responsable du traitement', en: 'Data controller', es: 'Responsable del tratamiento' },
        {
          fr: `Le responsable du traitement des données collectées sur ce site est ${n.fr}, ${G} (adresse). Nous traitons vos données conformément au règlement général sur la protection des données (RGPD).`,
          en: `The controller of the personal data collected on this website is ${n.en}, ${G} (address). We process your data in accordance with the General Data Protection Regulation (GDPR).`,
          es: `El responsable del tratamiento de los datos recogidos en este sitio es ${n.es}, ${G} (dirección). Tratamos sus datos de conformidad con el Reglamento General de Protección de Datos (RGPD).`,
        },
      ),
      section(
        'data-collected',
        { fr: 'Données collectées et finalités', en: 'Data we collect and why', es: 'Datos recogidos y finalidades' },
        {
          fr: 'Par nos formulaires de contact, d’abonnement et de candidature, nous collectons uniquement les données que vous saisissez, pour répondre à votre demande, vous adresser les publications choisies ou examiner votre candidature. Elles sont conservées pendant la durée nécessaire à ces finalités, puis supprimées.',
          en: 'Through our contact, subscription and application forms we collect only the data you enter, to answer your request, send you the publications you chose or consider your application. It is kept for as long as these purposes require, then deleted.',
          es: 'Mediante nuestros formularios de contacto, suscripción y candidatura solo recogemos los datos que usted introduce, para responder a su solicitud, enviarle las publicaciones elegidas o estudiar su candidatura. Se conservan durante el tiempo necesario para estas finalidades y después se suprimen.',
        },
      ),
      section(
        'rights',
        { fr: 'Vos droits', en: 'Your rights', es: 'Sus derechos' },
        {
          fr: `Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité. Pour les exercer, écrivez à ${G} (délégué à la protection des données). Vous pouvez aussi saisir l’autorité de contrôle compétente, ${G}.`,
          en: `You have the right of access, rectification, erasure, restriction, objection and portability. To exercise them, write to ${G} (data protection officer). You may also complain to the competent supervisory authority, ${G}.`,
          es: `Tiene derecho de acceso, rectificación, supresión, limitación, oposición y portabilidad. Para ejercerlos, escriba a ${G} (delegado de protección de datos). También puede presentar una reclamación ante la autoridad de control competente, ${G}.`,
        },
      ),
      cookies,
    ],
  };
}

function accessibility(n: L3): PageFixture {
  return {
    code: 'accessibility',
    title: { fr: 'Accessibilité', en: 'Accessibility', es: 'Accesibilidad' },
    description: {
      fr: `Déclaration d’accessibilité du site ${frDe(n.fr)} : norme suivie, état de conformité, contenus non accessibles, contact et voies de recours.`,
      en: `Accessibility statement for the ${n.en} website: standard applied, conformance status, non-accessible content, contact and enforcement procedure.`,
      es: `Declaración de accesibilidad del sitio web de ${n.es}: norma aplicada, grado de conformidad, contenido no accesible, contacto y reclamaciones.`,
    },
    components: [
      section(
        'commitment',
        { fr: 'Notre engagement', en: 'Our commitment', es: 'Nuestro compromiso' },
        {
          fr: `${n.fr} s’engage à rendre son site internet accessible à toutes et à tous, conformément à la directive (UE) 2019/882 (acte européen sur l’accessibilité). Cette déclaration s’applique à l’ensemble du site, dans ses trois langues.`,
          en: `${n.en} is committed to making its website accessible to everyone, in accordance with Directive (EU) 2019/882 (the European Accessibility Act). This statement applies to the whole website, in its three languages.`,
          es: `${n.es} se compromete a que su sitio web sea accesible para todas las personas, de conformidad con la Directiva (UE) 2019/882 (Acta Europea de Accesibilidad). Esta declaración se aplica a todo el sitio, en sus tres idiomas.`,
        },
      ),
      section(
        'standard',
        { fr: 'Norme appliquée', en: 'Standard applied', es: 'Norma aplicada' },
        {
          fr: 'Le site vise la conformité à la norme européenne EN 301 549, qui reprend les règles pour l’accessibilité des contenus web (WCAG) 2.2, niveau AA.',
          en: 'The website aims to conform to the European standard EN 301 549, which incorporates the Web Content Accessibility Guidelines (WCAG) 2.2, level AA.',
          es: 'El sitio aspira a cumplir la norma europea EN 301 549, que incorpora las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2, nivel AA.',
        },
      ),
      section(
        'status',
        { fr: 'État de conformité', en: 'Conformance status', es: 'Grado de conformidad' },
        {
          fr: `Évaluation réalisée le ${G} par ${G}.`,
          en: `Assessment carried out on ${G} by ${G}.`,
          es: `Evaluación realizada el ${G} por ${G}.`,
        },
      ),
      section(
        'feedback',
        { fr: 'Nous signaler un problème', en: 'Report a problem', es: 'Comunicarnos un problema' },
        {
          fr: `Si vous ne parvenez pas à accéder à un contenu ou à un service, écrivez-nous par le formulaire de contact ou à ${G} : nous vous répondrons et vous fournirons l’information sous une autre forme.`,
          en: `If you cannot access some content or a service, write to us through the contact form or to ${G}: we will answer and provide the information in another form.`,
          es: `Si no puede acceder a un contenido o a un servicio, escríbanos mediante el formulario de contacto o a ${G}: le responderemos y le facilitaremos la información de otra forma.`,
        },
      ),
      section(
        'enforcement',
        { fr: 'Voies de recours', en: 'Enforcement procedure', es: 'Procedimiento de reclamación' },
        {
          fr: `Si notre réponse ne vous satisfait pas, vous pouvez saisir l’autorité chargée du contrôle de l’accessibilité, ${G}.`,
          en: `If our answer does not satisfy you, you may refer the matter to the authority in charge of accessibility enforcement, ${G}.`,
          es: `Si nuestra respuesta no le satisface, puede dirigirse a la autoridad encargada de velar por la accesibilidad, ${G}.`,
        },
      ),
    ],
  };
}

function disclaimers(n: L3): PageFixture {
  return {
    code: 'disclaimers',
    title: { fr: 'Conditions d’accès', en: 'Terms of access', es: 'Condiciones de acceso' },
    description: {
      fr: `Conditions d’accès au site ${frDe(n.fr)} : informations non contractuelles, absence de conseil en investissement, risque de perte en capital.`,
      en: `Terms of access to the ${n.en} website: information only, no investment advice, risk of capital loss, past performance.`,
      es: `Condiciones de acceso al sitio de ${n.es}: información no contractual, sin asesoramiento de inversión, riesgo de pérdida de capital.`,
    },
    components: [
      {
        code: 'disclaimers',
        texts: [
          text('title', { fr: 'Conditions générales d’accès au site', en: 'General terms of access to this website', es: 'Condiciones generales de acceso al sitio' }),
          text('main', {
            fr: paras(
              `Les informations présentées sur ce site sont publiées par ${n.fr}, société de gestion de portefeuille agréée par ${G}. Elles sont fournies <b>à titre d’information uniquement</b> et ne constituent ni un conseil en investissement, ni une offre d’achat ou de vente de parts de fonds.`,
              'Le contenu du site est adapté au pays et au <b>profil d’investisseur</b> que vous avez sélectionnés. En le validant, vous déclarez appartenir à ce profil.',
              'Avant toute décision d’investissement, lisez le <b>document d’informations clés (DIC PRIIPS)</b> et le <b>prospectus</b> du fonds. Tout investissement comporte un <b>risque de perte en capital</b>.',
              'En cochant la case ci-dessous, vous reconnaissez avoir pris connaissance de ces conditions et les accepter.',
            ),
            en: paras(
              `The information on this website is published by ${n.en}, a portfolio management company authorised by ${G}. It is provided <b>for information purposes only</b> and is neither investment advice nor an offer to buy or sell fund units or shares.`,
              'The content is tailored to the country and <b>investor profile</b> you selected. By confirming, you declare that you belong to that profile.',
              'Before making any investment decision, read the fund’s <b>PRIIPs key information document (KID)</b> and its <b>prospectus</b>. Every investment carries a <b>risk of capital loss</b>.',
              'By ticking the box below, you confirm that you have read and accept these terms.',
            ),
            es: paras(
              `La información de este sitio la publica ${n.es}, sociedad gestora de carteras autorizada por ${G}. Se facilita <b>con carácter exclusivamente informativo</b> y no constituye asesoramiento de inversión ni una oferta de compra o venta de participaciones de fondos.`,
              'El contenido se adapta al país y al <b>perfil de inversor</b> que ha seleccionado. Al confirmar, declara pertenecer a dicho perfil.',
              'Antes de tomar cualquier decisión de inversión, lea el <b>documento de datos fundamentales (KID PRIIPs)</b> y el <b>folleto</b> del fondo. Toda inversión conlleva un <b>riesgo de pérdida de capital</b>.',
              'Al marcar la casilla siguiente, reconoce haber leído y aceptado estas condiciones.',
            ),
          }),
          text('performances-passees', {
            fr: 'Les performances passées ne préjugent pas des performances futures. Elles ne sont pas constantes dans le temps. Le capital investi n’est pas garanti.',
            en: 'Past performance does not predict future returns. It is not constant over time. The capital invested is not guaranteed.',
            es: 'Las rentabilidades pasadas no predicen las futuras. No son constantes en el tiempo. El capital invertido no está garantizado.',
          }),
        ],
      },
    ],
  };
}

/** Every page of PAGE_CODES, in its order, for the house named `name`. */
export function basePages(name: L3): PageFixture[] {
  return [
    home(name),
    aboutUs(name),
    expertise(),
    esg(),
    sri(),
    news(name),
    contact(name),
    fundRange(name),
    legalNotices(name),
    regulatoryInformations(name),
    rgpd(name),
    accessibility(name),
    disclaimers(name),
  ];
}
