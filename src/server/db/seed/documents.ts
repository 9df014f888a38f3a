import 'server-only';
import { createHash } from 'node:crypto';
import type { DocumentTypeCode } from '@/domain/catalog';
import { formatDate } from '@/domain/language/format';
import { documentTypes } from './fixtures/content/reference';
import { news } from './fixtures/content/news';
import { DEMO_AS_OF } from './fixtures/constants';
import { funds } from './fixtures/funds';
import type { L3, Locale } from './fixtures/types';
import { pdfTagged } from '@/server/documents/tagging';
import { makeDemoPdf } from './pdf';

export type DocumentOwner = { kind: 'fund'; slug: string } | { kind: 'share'; isin: string } | { kind: 'news'; group: string };

export type SeedDocument = {
  owner: DocumentOwner;
  documentTypeCode: DocumentTypeCode;
  locale: Locale;
  title: string;
  fileName: string;
  mimeType: 'application/pdf';
  size: number;
  sha256: string;
  data: Uint8Array;
  publishedAt: string;
  /** Read from the file as an upload's is: the demo PDFs are not tagged (false). */
  tagged: boolean | null;
};

const LOCALES: Locale[] = ['fr', 'en', 'es'];
/** Periodic reports are published in French and English only: Spanish visitors get the French file (fallback). */
const FR_EN_ONLY = new Set<DocumentTypeCode>(['ANNUAL_REPORT', 'SEMI_ANNUAL_REPORT']);

const FOOTER: L3 = {
  fr: 'Aurore Gestion - document de démonstration, société fictive. Ne constitue pas un conseil en investissement.',
  en: 'Aurore Gestion - demonstration document, fictional company. Not investment advice.',
  es: 'Aurore Gestion - documento de demostración, sociedad ficticia. No constituye asesoramiento de inversión.',
};

function typeTitle(code: DocumentTypeCode, locale: Locale): string {
  const type = documentTypes.find((d) => d.code === code);
  return type ? type.title[locale] : code;
}

async function pdfDocument(
  owner: DocumentOwner,
  code: DocumentTypeCode,
  locale: Locale,
  subject: string,
  fileStem: string,
  paragraphs: string[],
  publishedAt: string,
): Promise<SeedDocument> {
  const title = `${typeTitle(code, locale)} - ${subject}`;
  const data = await makeDemoPdf({
    title,
    subtitle: formatDate(publishedAt, locale),
    paragraphs,
    footer: FOOTER[locale],
  });
  return {
    owner,
    documentTypeCode: code,
    locale,
    title,
    fileName: `${fileStem}-${code.toLowerCase().replace(/_/g, '-')}-${locale}.pdf`,
    mimeType: 'application/pdf',
    size: data.byteLength,
    sha256: createHash('sha256').update(data).digest('hex'),
    data,
    publishedAt,
    tagged: await pdfTagged(data),
  };
}

/** Real PDFs for every document the fixtures declare; the types a fixture leaves out stay missing. */
export async function buildDocuments(): Promise<SeedDocument[]> {
  const out: SeedDocument[] = [];
  for (const fund of funds) {
    for (const code of fund.documents) {
      for (const locale of LOCALES) {
        if (FR_EN_ONLY.has(code) && locale === 'es') continue;
        out.push(
          await pdfDocument(
            { kind: 'fund', slug: fund.slug },
            code,
            locale,
            fund.title[locale],
            fund.slug,
            [fund.description[locale], fund.philosophy[locale], fund.classification[locale]],
            DEMO_AS_OF,
          ),
        );
      }
    }
    for (const share of fund.shares) {
      for (const code of share.documents) {
        for (const locale of LOCALES) {
          out.push(
            await pdfDocument(
              { kind: 'share', isin: share.isinCode },
              code,
              locale,
              `${fund.title[locale]} - ${share.name} (${share.isinCode})`,
              share.isinCode.toLowerCase(),
              [share.managementGoal[locale], fund.description[locale]],
              DEMO_AS_OF,
            ),
          );
        }
      }
    }
  }
  for (const item of news.filter((n) => n.hasDocument)) {
    for (const locale of LOCALES) {
      const translation = item.translations[locale];
      out.push(
        await pdfDocument(
          { kind: 'news', group: item.group },
          'NEWS_DOCUMENT',
          locale,
          translation.title,
          translation.slug,
          translation.body.split(/\n{2,}/),
          item.publishedAt,
        ),
      );
    }
  }
  return out;
}
