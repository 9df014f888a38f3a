import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '@/env';
import { matchLocalizedPath } from '@/i18n/match';
import { localizedPath } from '@/i18n/paths';
import { getDb } from '@/server/db';
import { news } from '@/server/db/schema';
import { findNewsTranslation } from '@/server/queries/news';

/**
 * The same page in another language (SPEC §4 language switch). Routes whose parameters are the
 * same in every language keep them; a news article goes to its translation, or to the news list
 * when it has none; anything else goes to the home page of that language.
 */
export async function equivalentPath(from: string, to: Locale, served: readonly Locale[]): Promise<string> {
  const [path, query] = from.split('?', 2) as [string, string | undefined];
  const match = matchLocalizedPath(path, served);
  if (!match) return localizedPath('/', to);
  const search = query ? `?${query}` : '';
  if (match.pathname === '/news/[slug]' || match.pathname === '/news/[slug]/doc') {
    const db = await getDb();
    const [row] = await db
      .select({ group: news.groupCode })
      .from(news)
      .where(and(eq(news.locale, match.locale), eq(news.slug, match.params.slug ?? '')))
      .limit(1);
    const slug = row ? await findNewsTranslation(row.group, to) : null;
    return slug ? localizedPath(match.pathname, to, { slug }) : localizedPath('/news', to);
  }
  return localizedPath(match.pathname, to, match.params) + search;
}
