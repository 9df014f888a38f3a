import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { ScenarioFigure } from '@/domain/performance/scenarios';
import type { Scenario } from '@/domain/csv/scenarios';
import { getDb } from '@/server/db';
import { performanceScenarios } from '@/server/db/schema';

/**
 * The most figures read for one share: 50 years of months × 4 scenarios × 2 periods, with room to spare. The
 * archive is never pruned by an import; this bounds one page's work whatever the table holds.
 */
export const MAX_SCENARIO_FIGURES = 50 * 12 * 8;

/** A share's previous performance scenarios, newest month first. */
export async function shareScenarios(shareId: number): Promise<ScenarioFigure[]> {
  const db = await getDb();
  const rows = await db
    .select({
      month: performanceScenarios.month,
      scenario: performanceScenarios.scenario,
      holdingPeriodYears: performanceScenarios.holdingPeriodYears,
      amount: performanceScenarios.amount,
      annualReturn: performanceScenarios.annualReturn,
    })
    .from(performanceScenarios)
    .where(eq(performanceScenarios.shareId, shareId))
    .orderBy(desc(performanceScenarios.month), performanceScenarios.holdingPeriodYears, performanceScenarios.scenario)
    .limit(MAX_SCENARIO_FIGURES);
  return rows.map((r) => ({ ...r, scenario: r.scenario as Scenario }));
}
