import { describe, expect, it } from 'vitest';
import {
  EMPTY_IDENTITY,
  brandStyle,
  contrastRatio,
  identityProblems,
  isHexColour,
  isValidLei,
  mod97,
  normaliseIdentityValue,
  paletteContrast,
  paletteProblems,
  relativeLuminance,
  shownRatio,
} from './house-identity';

describe('LEI (ISO 17442, ISO 7064 MOD 97-10)', () => {
  it('accepts real LEIs, whose whole code is 1 modulo 97', () => {
    // Published LEIs (GLEIF): a French, a German and a British legal entity.
    for (const lei of ['969500UP76J52A9OXU27', '529900T8BM49AURSDO55', '5493001KJTIIGC8Y1R12']) {
      expect(mod97(lei)).toBe(1);
      expect(isValidLei(lei)).toBe(true);
    }
  });

  it('refuses a changed digit, swapped check digits, a wrong length and lower case', () => {
    expect(mod97('969500UP76J52A9OXU28')).toBe(2);
    expect(isValidLei('969500UP76J52A9OXU28')).toBe(false);
    expect(isValidLei('969500UP76J52A9OXU72')).toBe(false);
    expect(isValidLei('969500UP86J52A9OXU27')).toBe(false);
    expect(isValidLei('969500UP76J52A9OXU2')).toBe(false);
    expect(isValidLei('969500up76j52a9oxu27')).toBe(false);
    // Check digits must be digits, even when the remainder would hold.
    expect(isValidLei('969500UP76J52A9OXUA7')).toBe(false);
  });
});

describe('WCAG 2.x contrast', () => {
  it('gives the known values: white 1, black 0, white on black 21:1, #777777 on white about 4.48:1', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.478, 3);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.542, 3);
    expect(contrastRatio('#0b3a6e', '#0b3a6e')).toBe(1);
  });

  it('never shows a ratio rounded up past what it is', () => {
    expect(shownRatio(4.4999)).toBe(4.49);
    expect(shownRatio(contrastRatio('#777777', '#ffffff'))).toBe(4.47);
    expect(shownRatio(21)).toBe(21);
  });

  it('checks each colour for its role: primary and dark under translucent white text, accent against white', () => {
    // The site's defaults pass.
    expect(paletteProblems({ brandPrimary: '#0b3a6e', brandDark: '#072848', brandAccent: '#e07a1f' })).toEqual({});
    // #767676 reaches 4.5:1 with plain white, not with the top bar's 85 % white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThan(4.5);
    expect(paletteContrast('brandPrimary', '#767676').ratio).toBeLessThan(4.5);
    const problems = paletteProblems({ brandPrimary: '#4a90e2', brandDark: '#767676', brandAccent: '#f5a623' });
    expect(Object.keys(problems).sort()).toEqual(['brandAccent', 'brandDark', 'brandPrimary']);
    expect(problems.brandAccent).toEqual({ ratio: contrastRatio('#f5a623', '#ffffff'), needed: 3 });
    expect(problems.brandPrimary?.needed).toBe(4.5);
    // An accent of 3:1 is enough: it never carries text.
    expect(paletteProblems({ brandPrimary: null, brandDark: null, brandAccent: '#4a90e2' })).toEqual({});
  });
});

describe('identityProblems', () => {
  it('reads colours and LEIs as typed, then names each problem', () => {
    expect(normaliseIdentityValue('brandPrimary', ' 0B3A6E ')).toBe('#0b3a6e');
    expect(normaliseIdentityValue('lei', '9695 00UP76J52A9OXU27 ')).toBe('969500UP76J52A9OXU27');
    expect(normaliseIdentityValue('legalName', '  Aurore   Gestion ')).toBe('Aurore Gestion');
    expect(normaliseIdentityValue('regulator', '   ')).toBeNull();
    expect(isHexColour('#0b3a6e')).toBe(true);
    expect(isHexColour('#0b3a6e;}body{x:y')).toBe(false);
    expect(isHexColour('red')).toBe(false);

    expect(identityProblems(EMPTY_IDENTITY)).toEqual({});
    expect(
      identityProblems({
        ...EMPTY_IDENTITY,
        legalName: 'Aurore <b>',
        registeredOffice: 'x'.repeat(301),
        lei: '969500UP76J52A9OXU28',
        dpoEmail: 'dpo@',
        contactEmail: 'contact@aurore.example',
        brandPrimary: '#ffcc00',
        brandDark: 'navy',
        brandAccent: '#0b3a6e',
      }),
    ).toEqual({ legalName: 'markup', registeredOffice: 'too-long', lei: 'lei', dpoEmail: 'email', brandPrimary: 'contrast', brandDark: 'colour' });
    // A value that is not text (a tampered proposal) is refused, not written.
    expect(identityProblems({ ...EMPTY_IDENTITY, brandAccent: 42 as unknown as string })).toEqual({ brandAccent: 'control' });
  });
});

describe('brandStyle', () => {
  it('overrides only the colours set, and writes nothing but #rrggbb values', () => {
    expect(brandStyle({ primary: null, dark: null, accent: null })).toBeNull();
    expect(brandStyle({ primary: '#114477', dark: null, accent: '#cc5500' })).toBe(':root{--color-brand:#114477;--color-accent:#cc5500}');
    expect(brandStyle({ primary: '#000000', dark: '#111111', accent: '#222222' })).toBe(':root{--color-brand:#000000;--color-brand-dark:#111111;--color-accent:#222222}');
    expect(brandStyle({ primary: 'red}</style><script>alert(1)</script>', dark: '#123', accent: null })).toBeNull();
  });
});
