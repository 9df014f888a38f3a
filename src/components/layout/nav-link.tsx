'use client';

import Link from 'next/link';
import type { ComponentProps } from 'react';
import { isCurrentPath } from './nav-match';
import { useClientPathname } from './use-client-pathname';

/** An internal link that marks itself aria-current="page" when the current page is it or lies in its section. */
export function NavLink({ href, exact = false, ...props }: Omit<ComponentProps<typeof Link>, 'href'> & { href: string; exact?: boolean }) {
  const pathname = useClientPathname();
  return <Link href={href} aria-current={isCurrentPath(pathname, href, { exact }) ? 'page' : undefined} {...props} />;
}
