import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on the page as it is now: every rule axe runs by default (WCAG 2.1 A and AA, best
 * practices), in every frame. Run the legacy way, `axe.run` in the page itself: the default way runs
 * each frame partially, then opens a blank page of its own to put the results together, which cost
 * 1.5 to 2.3 s a scan on the 2-core machine against 0.7 to 1.0 s, with the same passes and
 * violations on the same pages (docs/testing.md).
 */
export async function axeViolations(page: Page) {
  return (await new AxeBuilder({ page }).setLegacyMode(true).analyze()).violations;
}
