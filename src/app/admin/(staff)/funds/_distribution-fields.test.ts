import { describe, expect, it } from 'vitest';
import { diffByLanguage } from '@/domain/staff/approval';
import { adminTranslator } from '@/i18n/admin';
import { readableChangeRows } from './_distribution-fields';

describe('a distribution change on the review screen', () => {
  const t = adminTranslator('en');

  it('names each field by its section and label and each answer by its word', () => {
    const before = { fundId: 3, 'exAnte.ongoing': '1.1 %', 'targetMarket.investorType.retail': 'Y', 'priips.liquidityRisk': 'L', 'priips.comprehensionAlert': 'no' };
    const after = { fundId: 3, 'exAnte.ongoing': '1.35 %', 'targetMarket.investorType.retail': 'N', 'priips.liquidityRisk': 'M', 'priips.comprehensionAlert': 'yes' };
    expect(readableChangeRows(t, 'share.distribution', diffByLanguage(before, after)).all).toEqual([
      { field: 'Ex-ante costs (expected, per year) — Ongoing costs, fees included (%)', before: '1.1 %', after: '1.35 %' },
      { field: 'Types of clients — Retail clients', before: 'Yes: part of the target market', after: 'No: negative target market' },
      { field: 'PRIIPs risk answers — Liquidity risk', before: 'No material liquidity risk', after: 'Material liquidity risk' },
      { field: 'PRIIPs risk answers — Comprehension alert (product not simple and may be difficult to understand)', before: 'No', after: 'Yes' },
    ]);
  });

  it('reads a fund’s sustainability change the same way, and leaves other kinds as they are', () => {
    const diff = diffByLanguage({ paiConsidered: 'yes', 'planned.social': '5 %', 'taxonomy.methodology': 'R' }, { paiConsidered: 'no', 'planned.social': '10 %', 'taxonomy.methodology': 'C' });
    expect(readableChangeRows(t, 'fund.sustainability', diff).all).toEqual([
      { field: 'The fund considers principal adverse impacts (PAI)', before: 'Yes', after: 'No' },
      { field: 'Planned asset allocation — Social (%)', before: '5 %', after: '10 %' },
      { field: 'EU Taxonomy alignment — Alignment measured by', before: 'Turnover', after: 'Capital expenditure (CapEx)' },
    ]);
    expect(readableChangeRows(t, 'share.update', diff)).toBe(diff);
  });

  it('reads a fund event’s change in the event form’s words: its type and tool, not their codes', () => {
    const diff = diffByLanguage(
      { fund: 'aurore-patrimoine', choices: { '1': 'C EUR' } },
      { fund: 'aurore-patrimoine', choices: { '1': 'C EUR' }, type: 'lmt-activated', tool: 'redemption-gate', shares: 'C EUR', effectiveOn: '2026-12-01', title: { fr: 'Plafonnement', en: 'Gate' } },
    );
    const rows = readableChangeRows(t, 'event.save', diff);
    expect(rows.all).toEqual(
      expect.arrayContaining([
        { field: 'Type of event', before: '', after: 'Liquidity management tool activated' },
        { field: 'Liquidity management tool', before: 'None', after: 'Redemption gate' },
        { field: 'Share classes concerned', before: '', after: 'C EUR' },
      ]),
    );
    expect(JSON.stringify(rows)).not.toMatch(/lmt-activated|redemption-gate/);
    expect(readableChangeRows(adminTranslator('fr'), 'event.save', diff).all).toContainEqual({ field: 'Outil de gestion de la liquidité', before: 'Aucun', after: 'Plafonnement des rachats (gate)' });
  });
});
