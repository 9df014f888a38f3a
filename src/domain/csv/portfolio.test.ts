import { describe, expect, it } from 'vitest';
import { parsePortfolioCsv } from './portfolio';

const HEADER = 'fund,date,kind,code,name,weight,isin,asset_class,sector,country,label_fr,label_en,label_es';

describe('parsePortfolioCsv', () => {
  it('reads holdings and breakdown lines, a fund by slug or by a share ISIN', () => {
    const result = parsePortfolioCsv(
      [
        HEADER,
        'aurore-tresorerie,2026-10-31,holding,,"NEU CP Banque, Paris",0.042,FR0128573419,money_market,financials,FR,,,',
        'aurore-tresorerie,2026-10-31,holding,,Prise en pension,0.035,,reverse_repo,government,FR,,,',
        'FR0014000AA1,2026-10-31,sector,financials,,0.486,,,,,Finance,Financials,',
        'aurore-tresorerie,2026-10-31,currency,EUR,,1,,,,,Euro,,',
      ].join('\n'),
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, fund: { slug: 'aurore-tresorerie' }, date: '2026-10-31', kind: 'holding', name: 'NEU CP Banque, Paris', isin: 'FR0128573419', weight: 0.042, assetClass: 'money_market', sector: 'financials', country: 'FR' },
        { line: 3, fund: { slug: 'aurore-tresorerie' }, date: '2026-10-31', kind: 'holding', name: 'Prise en pension', isin: null, weight: 0.035, assetClass: 'reverse_repo', sector: 'government', country: 'FR' },
        { line: 4, fund: { isin: 'FR0014000AA1' }, date: '2026-10-31', kind: 'sector', code: 'financials', label: { fr: 'Finance', en: 'Financials' }, weight: 0.486 },
        { line: 5, fund: { slug: 'aurore-tresorerie' }, date: '2026-10-31', kind: 'currency', code: 'EUR', label: { fr: 'Euro' }, weight: 1 },
      ],
    });
  });

  it('reports every bad row with its line number', () => {
    const result = parsePortfolioCsv(
      [
        HEADER,
        'Bad Fund,2026-10-31,holding,,X,0.1,,equity,financials,FR,,,',
        'f,2026-10-31,stock,,X,0.1,,equity,financials,FR,,,',
        'f,2026-10-31,holding,,,4.2,,equity,financials,FR,,,',
        'f,2026-10-31,holding,,X,0.1,FR12,Equity,financials,France,,,',
        'f,2026-10-31,country,fr,,0.1,,,,,,,',
        'f,2026-10-31,holding,,Y,0.1,,equity,financials,FR,,,',
        'f,2026-10-31,holding,,Y,0.1,,equity,financials,FR,,,',
      ].join('\n'),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject([
      { line: 2, message: '"Bad Fund" is neither a fund slug nor a share\'s ISIN' },
      { line: 3, message: '"stock" is not a kind: expected holding, asset_class, sector, country, currency' },
      { line: 4, message: '"4.2" is not a weight from 0 to 1 with a dot (0.042 for 4.2 %)' },
      { line: 5, message: '"FR12" is not an ISIN' },
      { line: 5, message: '"Equity" is not an asset class code (e.g. equity, money_market)' },
      { line: 5, message: '"France" is not a two-letter country code' },
      { line: 6, message: '"fr" is not a country code' },
      { line: 6, message: 'a breakdown line needs its French label (label_fr)' },
      { line: 8, message: 'this holding already appears on line 7' },
    ]);
  });

  it('refuses weights of one kind adding up to more than 100 %', () => {
    const result = parsePortfolioCsv([HEADER, 'f,2026-10-31,asset_class,equity,,0.7,,,,,Actions,,', 'f,2026-10-31,asset_class,bond,,0.4,,,,,Obligations,,'].join('\n'));
    expect(result).toMatchObject({ ok: false, errors: [{ line: 3, message: 'the asset_class weights of this fund and date add up to 110.0 %, more than 100 %' }] });
  });
});
