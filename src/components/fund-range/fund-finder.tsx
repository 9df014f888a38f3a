import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import {
  DEFAULT_SORT,
  FINDER_SORTS,
  MAX_SEARCH_LENGTH,
  SFDR_ARTICLES,
  SRI_LEVELS,
  activeFilterCount,
  type FinderFacets,
  type FinderQuery,
} from '@/domain/funds/finder';
import { FinderFormElement } from './finder-form-element';
import './fund-finder.css';

type Props = { action: string; facets: FinderFacets; query: FinderQuery };

const control = 'mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-base text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

function Select({ name, label, value, options, all }: { name: string; label: string; value: string; options: { value: string; label: string }[]; all?: string }) {
  const id = `finder-${name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={control}>
        {all ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The finder: a plain GET form whose fields are the query string of the range, so it works without
 * JavaScript and every filtered list has a URL. On small screens it folds into a <details>, open while
 * filters apply.
 */
export async function FundFinder({ action, facets, query }: Props) {
  const [t, tRange] = await Promise.all([getTranslations('FundRange.finder'), getTranslations('FundRange')]);
  const active = activeFilterCount(query);
  const values = {
    q: query.q,
    category: query.category ?? '',
    sri: query.sri === null ? '' : String(query.sri),
    sfdr: query.sfdr === null ? '' : String(query.sfdr),
    currency: query.currency ?? '',
    sort: query.sort,
  };
  return (
    <section aria-labelledby="fund-finder-title" className="mb-8 rounded border border-slate-200 bg-slate-50 p-4 md:p-6">
      <h2 id="fund-finder-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <details className="fund-finder-panel mt-3" open={active > 0}>
        <summary className="cursor-pointer rounded py-2 font-semibold text-brand focus-visible:outline-2 focus-visible:outline-brand">
          {t('filters')}
          {active > 0 ? <span className="ml-2 font-normal text-muted">({t('active', { count: active })})</span> : null}
        </summary>
        <FinderFormElement action={action} values={values} label={t('title')} className="mt-3">
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            <div className="md:col-span-2 lg:col-span-3">
              <label htmlFor="finder-q" className="text-sm font-semibold">
                {t('search')}
              </label>
              <input
                id="finder-q"
                type="search"
                name="q"
                defaultValue={query.q}
                maxLength={MAX_SEARCH_LENGTH}
                autoComplete="off"
                aria-describedby="finder-q-hint"
                className={control}
              />
              <p id="finder-q-hint" className="mt-1 text-sm text-muted">
                {t('searchHint')}
              </p>
            </div>
            <Select
              name="category"
              label={t('category')}
              value={values.category}
              all={t('allCategories')}
              options={facets.categories.map((c) => ({ value: c.code, label: c.title }))}
            />
            <Select name="sri" label={t('sri')} value={values.sri} all={t('allSri')} options={SRI_LEVELS.map((n) => ({ value: String(n), label: t('sriOption', { level: n }) }))} />
            <Select
              name="sfdr"
              label={t('sfdr')}
              value={values.sfdr}
              all={t('allSfdr')}
              options={SFDR_ARTICLES.map((n) => ({ value: String(n), label: tRange('article', { article: n }) }))}
            />
            <Select name="currency" label={t('currency')} value={values.currency} all={t('allCurrencies')} options={facets.currencies.map((c) => ({ value: c, label: c }))} />
            <Select name="sort" label={t('sort')} value={values.sort} options={FINDER_SORTS.map((s) => ({ value: s, label: t(`sortOption.${s}`) }))} />
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-4">
            <button type="submit" className="rounded bg-brand forced-colors:border px-5 py-2.5 font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
              {t('submit')}
            </button>
            {active > 0 || query.sort !== DEFAULT_SORT ? (
              <Link href={action} className="font-semibold text-brand underline">
                {t('reset')}
              </Link>
            ) : null}
          </div>
        </FinderFormElement>
      </details>
    </section>
  );
}
