import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The WCAG 2.2 A and AA rules (2.0, 2.1 and 2.2 tags) and axe's best practices. Named explicitly:
 * axe's default run leaves out the rules it ships disabled, among them `target-size` (2.5.8, tagged
 * `wcag22aa`), which a run by tags includes (docs/accessibility.md).
 */
export const WCAG22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's violations on the page as it is now, WCAG 2.2 AA and best practices (WCAG22_AA_TAGS), in every
 * frame. Run the legacy way, `axe.run` in the page itself: the default way runs each frame partially,
 * then opens a blank page of its own to put the results together, which cost 1.5 to 2.3 s a scan on
 * the 2-core machine against 0.7 to 1.0 s, with the same passes and violations on the same pages
 * (docs/testing.md).
 */
export async function axeViolations(page: Page) {
  return (await new AxeBuilder({ page }).withTags(WCAG22_AA_TAGS).setLegacyMode(true).analyze()).violations;
}
