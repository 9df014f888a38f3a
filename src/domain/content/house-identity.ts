/**
 * The house's legal identity and brand colours, as the company screen enters them
 * (docs/decisions/059): the checks of an LEI (ISO 17442) and of a palette's contrast (WCAG 2.x).
 */

/** The legal identity and the palette: every part optional (null: not given; the site's defaults stay). */
export type CompanyIdentity = {
  legalName: string | null;
  legalForm: string | null;
  registeredOffice: string | null;
  registerNumber: string | null;
  lei: string | null;
  regulator: string | null;
  authorisationNumber: string | null;
  dpoEmail: string | null;
  contactEmail: string | null;
  brandPrimary: string | null;
  brandDark: string | null;
  brandAccent: string | null;
};

export const IDENTITY_FIELDS = [
  'legalName',
  'legalForm',
  'registeredOffice',
  'registerNumber',
  'lei',
  'regulator',
  'authorisationNumber',
  'dpoEmail',
  'contactEmail',
  'brandPrimary',
  'brandDark',
  'brandAccent',
] as const satisfies readonly (keyof CompanyIdentity)[];
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

export const EMPTY_IDENTITY: CompanyIdentity = Object.fromEntries(IDENTITY_FIELDS.map((f) => [f, null])) as CompanyIdentity;

/** Text bounds of each field (a register number or an authorisation number is short; a registered office is an address). */
export const IDENTITY_LIMITS: Record<IdentityField, number> = {
  legalName: 200,
  legalForm: 200,
  registeredOffice: 300,
  registerNumber: 80,
  lei: 20,
  regulator: 120,
  authorisationNumber: 80,
  dpoEmail: 200,
  contactEmail: 200,
  brandPrimary: 7,
  brandDark: 7,
  brandAccent: 7,
};

// ---------------------------------------------------------------------------------------------
// LEI (ISO 17442): 18 upper-case letters or digits, then two check digits; the whole code, letters
// read as numbers (A = 10 … Z = 35), is 1 modulo 97 (ISO 7064 MOD 97-10).

const LEI_SHAPE = /^[A-Z0-9]{18}[0-9]{2}$/;

/** The remainder modulo 97 of an alphanumeric code read as ISO 7064 reads it. */
export function mod97(code: string): number {
  let remainder = 0;
  for (const char of code) {
    const value = char >= '0' && char <= '9' ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Whether a text is a well-formed LEI whose check digits hold. */
export function isValidLei(value: string): boolean {
  return LEI_SHAPE.test(value) && mod97(value) === 1;
}

// ---------------------------------------------------------------------------------------------
// Colours and WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance).

const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** A colour as the site stores it: `#rrggbb`, lower case. */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

type Rgb = [number, number, number];

function channels(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminanceOf([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.x relative luminance of a `#rrggbb` colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  return luminanceOf(channels(hex));
}

function ratioOf(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(relativeLuminance(a), relativeLuminance(b));
}

/** White at `alpha` opacity drawn over `hex`, as a browser composites it (in sRGB). */
function whiteOver(hex: string, alpha: number): Rgb {
  return channels(hex).map((c) => Math.round(alpha * 255 + (1 - alpha) * c)) as Rgb;
}

/** A ratio as it may be shown: cut (never rounded up) to two decimals, so 4.499 never reads "4.5". */
export function shownRatio(ratio: number): number {
  return Math.floor(ratio * 100) / 100;
}

export const WHITE = '#ffffff';

/**
 * What each brand colour must reach, from how the site uses it (globals.css, docs/decisions/059):
 * - primary (`--color-brand`): text on white (`text-brand`) and the ground of white text
 *   (`bg-brand text-white`, the top bar's labels at 85 % white): 4.5:1 (WCAG 1.4.3) against white
 *   at 85 % over it, which implies 4.5:1 against white;
 * - dark (`--color-brand-dark`): the footer's ground under white text at 90 % and hover text on white:
 *   4.5:1 against white at 90 % over it;
 * - accent (`--color-accent`): never under text (its fill is the menu's underline bar, an icon, the
 *   logo's sun), focus rings, borders and underlines beside white: 3:1 against white (WCAG 1.4.11).
 */
export const PALETTE_RULES = {
  brandPrimary: { needed: 4.5, whiteAlpha: 0.85 },
  brandDark: { needed: 4.5, whiteAlpha: 0.9 },
  brandAccent: { needed: 3, whiteAlpha: 1 },
} as const;
export type PaletteField = keyof typeof PALETTE_RULES;
export const PALETTE_FIELDS = Object.keys(PALETTE_RULES) as PaletteField[];

/** The contrast a colour reaches for its role, and the least its role needs. */
export function paletteContrast(field: PaletteField, hex: string): { ratio: number; needed: number } {
  const { needed, whiteAlpha } = PALETTE_RULES[field];
  const colour = relativeLuminance(hex);
  const white = luminanceOf(whiteOver(hex, whiteAlpha));
  return { ratio: ratioOf(colour, white), needed };
}

/** The colours of a palette that do not reach their role's contrast, with the ratio each reaches. */
export function paletteProblems(identity: Pick<CompanyIdentity, PaletteField>): Partial<Record<PaletteField, { ratio: number; needed: number }>> {
  const out: Partial<Record<PaletteField, { ratio: number; needed: number }>> = {};
  for (const field of PALETTE_FIELDS) {
    const hex = identity[field];
    if (hex === null || !isHexColour(hex)) continue;
    const contrast = paletteContrast(field, hex);
    if (contrast.ratio < contrast.needed) out[field] = contrast;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading and checking the identity as entered.

export type IdentityError = 'too-long' | 'control' | 'markup' | 'email' | 'lei' | 'colour' | 'contrast';

const CONTROL = /[\u0000-\u001f\u007f]/;
const MARKUP = /[<>]/;
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;
const EMAILS: readonly IdentityField[] = ['dpoEmail', 'contactEmail'];

/**
 * One field as typed, made canonical: spaces collapsed; an LEI in upper case without spaces; a colour
 * in lower case with its `#` (a bare `0b3a6e` is taken); empty is null.
 */
export function normaliseIdentityValue(field: IdentityField, raw: string): string | null {
  const value = raw.replace(/\s+/g, ' ').trim();
  if (value === '') return null;
  if (field === 'lei') return value.replace(/ /g, '').toUpperCase();
  if (field in PALETTE_RULES) return (value.startsWith('#') ? value : `#${value}`).toLowerCase();
  return value;
}

/**
 * The problems of an identity, field by field (the form's reader and the approval door both ask):
 * bounds, no control characters nor markup, e-mail addresses, the LEI's check digits, `#rrggbb`
 * colours and their contrast. A value that is not a string (a tampered proposal) is a problem too.
 */
export function identityProblems(identity: CompanyIdentity): Partial<Record<IdentityField, IdentityError>> {
  const out: Partial<Record<IdentityField, IdentityError>> = {};
  for (const field of IDENTITY_FIELDS) {
    const value: unknown = identity[field];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') out[field] = 'control';
    else if (field in PALETTE_RULES) {
      if (!isHexColour(value)) out[field] = 'colour';
    } else if (field === 'lei') {
      if (!isValidLei(value)) out[field] = 'lei';
    } else if (value.length > IDENTITY_LIMITS[field]) out[field] = 'too-long';
    else if (CONTROL.test(value)) out[field] = 'control';
    else if (MARKUP.test(value)) out[field] = 'markup';
    else if (EMAILS.includes(field) && !EMAIL.test(value)) out[field] = 'email';
  }
  for (const field of Object.keys(paletteProblems(identity)) as PaletteField[]) out[field] ??= 'contrast';
  return out;
}

// ---------------------------------------------------------------------------------------------
// The public site's palette.

/** The CSS variables of globals.css each brand colour overrides. */
const BRAND_VARIABLES = { primary: '--color-brand', dark: '--color-brand-dark', accent: '--color-accent' } as const;

/**
 * The rule the public layout writes into a <style> so the house's colours replace globals.css's:
 * `:root{--color-brand:#0b3a6e}` (unlayered, it wins over Tailwind's theme layer). Only `#rrggbb`
 * values are written, so nothing else can reach the style sheet; none set gives null (no <style>).
 */
export function brandStyle(brand: { primary: string | null; dark: string | null; accent: string | null }): string | null {
  const declarations = (Object.keys(BRAND_VARIABLES) as (keyof typeof BRAND_VARIABLES)[])
    .flatMap((key) => {
      const value = brand[key];
      return value !== null && isHexColour(value) ? [`${BRAND_VARIABLES[key]}:${value}`] : [];
    })
    .join(';');
  return declarations === '' ? null : `:root{${declarations}}`;
}
