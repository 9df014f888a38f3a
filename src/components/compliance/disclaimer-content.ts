import type { DisclaimerContent } from './types';

type PopupResponse = {
  pages: { code: string; title: string; components: { code: string; texts: { code: string; content: string }[] }[] }[];
  investorProfiles: { code: string; title: string; description: string }[];
};

/** The disclaimer query's answer for one language, as the popup shows it. */
export function toDisclaimerContent(data: PopupResponse): DisclaimerContent {
  const page = data.pages.find((p) => p.code === 'disclaimers');
  const texts = page?.components.flatMap((c) => c.texts) ?? [];
  const text = (code: string) => texts.find((t) => t.code === code)?.content ?? '';
  return { title: text('title') || page?.title || '', main: text('main'), profiles: data.investorProfiles };
}

/** Paragraphs of a cleaned rich text (blank lines separate them, as everywhere in content). */
export function paragraphs(html: string): string[] {
  return html
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export type { PopupResponse };
