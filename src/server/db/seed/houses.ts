import { aurore } from './fixtures/aurore';
import type { HouseFixture } from './fixtures/house';
import { meridian } from './fixtures/meridian';
import type { DemoHouseCode } from './house-codes';

/** The demo fund houses by their SEED_DEMO value (issue 43): two, so that nothing of the site belongs to one. */
export const DEMO_HOUSES: Record<DemoHouseCode, HouseFixture> = { aurore, meridian };

export function demoHouse(code: DemoHouseCode): HouseFixture {
  return DEMO_HOUSES[code];
}
