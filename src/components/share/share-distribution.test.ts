import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { targetMarketStatements, type Channel, type TargetMarket } from '@/domain/distribution/target-market';
import { statementKey } from './share-distribution';

type Tree = { [key: string]: string | Tree };
const messages = (locale: string) =>
  (JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../messages/share', `${locale}.json`), 'utf8')) as Tree).ShareDistribution as Tree;
const lookup = (tree: Tree, key: string) => key.split('.').reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

const market = (answer: 'Y' | 'N', professional: TargetMarket['investorType']['professional'], channel: Channel): TargetMarket => ({
  investorType: { retail: answer, professional, eligibleCounterparty: answer },
  knowledge: { basic: answer, informed: answer, advanced: answer },
  lossBearing: { noCapitalLoss: answer, limitedCapitalLoss: answer, limitedLossLevel: answer === 'Y' ? 0.05 : null, noCapitalGuarantee: answer, lossBeyondCapital: answer },
  returnProfile: { preservation: answer, growth: answer, income: answer, hedging: answer },
  sustainabilityPreferences: answer === 'Y' ? 'Y' : 'Neutral',
  distribution: { executionOnly: channel, appropriateness: channel, advice: channel, portfolioManagement: channel },
});

describe('the target market in words', () => {
  // Every answer the stored shape allows, so every statement the domain can make.
  const keys = new Set(
    [market('Y', 'Y', 'R'), market('N', 'N', 'N'), market('Y', 'P', 'P'), market('N', 'E', 'B')].flatMap((m) => targetMarketStatements(m).map(statementKey)),
  );

  it('covers every statement: 5 investor types, 3 levels of knowledge, 4 of loss, 4 objectives, sustainability, 4 services × 4 channels', () => {
    expect(keys.size).toBe(5 + 3 + 4 + 4 + 1 + 16);
  });

  for (const locale of ['en', 'fr', 'es']) {
    it(`has a sentence for each statement in ${locale}, the limited loss with its percentage`, () => {
      const targetMarket = messages(locale).targetMarket as Tree;
      for (const key of keys) {
        const sentence = lookup(targetMarket, key);
        expect(typeof sentence === 'string' && sentence.trim().length > 0, `${locale}: ${key}`).toBe(true);
        expect(String(sentence).includes('{percent}'), `${locale}: ${key}`).toBe(key === 'statements.loss.limitedCapitalLoss');
      }
    });
  }

  it('says different things in each language', () => {
    const [en, fr, es] = ['en', 'fr', 'es'].map((l) => messages(l).targetMarket as Tree);
    for (const key of keys) {
      expect(lookup(fr as Tree, key), key).not.toBe(lookup(en as Tree, key));
      expect(lookup(es as Tree, key), key).not.toBe(lookup(en as Tree, key));
    }
  });
});
