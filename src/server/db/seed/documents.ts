import 'server-only';
import { createHash } from 'node:crypto';
import type { DocumentTypeCode } from '@/domain/catalog';
import { formatDate } from '@/domain/language/format';
import { documentTypes } from './fixtures/content/reference';
import { DEMO_AS_OF } from './fixtures/constants';
import { textIn, type HouseFixture } from './fixtures/house';
import type { Locale } from './fixtures/types';
import { pdfTagged } from '@/server/documents/tagging';
import { makeDemoPdf } from './pdf';

export type DocumentOwner = { kind: 'fund'; slug: string } | { kind: 'share'; isin: string } | { kind: 'news'; group: string } | { kind: 'event'; index: number; fundSlug: string };

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

/** Periodic reports are published in French and English only: Spanish visitors get the French file (fallback). */
const FR_EN_ONLY = new Set<DocumentTypeCode>(['ANNUAL_REPORT', 'SEMI_ANNUAL_REPORT']);

function typeTitle(code: DocumentTypeCode, locale: Locale): string {
  const type = documentTypes.find((d) => d.code === code);
  return type ? type.title[locale] : code;
}

async function pdfDocument(
  footer: string,
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
    footer,
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

/** Real PDFs for every document a house's fixtures declare, in its languages; the types a fixture leaves out stay missing. */
export async function buildDocuments(house: HouseFixture): Promise<SeedDocument[]> {
  const out: SeedDocument[] = [];
  const LOCALES = house.locales;
  /** A PDF of this house, its footer in the document's language. */
  const pdf = (owner: DocumentOwner, code: DocumentTypeCode, locale: Locale, subject: string, fileStem: string, paragraphs: string[], publishedAt: string) =>
    pdfDocument(textIn(house.documentFooter, locale), owner, code, locale, subject, fileStem, paragraphs, publishedAt);
  for (const fund of house.funds) {
    for (const code of fund.documents) {
      for (const locale of LOCALES) {
        if (FR_EN_ONLY.has(code) && locale === 'es') continue;
        out.push(
          await pdf(
            { kind: 'fund', slug: fund.slug },
            code,
            locale,
            textIn(fund.title, locale),
            fund.slug,
            [textIn(fund.description, locale), textIn(fund.philosophy, locale), textIn(fund.classification, locale)],
            DEMO_AS_OF,
          ),
        );
      }
    }
    for (const share of fund.shares) {
      for (const code of share.documents) {
        for (const locale of LOCALES) {
          out.push(
            await pdf(
              { kind: 'share', isin: share.isinCode },
              code,
              locale,
              `${textIn(fund.title, locale)} - ${share.name} (${share.isinCode})`,
              share.isinCode.toLowerCase(),
              [textIn(share.managementGoal, locale), textIn(fund.description, locale)],
              DEMO_AS_OF,
            ),
          );
        }
      }
    }
  }
  for (const item of house.news.filter((n) => n.hasDocument)) {
    for (const locale of LOCALES) {
      const translation = (item.translations as Partial<Record<Locale, { slug: string; title: string; body: string }>>)[locale];
      if (!translation) throw new Error(`news ${item.group} has no ${locale} translation`);
      out.push(
        await pdf(
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
  // Each fund event's notice, in the languages it lists, published the day it was announced.
  for (const [index, event] of house.events.entries()) {
    const fund = house.funds.find((f) => f.slug === event.fundSlug);
    if (!fund) throw new Error(`event of unknown fund ${event.fundSlug}`);
    for (const locale of event.noticeLocales) {
      out.push(
        await pdf(
          { kind: 'event', index, fundSlug: fund.slug },
          'FUND_NOTICE',
          locale,
          `${textIn(fund.title, locale)} - ${textIn(event.title, locale)}`,
          `${fund.slug}-${event.effectiveOn}`,
          textIn(event.body, locale).split(/\n{2,}/),
          event.announcedOn,
        ),
      );
    }
  }
  return out;
}
