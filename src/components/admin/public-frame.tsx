import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';

/**
 * The frame of the screens before sign-in (sign-in, second factor, forgotten and new password):
 * a skip link, the language switch (a cookie, no account yet) and the main landmark.
 */
export function PublicFrame(props: {
  skipLabel: string;
  title: string;
  language: { label: string; submit: string; current: string; back: string; options: { value: string; label: string }[] };
  chooseLocale: (formData: FormData) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {props.skipLabel}
      </a>
      <header className="bg-brand text-white">
        <div className="mx-auto flex max-w-xl flex-wrap items-end justify-between gap-3 px-4 py-3">
          <p className="text-lg font-semibold">{props.title}</p>
          <form action={props.chooseLocale} className="flex items-end gap-2 text-sm">
            <Input type="hidden" name="back" value={props.language.back} />
            <div className="flex flex-col">
              <label htmlFor="admin-language">{props.language.label}</label>
              <Select bare id="admin-language" name="locale" defaultValue={props.language.current} className="rounded bg-white px-2 py-1 text-ink">
                {props.language.options.map((o) => (
                  <option key={o.value} value={o.value} lang={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" className="bg-white/10 px-2 py-1 ring-1 ring-white/60">
              {props.language.submit}
            </Button>
          </form>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-8 focus:outline-none">
        {props.children}
      </main>
    </>
  );
}
