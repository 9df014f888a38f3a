import { describe, expect, it } from 'vitest';
import { applyRegistration, changedAudiences, gridInstructions, isActive, isRegisteredOn } from './matrix';

describe('registration matrix cells', () => {
  it('is registered from its date until the day it is withdrawn (that day excluded)', () => {
    const reg = { registeredOn: '2024-01-10', withdrawnOn: '2025-03-01' };
    expect(isRegisteredOn(reg, '2024-01-09')).toBe(false);
    expect(isRegisteredOn(reg, '2024-01-10')).toBe(true);
    expect(isRegisteredOn(reg, '2025-02-28')).toBe(true);
    expect(isRegisteredOn(reg, '2025-03-01')).toBe(false);
    expect(isRegisteredOn(undefined, '2025-03-01')).toBe(false);
    expect(isActive(reg)).toBe(false);
    expect(isActive({ registeredOn: '2024-01-10', withdrawnOn: null })).toBe(true);
  });

  it('registers, re-registers and withdraws; the same instruction twice changes nothing', () => {
    expect(applyRegistration(undefined, 'registered', '2024-05-01')).toEqual({ ok: true, next: { registeredOn: '2024-05-01', withdrawnOn: null } });
    expect(applyRegistration({ registeredOn: '2024-05-01', withdrawnOn: null }, 'registered', '2024-05-01')).toEqual({ ok: true, next: null });
    expect(applyRegistration({ registeredOn: '2024-05-01', withdrawnOn: null }, 'registered', '2024-04-01')).toEqual({ ok: true, next: { registeredOn: '2024-04-01', withdrawnOn: null } });
    expect(applyRegistration({ registeredOn: '2024-05-01', withdrawnOn: '2024-09-01' }, 'registered', '2025-01-01')).toEqual({ ok: true, next: { registeredOn: '2025-01-01', withdrawnOn: null } });
    expect(applyRegistration({ registeredOn: '2024-05-01', withdrawnOn: null }, 'withdrawn', '2024-09-01')).toEqual({ ok: true, next: { registeredOn: '2024-05-01', withdrawnOn: '2024-09-01' } });
    expect(applyRegistration({ registeredOn: '2024-05-01', withdrawnOn: '2024-09-01' }, 'withdrawn', '2024-09-01')).toEqual({ ok: true, next: null });
  });

  it('refuses to withdraw what was never registered, or before its registration', () => {
    expect(applyRegistration(undefined, 'withdrawn', '2024-09-01')).toEqual({ ok: false, error: 'withdraw-unregistered' });
    expect(applyRegistration({ registeredOn: '2024-05-01', withdrawnOn: null }, 'withdrawn', '2024-04-30')).toEqual({ ok: false, error: 'withdrawn-before-registered' });
  });

  it('turns the grid into instructions for the changed cells only', () => {
    const stored = new Map([
      ['1|FR|RETAIL', { registeredOn: '2020-01-01', withdrawnOn: null }],
      ['1|ES|RETAIL', { registeredOn: '2020-01-01', withdrawnOn: '2021-01-01' }],
      ['1|LU|RETAIL', { registeredOn: '2020-01-01', withdrawnOn: null }],
    ]);
    const cells = ['1|FR|RETAIL', '1|ES|RETAIL', '1|LU|RETAIL', '1|CH|RETAIL'];
    const ticked = new Set(['1|FR|RETAIL', '1|ES|RETAIL', '1|CH|RETAIL', '9|XX|HACK']);
    expect(gridInstructions(cells, ticked, stored)).toEqual([
      { key: '1|ES|RETAIL', status: 'registered' },
      { key: '1|LU|RETAIL', status: 'withdrawn' },
      { key: '1|CH|RETAIL', status: 'registered' },
    ]);
  });

  it('names each audience once', () => {
    expect(changedAudiences([{ country: 'FR', profile: 'RETAIL' }, { country: 'ES', profile: 'CGP' }, { country: 'FR', profile: 'RETAIL' }])).toEqual([
      { country: 'ES', profile: 'CGP' },
      { country: 'FR', profile: 'RETAIL' },
    ]);
  });
});
