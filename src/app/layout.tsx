import type { ReactNode } from 'react';

/** The <html> element belongs to src/app/[locale]/layout.tsx, which knows the page's language. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
