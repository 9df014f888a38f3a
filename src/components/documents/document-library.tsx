import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/env';
import {
  EMPTY_LIBRARY_QUERY,
  libraryFilterCount,
  librarySearch,
  type LibraryDocument,
  type LibraryFacets,
  type LibraryQuery,
} from '@/domain/documents/library';
import { MAX_SEARCH_LENGTH } from '@/domain/funds/finder';
import { formatDate } from '@/domain/language/format';
import type { RestrictionView } from '@/domain/events/notices';
import { RestrictionFlag } from '@/components/notices/restriction-flag';

type Props = {
  locale: Locale;
  /** The library's path in the page's language (the form's action). */
  action: string;
  facets: LibraryFacets;
  query: LibraryQuery;
  rows: LibraryDocument[];
  total: number;
  pageCount: number;
  archiveYears: number;
  /** The suspensions and tools in force, by fund slug: the fund is flagged (issue 34). */
  restrictions?: ReadonlyMap<string, RestrictionView[]>;
};

const control =
  'mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-base text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
const link = 'font-semibold text-brand underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The document library (docs/decisions/032): a plain GET form whose fields are the query string, so it
 * works without JavaScript and every filtered list has a URL, then one page of documents as a table.
 */
export async function DocumentLibrary({ locale, action, facets, query, rows, total, pageCount, archiveYears, restrictions }: Props) {
  const t = await getTranslations('DocumentLibrary');
  const href = (q: LibraryQuery) => {
    const search = librarySearch(q);
    return search ? `${action}?${search}` : action;
  };
  const funds = new Map(facets.funds.map((f) => [f.slug, f]));
  const types = new Map(facets.types.map((type) => [type.code, type.title]));
  const language = (l: Locale) => t(`languages.${l}`);
  const filtered = libraryFilterCount(query) > 0 || query.archive;
  return (
    <>
      <p className="mb-6 text-lg">{query.archive ? t('archiveIntro', { years: archiveYears }) : t('intro')}</p>
      <p className="mb-6">
        <a href={href({ ...EMPTY_LIBRARY_QUERY, archive: !query.archive })} className={link}>
          {query.archive ? t('currentLink') : t('archiveLink')}
        </a>
      </p>
      <section aria-labelledby="library-form-title" className="mb-8 rounded border border-slate-200 bg-slate-50 p-4 md:p-6">
        <h2 id="library-form-title" className="text-xl font-semibold">
          {t('formTitle')}
        </h2>
        <form method="get" action={action} aria-labelledby="library-form-title" className="mt-3">
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            <div className="md:col-span-2 lg:col-span-3">
              <Field id="library-q" label={t('search')} hint={t('searchHint')}>
                <input
                  id="library-q"
                  type="search"
                  name="q"
                  defaultValue={query.q}
                  maxLength={MAX_SEARCH_LENGTH}
                  autoComplete="off"
                  aria-describedby="library-q-hint"
                  className={control}
                />
              </Field>
            </div>
            <Field id="library-fund" label={t('fund')}>
              <select id="library-fund" name="fund" defaultValue={query.fund ?? ''} className={control}>
                <option value="">{t('allFunds')}</option>
                {facets.funds.map((f) => (
                  <option key={f.slug} value={f.slug}>
                    {f.title}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="library-share" label={t('share')}>
              <select id="library-share" name="share" defaultValue={query.share ?? ''} className={control}>
                <option value="">{t('allShares')}</option>
                {facets.funds
                  .filter((f) => f.shares.length > 0)
                  .map((f) => (
                    <optgroup key={f.slug} label={f.title}>
                      {f.shares.map((s) => (
                        <option key={s.isinCode} value={s.isinCode}>
                          {`${s.name} (${s.isinCode})`}
                        </option>
                      ))}
                    </optgroup>
                  ))}
              </select>
            </Field>
            <Field id="library-type" label={t('type')}>
              <select id="library-type" name="type" defaultValue={query.type ?? ''} className={control}>
                <option value="">{t('allTypes')}</option>
                {facets.types.map((type) => (
                  <option key={type.code} value={type.code}>
                    {type.title}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="library-language" label={t('language')}>
              <select id="library-language" name="language" defaultValue={query.language ?? ''} className={control}>
                <option value="">{t('allLanguages')}</option>
                {facets.languages.map((l) => (
                  <option key={l} value={l}>
                    {language(l)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="library-month" label={t('month')} hint={t('monthHint')}>
              <input
                id="library-month"
                type="month"
                name="month"
                defaultValue={query.month ?? ''}
                pattern="[0-9]{4}-[0-9]{2}"
                aria-describedby="library-month-hint"
                className={control}
              />
            </Field>
            <Field id="library-from" label={t('from')}>
              <input id="library-from" type="date" name="from" defaultValue={query.from ?? ''} className={control} />
            </Field>
            <Field id="library-to" label={t('to')}>
              <input id="library-to" type="date" name="to" defaultValue={query.to ?? ''} className={control} />
            </Field>
            <div className="flex items-end gap-2 pb-2">
              <input id="library-archive" type="checkbox" name="archive" value="1" defaultChecked={query.archive} className="size-5" />
              <label htmlFor="library-archive" className="font-semibold">
                {t('archive')}
              </label>
            </div>
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-4">
            <button
              type="submit"
              className="rounded bg-brand forced-colors:border px-5 py-2.5 font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              {t('submit')}
            </button>
            {filtered ? (
              <a href={action} className={link}>
                {t('reset')}
              </a>
            ) : null}
          </div>
        </form>
      </section>
      <p role="status" className="mb-3 font-semibold">
        {t('count', { count: total })}
      </p>
      {rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{query.archive ? t('archiveCaption') : t('caption')}</caption>
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="px-2 py-2">
                  {t('colDocument')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('colFund')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('colShare')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('colLanguage')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {query.archive ? t('colValidity') : t('colPublished')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const fund = funds.get(row.fundSlug);
                const share = row.isinCode ? fund?.shares.find((s) => s.isinCode === row.isinCode) : undefined;
                const owner = share ? `${share.name} (${share.isinCode})` : t('wholeFund');
                const typeTitle = types.get(row.code) ?? row.code;
                return (
                  <tr key={row.url} className="border-b border-slate-200 align-top">
                    <td className="px-2 py-2">
                      <a href={row.url} type="application/pdf" hrefLang={row.locale} className={link}>
                        {typeTitle}
                        <span className="sr-only">
                          {' - '}
                          {t('linkContext', { fund: fund?.title ?? row.fundSlug, owner, language: language(row.locale) })}
                        </span>
                      </a>{' '}
                      <span className="text-sm text-slate-700">({t('pdfSize', { kb: Math.max(1, Math.ceil(row.size / 1024)) })})</span>
                      {row.tagged ? <span className="ml-2 inline-block rounded border border-slate-400 px-2 py-0.5 text-sm font-semibold text-ink">{t('tagged')}</span> : null}
                      {row.supersededAt ? <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold text-ink">{t('superseded')}</span> : null}
                    </td>
                    <td className="px-2 py-2">
                      {fund?.title ?? row.fundSlug}
                      <RestrictionFlag restrictions={restrictions?.get(row.fundSlug)} />
                    </td>
                    <td className="px-2 py-2">{share ? owner : <span className="text-slate-700">{owner}</span>}</td>
                    <td className="px-2 py-2">
                      {language(row.locale)}
                    </td>
                    <td className="px-2 py-2">
                      {row.supersededAt
                        ? t('validity', { from: formatDate(row.publishedAt, locale), to: formatDate(row.supersededAt, locale) })
                        : formatDate(row.publishedAt, locale)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 ? (
        <nav aria-label={t('pages')} className="mt-6 flex flex-wrap items-center gap-6">
          {query.page > 1 ? (
            <a href={href({ ...query, page: query.page - 1 })} rel="prev" className={link}>
              {t('previous')}
            </a>
          ) : null}
          <span>{t('pageOf', { page: query.page, count: pageCount })}</span>
          {query.page < pageCount ? (
            <a href={href({ ...query, page: query.page + 1 })} rel="next" className={link}>
              {t('next')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
