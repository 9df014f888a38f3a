import type { ReactNode } from 'react';
import { AdminNav, type NavItem } from './admin-nav';
import { Button } from '@/components/ui/button';

/**
 * The back-office frame: a skip link, a banner with who is signed in and the sign-out button, the
 * main navigation (only the screens the role may open), and the main landmark.
 */
export function AdminShell(props: {
  skipLabel: string;
  navLabel: string;
  title: string;
  signedInAs: string;
  signOutLabel: string;
  signOut: (formData: FormData) => Promise<void>;
  items: NavItem[];
  children: ReactNode;
}) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {props.skipLabel}
      </a>
      <header className="bg-brand text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-semibold">{props.title}</p>
          <div className="flex items-center gap-3 text-sm">
            <span>{props.signedInAs}</span>
            <form action={props.signOut}>
              <Button type="submit" className="bg-white/10 ring-1 ring-white/60">
                {props.signOutLabel}
              </Button>
            </form>
          </div>
        </div>
        <AdminNav label={props.navLabel} items={props.items} />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none">
        {props.children}
      </main>
    </>
  );
}
