import { readNewsInput } from '../../src/domain/news/input';
import type { Actor } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import { createNews, updateNews } from '../../src/server/news/commands';

/**
 * An English company article written straight through the news commands (no approval door), as a
 * draft or published, for integration tests of what happens to it next: its id, the value a
 * `news.publish` or `news.draft` change takes, and `publish()`, which publishes it as `actor`.
 */
export async function newsArticle(title: string, state: 'draft' | 'published', actor: Actor) {
  const db = await getDb();
  const read = readNewsInput({ locale: 'en', title, slug: '', categoryCode: 'company', publishedAt: '2026-11-26', summary: 'A summary', body: '<p>Text</p>', externalUrl: '', author: '', fundIds: [], visibleTo: [], state, publishAt: '' });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  const created = await createNews(db, read.value, actor);
  if (!created.ok) throw new Error('article not created');
  const { locale: _locale, publishAt: _publishAt, ...value } = read.value;
  const publish = async () => {
    const done = await updateNews(db, created.id, { ...value, state: 'published', publishAt: null }, actor);
    if (!done.ok) throw new Error('article not published');
  };
  return { id: created.id, value: { ...value, publishAt: null }, publish };
}
