import type { PageView } from '../model';

/**
 * Reading the coded texts of a server page (docs/product.md §3: components with code and texts with code
 * and content). Layouts pick texts by code; numbered texts ('value-1-title', 'value-1-text', …)
 * are the items of a list, in their numeric order.
 */
export type PageComponent = PageView['components'][number];

export function findComponent(page: PageView, code: string): PageComponent | undefined {
  return page.components.find((c) => c.code === code);
}

/** The content of one text of a component, '' when absent. */
export function textOf(component: PageComponent | undefined, code: string): string {
  return component?.texts.find((t) => t.code === code)?.content ?? '';
}

/**
 * The numbered items of a component: for prefix 'value', the texts 'value-1-title',
 * 'value-1-text', 'value-2-title'… become [{ title, text }, …] sorted by number; a text coded
 * 'label-1' (no field) becomes { '': content }.
 */
export function numberedItems(component: PageComponent | undefined, prefix: string): Record<string, string>[] {
  const items = new Map<number, Record<string, string>>();
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-([0-9]+)(?:-(.+))?$`);
  for (const text of component?.texts ?? []) {
    const match = pattern.exec(text.code);
    if (!match) continue;
    const n = Number(match[1]);
    const item = items.get(n) ?? {};
    item[match[2] ?? ''] = text.content;
    items.set(n, item);
  }
  return [...items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}

/** The components of a page but those a layout shows in a place of its own. */
export function otherComponents(page: PageView, ...codes: string[]): PageComponent[] {
  return page.components.filter((c) => !codes.includes(c.code));
}
