import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { adminTranslator } from '@/i18n/admin';
import { adminLocale } from '@/server/auth/staff';
import '../globals.css';

// The back-office renders on every request and is never cached (src/proxy.ts also sends no-store).
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = adminTranslator(await adminLocale());
  return { title: { default: t('meta.title'), template: `%s | ${t('meta.title')}` }, robots: { index: false, follow: false } };
}

export const viewport: Viewport = { themeColor: '#0b3a6e', width: 'device-width', initialScale: 1 };

/** The <html> of the back-office, in the staff member's language. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const locale = await adminLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-ink antialiased">{children}</body>
    </html>
  );
}
