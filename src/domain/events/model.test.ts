import { describe, expect, it } from 'vitest';
import { inForce, restrictionsInForce, type EventTiming } from './model';

const ev = (over: Partial<EventTiming>): EventTiming => ({ id: 1, fundId: 1, type: 'suspension', tool: null, effectiveOn: '2026-11-10', endsOn: null, ...over });

describe('restrictions in force', () => {
  it('a suspension is in force from its effective date until its end date, exclusive', () => {
    const s = ev({ endsOn: '2026-11-20' });
    expect(inForce(s, '2026-11-09', [])).toBe(false);
    expect(inForce(s, '2026-11-10', [])).toBe(true);
    expect(inForce(s, '2026-11-19', [])).toBe(true);
    expect(inForce(s, '2026-11-20', [])).toBe(false);
    expect(inForce(ev({}), '2030-01-01', [])).toBe(true);
  });

  it('a tool is lifted by a later lifting event of the same fund and tool only', () => {
    const on = ev({ id: 1, type: 'lmt-activated', tool: 'redemption-gate' });
    const liftedOther = ev({ id: 2, type: 'lmt-lifted', tool: 'swing-pricing', effectiveOn: '2026-11-15' });
    const liftedOtherFund = ev({ id: 3, fundId: 2, type: 'lmt-lifted', tool: 'redemption-gate', effectiveOn: '2026-11-15' });
    const lifted = ev({ id: 4, type: 'lmt-lifted', tool: 'redemption-gate', effectiveOn: '2026-11-15' });
    const all = [on, liftedOther, liftedOtherFund, lifted];
    expect(inForce(on, '2026-11-14', all)).toBe(true);
    expect(inForce(on, '2026-11-15', all)).toBe(false);
    expect(inForce(on, '2026-11-15', [on, liftedOther, liftedOtherFund])).toBe(true);
    // A lifting before the activation does not end it.
    expect(inForce(on, '2026-11-15', [on, ev({ id: 5, type: 'lmt-lifted', tool: 'redemption-gate', effectiveOn: '2026-11-01' })])).toBe(true);
  });

  it('other types are never restrictions', () => {
    for (const type of ['merger', 'liquidation', 'name-change', 'prospectus-change', 'lmt-lifted', 'other'] as const) {
      expect(inForce(ev({ type }), '2026-11-15', [])).toBe(false);
    }
    expect(restrictionsInForce([ev({ id: 1 }), ev({ id: 2, type: 'merger' })], '2026-11-15').map((e) => e.id)).toEqual([1]);
  });
});
