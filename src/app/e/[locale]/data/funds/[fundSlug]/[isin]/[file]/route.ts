import { parseIsin } from '@/domain/funds/isin';
import { downloadFileName, isShareDownload, navHistoryCsv, performanceCsv } from '@/domain/csv/share-downloads';
import { costsCsv } from '@/domain/distribution/costs-csv';
import { distributionsCsv } from '@/domain/dividends/csv';
import { pastPerformanceCsv, pastPerformanceYears } from '@/domain/performance/past';
import { scenariosCsv } from '@/domain/performance/scenarios';
import { FINDATEX_VERSION_PARAM, findatexFileName, findatexVersion, parseFindatexFile, type FindatexFormat, type FindatexTemplate } from '@/domain/distribution/findatex/files';
import { TEMPLATES } from '@/domain/distribution/findatex/templates';
import type { Locale } from '@/env';
import { getDb } from '@/server/db';
import { findatexShare } from '@/server/distribution/findatex';
import { findatexBytes, findatexResponse, servedFile } from '@/server/distribution/findatex-file';
import { csvResponse } from '@/server/http/csv-response';
import { notFound } from '@/server/http/document-response';
import { performanceCsvLabels } from '@/server/http/performance-labels';
import { audienceFromRequest, routeLocale } from '@/server/http/request-context';
import { getFund } from '@/server/funds/queries';
import { shareScenarios } from '@/server/scenarios/queries';
import { navHistory } from '@/server/navs/queries';
import { shareDistributions } from '@/server/dividends/queries';

export const dynamic = 'force-dynamic';

/** …/{ISIN}/emt.csv and the other FinDatEx files: the share's row of its audience's range file; a share whose row breaks its template's rules is not served. */
async function findatexShareResponse(request: Request, locale: Locale, isin: string, file: { template: FindatexTemplate; format: FindatexFormat }): Promise<Response> {
  const version = findatexVersion(file.template, new URL(request.url).searchParams.get(FINDATEX_VERSION_PARAM));
  if (!version) return notFound();
  const found = await findatexShare(await getDb(), locale, audienceFromRequest(request), version, isin);
  if (!found || 'excluded' in found) return notFound();
  const name = findatexFileName(isin, file.template, TEMPLATES[version].version.replace(/^V/, ''), file.format, found.generatedAt.toISOString().slice(0, 10));
  return findatexResponse(request, servedFile(await findatexBytes(version, found.table, file.format)), file.format, name);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type Params = { locale: string; fundSlug: string; isin: string; file: string };

/**
 * A share's data as CSV (src/domain/csv/share-downloads.ts): /e/{locale}/data/funds/{fundSlug}/{ISIN}/nav-history.csv,
 * …/performance.csv, its regulatory pages' …/past-performance.csv and …/performance-scenarios.csv, its costs illustration's …/costs.csv, and a distributing share's …/distributions.csv. Validated like the document route: a bad parameter, a share the visitor's profile may not
 * see, or a share younger than a year (no performance may be shown, docs/product.md §4) is a 404.
 */
async function handle(request: Request, { params }: { params: Promise<Params> }): Promise<Response> {
  const { locale: rawLocale, fundSlug, isin: rawIsin, file } = await params;
  const locale = await routeLocale(rawLocale);
  const isin = parseIsin(rawIsin);
  const findatex = parseFindatexFile(file);
  if (!locale || !SLUG.test(fundSlug) || !isin || isin !== rawIsin || (!isShareDownload(file) && !findatex)) return notFound();
  const fund = await getFund(locale, fundSlug, audienceFromRequest(request));
  const share = fund?.shares.find((s) => s.isinCode === isin);
  if (!fund || !share) return notFound();
  if (findatex) return findatexShareResponse(request, locale, isin, findatex);
  if (!isShareDownload(file)) return notFound();
  // The regulatory pages' files exist for every share: "not yet enough data" is a header without rows.
  if (file === 'past-performance.csv') {
    const years = pastPerformanceYears({ ...share, asOf: share.lastPrice?.date ?? null }, fund.benchmark !== null);
    return csvResponse(request, pastPerformanceCsv(years), `${isin}-past-performance.csv`);
  }
  if (file === 'performance-scenarios.csv') {
    return csvResponse(request, scenariosCsv(isin, await shareScenarios(share.id)), `${isin}-performance-scenarios.csv`);
  }
  // The share page's costs and charges illustration, dated by its ex-ante costs; a share without distribution data has none.
  if (file === 'costs.csv') {
    if (!share.distribution) return notFound();
    const { costs } = share.distribution;
    return csvResponse(request, costsCsv(isin, share.currency.code, costs), `${isin}-costs-${costs.exAnteDate}.csv`);
  }
  // A distributing share's dividends (issue 34), the rows of its page's table; an accumulation share has no such file.
  if (file === 'distributions.csv') {
    const dividends = await shareDistributions(await getDb(), { id: share.id, fundSlug: fund.slug, slug: share.slug });
    if (dividends === null) return notFound();
    return csvResponse(request, distributionsCsv(dividends), `${isin}-distributions.csv`);
  }
  if (share.lessThanOneYear || !share.lastPrice) return notFound();
  const asOf = share.lastPrice.date;
  const fileName = downloadFileName(isin, file, asOf);
  if (file === 'nav-history.csv') {
    const navs = await navHistory(await getDb(), share.id);
    return csvResponse(request, navHistoryCsv(isin, share.currency.code, navs), fileName);
  }
  const csv = performanceCsv(
    { isin, currency: share.currency.code, asOf, figures: share.fetchedData, calendarYears: share.calendarYears },
    await performanceCsvLabels(locale),
  );
  return csvResponse(request, csv, fileName);
}

export { handle as GET, handle as HEAD };
