import type { FundEventType } from '@/domain/events/model';
import type { NoticesQuery } from '@/domain/events/notices';

type Labels = { legend: string; fund: string; allFunds: string; type: string; allTypes: string; submit: string; reset: string };

/**
 * The notices list's filters (issue 34): a plain GET form, so it works without JavaScript and a
 * filtered list is a URL that can be shared. Submitting starts again at page 1.
 */
export function NoticesFilterForm({
  action,
  funds,
  types,
  query,
  labels,
}: {
  action: string;
  funds: { slug: string; title: string }[];
  types: { code: FundEventType; title: string }[];
  query: NoticesQuery;
  labels: Labels;
}) {
  const field = 'min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
  return (
    <form method="get" action={action} className="rounded border border-slate-200 p-4">
      <fieldset className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end">
        <legend className="mb-2 font-semibold">{labels.legend}</legend>
        <div>
          <label htmlFor="notices-fund" className="mb-1 block text-sm font-medium">
            {labels.fund}
          </label>
          <select id="notices-fund" name="fund" defaultValue={query.fund ?? ''} className={field}>
            <option value="">{labels.allFunds}</option>
            {funds.map((f) => (
              <option key={f.slug} value={f.slug}>
                {f.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="notices-type" className="mb-1 block text-sm font-medium">
            {labels.type}
          </label>
          <select id="notices-type" name="type" defaultValue={query.type ?? ''} className={field}>
            <option value="">{labels.allTypes}</option>
            {types.map((type) => (
              <option key={type.code} value={type.code}>
                {type.title}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="min-h-11 rounded-md bg-brand px-5 font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand forced-colors:border">
            {labels.submit}
          </button>
          {query.fund || query.type ? (
            <a href={action} className="text-brand underline underline-offset-2">
              {labels.reset}
            </a>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
