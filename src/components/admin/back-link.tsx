import Link from 'next/link';
import type { ReactNode } from 'react';

/** The link above a detail screen's heading, back to where it belongs (the list, the fund…). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mb-2">
      <Link href={href} className="text-brand underline">
        {children}
      </Link>
    </p>
  );
}
