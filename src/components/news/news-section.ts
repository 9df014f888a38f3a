/** The id of the news pages' list section (news-list.tsx), where a move between news pages glides to. */
export const NEWS_SECTION_ID = 'news';

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether `pathname` is one of the news pages: a news base path or anything below it. */
export function isNewsPath(pathname: string, newsBasePaths: readonly string[]): boolean {
  const path = trimSlash(pathname);
  return newsBasePaths.some((base) => {
    const root = trimSlash(base);
    return root !== '' && root !== '/' && (path === root || path.startsWith(`${root}/`));
  });
}
