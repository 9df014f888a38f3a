'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

export type NavItem = { href: string; label: string };

/** The back-office menu; the current screen's link carries aria-current="page". */
export function AdminNav({ label, items }: { label: string; items: NavItem[] }) {
  const pathname = usePathname();
  const isCurrent = (href: string) => (href === '/admin' ? pathname === '/admin' : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <nav aria-label={label} className="bg-brand-dark">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={isCurrent(item.href) ? 'page' : undefined}
              className="block px-3 py-2 underline-offset-4 hover:underline focus:outline-hidden focus-visible:ring-2 focus-visible:ring-accent aria-[current=page]:font-semibold aria-[current=page]:underline"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
