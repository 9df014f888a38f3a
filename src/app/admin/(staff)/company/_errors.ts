import type { CompanyFormErrors } from '@/domain/content/company-form';
import { PALETTE_RULES, paletteContrast, shownRatio, type CompanyIdentity, type PaletteField } from '@/domain/content/house-identity';
import { IMAGE_PROBLEMS, IMAGE_RULES, MAX_SIDE, type HouseImageKind, type ImageProblem, type ImageType } from '@/domain/content/house-images';
import type { AdminT } from '@/i18n/admin';

const isPaletteField = (name: string): name is PaletteField => name in PALETTE_RULES;

/**
 * The company form's error codes (from its reader or from the approval door) as the staff member
 * reads them, field by field. A colour short of contrast names the ratio it reaches (cut, never
 * rounded up) and the one its role needs: "Contrast 2.9:1 with white, needs at least 4.5:1."
 */
export function companyErrorTexts(t: AdminT, errors: Readonly<Record<string, string>>, identity: CompanyIdentity): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([name, code]) => {
      const field = name.startsWith('identity.') ? name.slice('identity.'.length) : '';
      const hex = isPaletteField(field) ? identity[field] : null;
      if (code === 'contrast' && isPaletteField(field) && hex) {
        const { ratio, needed } = paletteContrast(field, hex);
        return [name, t('company.errors.contrast', { ratio: shownRatio(ratio), needed })];
      }
      return [name, t(`company.errors.${code as CompanyFormErrors[string]}`)];
    }),
  );
}

const TYPE_NAMES: Readonly<Record<ImageType, string>> = { 'image/svg+xml': 'SVG', 'image/png': 'PNG', 'image/jpeg': 'JPEG' };

/** A house image's problem (from the checks of src/domain/content/house-images.ts) as the staff member reads it, with the image's own limits. */
export function imageErrorText(t: AdminT, kind: HouseImageKind, problem: string): string {
  const rule = IMAGE_RULES[kind];
  const code = (IMAGE_PROBLEMS as readonly string[]).includes(problem) ? (problem as ImageProblem) : 'empty';
  return t(`company.images.errors.${code}`, {
    kb: Math.round(rule.maxBytes / 1024),
    types: rule.types.map((type) => TYPE_NAMES[type]).join(', '),
    width: rule.minWidth,
    height: rule.minHeight,
    max: MAX_SIDE,
  });
}
