import Link from 'next/link';
import type { PageView } from '@/domain/model';

/** Every part of the site, in the order a visitor discovers the company: each page's title and description from the server. */
export const EXPLORE_PAGES = ['about-us', 'expertise', 'fund-range', 'esg', 'sri', 'news', 'contact'] as const;

export function ExploreLinks({ pages }: { pages: PageView[] }) {
  const shown = EXPLORE_PAGES.map((code) => pages.find((p) => p.code === code)).filter((p): p is PageView & { route: string } => !!p?.route);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {shown.map((page) => (
        <li key={page.code}>
          <Link href={page.route} className="group block h-full rounded border border-slate-200 p-5 hover:border-brand hover:bg-slate-50">
            <span className="block text-lg font-semibold text-brand group-hover:underline">{page.title}</span>
            <span className="mt-2 block text-sm text-muted">{page.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
