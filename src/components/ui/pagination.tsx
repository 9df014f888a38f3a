import Link from 'next/link';

type Props = {
  /** The accessible name of the navigation landmark. */
  label: string;
  previous: string;
  next: string;
  /** "Page 2 of 5", already translated. */
  current: string;
  page: number;
  pages: number;
  href: (page: number) => string;
};

/** Previous/next links of a back-office list, shown only when it has more than one page. */
export function Pagination({ label, previous, next, current, page, pages, href }: Props) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4">
      {page > 1 && (
        <Link href={href(page - 1)} className="text-brand underline">
          {previous}
        </Link>
      )}
      <span>{current}</span>
      {page < pages && (
        <Link href={href(page + 1)} className="text-brand underline">
          {next}
        </Link>
      )}
    </nav>
  );
}
