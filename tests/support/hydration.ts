import { expect, type Locator } from '@playwright/test';

/**
 * Waits until React has hydrated `element` (it puts its props on the DOM node), so that a press or
 * a click reaches the component's handler, and is neither the browser's own action nor lost.
 * Pressing again "in case" is no substitute: a second press while the first loads the menu's code
 * closes what the first opened.
 */
export async function hydrated(element: Locator): Promise<Locator> {
  await expect.poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))).toBe(true);
  return element;
}
