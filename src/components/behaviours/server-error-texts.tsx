'use client';

import { createContext, useContext, type ReactNode } from 'react';

/** The error screen's texts (messages ServerError), the `{digest}` of `reference` left to fill. */
export type ServerErrorTexts = { title: string; message: string; reference: string; backHome: string };

const Texts = createContext<ServerErrorTexts | null>(null);

/**
 * The error screen (app/[locale]/[profile]/error.tsx) is a client component that only React can
 * render, with no props from the server: the layout hands it its texts through this context rather
 * than through next-intl's client provider, which would bring use-intl to every page (docs/decisions/039).
 */
export function ServerErrorTextsProvider({ texts, children }: { texts: ServerErrorTexts; children: ReactNode }) {
  return <Texts.Provider value={texts}>{children}</Texts.Provider>;
}

export function useServerErrorTexts(): ServerErrorTexts {
  const texts = useContext(Texts);
  if (!texts) throw new Error('useServerErrorTexts is used outside ServerErrorTextsProvider');
  return texts;
}
