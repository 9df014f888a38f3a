import 'server-only';
import { eq, like, or } from 'drizzle-orm';
import type { Audience } from '@/domain/registrations/audience';
import type { ContentDocument } from '@/server/content/types';
import { getDb } from '@/server/db';
import { escapeLike } from '@/server/db/like';
import { contentDocuments } from '@/server/db/schema';
import { fundVisibleTo, rawCatalog } from '../funds/catalog';
import { offlineNewsKeys } from '../news/queries';

/** The slug of the fund a content document (a news item) is about, if any. */
function fundSlug(data: Record<string, unknown>): string | null {
  const fund = data.fund;
  return fund && typeof fund === 'object' && typeof (fund as { slug?: unknown }).slug === 'string' ? (fund as { slug: string }).slug : null;
}

/** `fr/some-slug` for a news article's document (/fr/news/some-slug), else null. */
function newsKey(path: string): string | null {
  const match = /^\/([a-z]{2})\/news\/([^/]+)$/.exec(path);
  return match ? `${match[1]}/${match[2]}` : null;
}

/**
 * The content documents at a path or below it: the only ones a content query on that path can
 * return. News about a fund the profile may not see are left out, as everywhere else
 * (docs/product.md "Data"; listNews does the same for the news pages), and so are drafts, items
 * scheduled for later and items for other profiles (docs/decisions/022).
 */
export async function loadContentDocuments(path: string, audience: Audience): Promise<ContentDocument[]> {
  const db = await getDb();
  const base = path === '/' ? '' : path;
  const [rows, catalog, offline] = await Promise.all([
    db
      .select({ path: contentDocuments.path, data: contentDocuments.data })
      .from(contentDocuments)
      .where(base ? or(eq(contentDocuments.path, base), like(contentDocuments.path, `${escapeLike(base)}/%`)) : undefined),
    rawCatalog(db),
    offlineNewsKeys(audience),
  ]);
  const hidden = new Set(catalog.funds.filter((f) => !fundVisibleTo(catalog, audience, f)).map((f) => f.slug));
  return rows
    .filter((row) => {
      const key = newsKey(row.path);
      if (key !== null && offline.has(key)) return false;
      const slug = fundSlug(row.data);
      return slug === null || !hidden.has(slug);
    })
    .map((row) => ({ ...row.data, path: row.path }));
}
