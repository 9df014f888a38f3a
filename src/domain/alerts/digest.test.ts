import { describe, expect, it } from 'vitest';
import { LINK_MARKER } from '../forms/outbox-mail';
import { composeConfirmation, composeDigest, digestIsEmpty, type DigestContent } from './digest';

const t = (key: string, values?: Record<string, string | number>) => (values ? `${key}(${Object.entries(values).map(([k, v]) => `${k}=${v}`).join(',')})` : key);
const BASE = 'https://www.fundhouse.test';

const empty: DigestContent = { funds: [{ id: 1, title: 'Alpha' }, { id: 2, title: 'Beta' }], events: [], documents: [], dividends: [], navSummary: null };

describe('a digest’s text', () => {
  it('is nothing when there is nothing to say', () => {
    expect(digestIsEmpty(empty)).toBe(true);
    expect(composeDigest('en', empty, t, BASE)).toBeNull();
    expect(composeDigest('en', { ...empty, navSummary: { month: '2031-05', shares: [] } }, t, BASE)).toBeNull();
  });

  it('lists events with their notices, documents, dividends and the NAV summary per fund, with absolute links and the manage link once', () => {
    const content: DigestContent = {
      ...empty,
      events: [{ fundId: 2, title: 'Merger into Gamma', effectiveOn: '2031-07-01', notices: [{ title: 'Notice to shareholders', url: '/e/en/docs/funds/beta/notices/9' }] }],
      documents: [{ fundId: 1, shareName: 'Alpha I', typeTitle: 'PRIIPs KID', title: 'KID Alpha I', url: '/e/en/docs/funds/alpha/FR0000000001/KIID' }],
      dividends: [{ fundId: 1, shareName: 'Alpha D', isin: 'FR0000000002', exDate: '2031-06-10', paymentDate: '2031-06-12', amount: '1.250000', currency: 'EUR' }],
      navSummary: { month: '2031-05', shares: [{ fundId: 1, shareName: 'Alpha I', isin: 'FR0000000001', date: '2031-05-30', nav: 110, currency: 'EUR', change: 0.1 }] },
    };
    const mail = composeDigest('en', content, t, BASE);
    expect(mail?.subject).toBe('digest.subject');
    const text = mail?.text ?? '';
    expect(text).toContain(`${BASE}/e/en/docs/funds/beta/notices/9`);
    expect(text).toContain(`${BASE}/e/en/docs/funds/alpha/FR0000000001/KIID`);
    expect(text).toContain('Merger into Gamma');
    expect(text).toContain('amount=€1.25');
    expect(text).toContain('change=+10.00%');
    expect(text).toContain('month=May 2031');
    expect(text.split(LINK_MARKER)).toHaveLength(2);
    // Alpha's news come under Alpha, Beta's under Beta, in the funds' order.
    expect(text.indexOf('Alpha')).toBeLessThan(text.indexOf('KID Alpha I'));
    expect(text.indexOf('KID Alpha I')).toBeLessThan(text.indexOf('Beta'));
    expect(text.indexOf('Beta')).toBeLessThan(text.indexOf('Merger into Gamma'));
  });

  it('leaves out a fund with nothing new', () => {
    const mail = composeDigest('fr', { ...empty, dividends: [{ fundId: 2, shareName: 'Beta D', isin: 'FR0000000003', exDate: '2031-06-10', paymentDate: '2031-06-12', amount: '0.5', currency: 'EUR' }] }, t, BASE);
    expect(mail?.text).toContain('Beta');
    expect(mail?.text).not.toContain('Alpha');
  });

  it('confirms with the link once', () => {
    const mail = composeConfirmation('Alpha', true, t);
    expect(mail.subject).toBe('confirmMail.subject(fund=Alpha)');
    expect(mail.text).toContain('confirmMail.withNav');
    expect(mail.text.split(LINK_MARKER)).toHaveLength(2);
    expect(composeConfirmation('Alpha', false, t).text).not.toContain('withNav');
  });
});
