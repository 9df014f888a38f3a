export function pagePathOf(key: unknown): string | null;
export default class PageTagsCacheHandler {}
