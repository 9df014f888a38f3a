import { describe, expect, it } from 'vitest';
import { MAX_EVENT_SHARES, MAX_EVENT_TITLE, noticeCountries, validateEvent, type EventRaw } from './input';

const good: EventRaw = {
  type: 'suspension',
  shareIds: ['12', 3, '3'],
  announcedOn: '2026-11-20',
  effectiveOn: '2026-11-23',
  endsOn: '',
  title: { fr: ' Suspension des rachats ', en: 'Suspension of redemptions', es: '' },
  body: { fr: 'Les souscriptions et rachats sont suspendus.' },
};

describe('a fund event as posted', () => {
  it('keeps what reads: trimmed texts, empty languages left out, share ids once and sorted, no end date', () => {
    expect(validateEvent(good)).toEqual({
      ok: true,
      value: {
        type: 'suspension',
        tool: null,
        shareIds: [3, 12],
        announcedOn: '2026-11-20',
        effectiveOn: '2026-11-23',
        endsOn: null,
        title: { fr: 'Suspension des rachats', en: 'Suspension of redemptions' },
        body: { fr: 'Les souscriptions et rachats sont suspendus.' },
      },
    });
  });

  it('a tool only for a tool activated or lifted, and then one of the known tools', () => {
    expect(validateEvent({ ...good, type: 'lmt-activated' })).toEqual({ ok: false, errors: { tool: 'tool-required' } });
    expect(validateEvent({ ...good, type: 'lmt-lifted', tool: 'magic' })).toEqual({ ok: false, errors: { tool: 'bad-tool' } });
    expect(validateEvent({ ...good, type: 'suspension', tool: 'redemption-gate' })).toEqual({ ok: false, errors: { tool: 'tool-not-allowed' } });
    const gate = validateEvent({ ...good, type: 'lmt-activated', tool: 'redemption-gate' });
    expect(gate.ok && gate.value.tool).toBe('redemption-gate');
  });

  it('refuses an unknown type, no share class, bad ids and too many', () => {
    expect(validateEvent({ ...good, type: 'war' })).toEqual({ ok: false, errors: { type: 'bad-type' } });
    expect(validateEvent({ ...good, shareIds: [] })).toEqual({ ok: false, errors: { shareIds: 'no-shares' } });
    expect(validateEvent({ ...good, shareIds: undefined })).toEqual({ ok: false, errors: { shareIds: 'no-shares' } });
    expect(validateEvent({ ...good, shareIds: ['1', 'x'] })).toEqual({ ok: false, errors: { shareIds: 'bad-share' } });
    expect(validateEvent({ ...good, shareIds: [0] })).toEqual({ ok: false, errors: { shareIds: 'bad-share' } });
    const many = Array.from({ length: MAX_EVENT_SHARES + 1 }, (_, i) => i + 1);
    expect(validateEvent({ ...good, shareIds: many })).toEqual({ ok: false, errors: { shareIds: 'too-many-shares' } });
  });

  it('dates are days of the calendar, the end after the effective date', () => {
    expect(validateEvent({ ...good, announcedOn: '2026-02-30', effectiveOn: '23/11/2026' })).toEqual({ ok: false, errors: { announcedOn: 'bad-date', effectiveOn: 'bad-date' } });
    expect(validateEvent({ ...good, endsOn: '2026-11-23' })).toEqual({ ok: false, errors: { endsOn: 'ends-before-effective' } });
    expect(validateEvent({ ...good, endsOn: '2026-11-01' })).toEqual({ ok: false, errors: { endsOn: 'ends-before-effective' } });
    expect(validateEvent({ ...good, endsOn: 'soon' })).toEqual({ ok: false, errors: { endsOn: 'bad-date' } });
    const ends = validateEvent({ ...good, endsOn: '2026-11-24' });
    expect(ends.ok && ends.value.endsOn).toBe('2026-11-24');
  });

  it('a French title and text are required, every language bounded', () => {
    expect(validateEvent({ ...good, title: { en: 'Only English' }, body: null })).toEqual({ ok: false, errors: { 'title.fr': 'required', 'body.fr': 'required' } });
    expect(validateEvent({ ...good, title: { fr: 'Titre', es: 'x'.repeat(MAX_EVENT_TITLE + 1) } })).toEqual({ ok: false, errors: { 'title.es': 'too-long' } });
  });

  it('reports every problem at once', () => {
    const check = validateEvent({});
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors).sort()).toEqual(['announcedOn', 'body.fr', 'effectiveOn', 'shareIds', 'title.fr', 'type']);
  });
});

describe('a notice PDF’s countries', () => {
  it('reads a comma list or a list: upper-case codes, each once, sorted; none is every country', () => {
    expect(noticeCountries('lu, BE ,be')).toEqual(['BE', 'LU']);
    expect(noticeCountries(['ES'])).toEqual(['ES']);
    expect(noticeCountries('')).toEqual([]);
    expect(noticeCountries(null)).toEqual([]);
    expect(noticeCountries('BELG')).toBeNull();
    expect(noticeCountries(Array.from({ length: 301 }, () => 'BE'))).toBeNull();
  });
});
