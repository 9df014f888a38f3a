import type { CompanyFormErrors } from '@/domain/content/company-form';
import { PALETTE_RULES, paletteContrast, shownRatio, type CompanyIdentity, type PaletteField } from '@/domain/content/house-identity';
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
