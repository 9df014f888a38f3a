import type { LayoutData } from '@/domain/content/layout';

type LegalIdentity = LayoutData['company']['legal'];
/** The footer's translations this line uses (messages/core, namespace Layout). */
type LegalTexts = (key: 'registeredOffice' | 'lei' | 'regulator' | 'authorisation', values: Record<string, string>) => string;

/**
 * The parts of the footer's legal line, in this order, each only when given (docs/decisions/059):
 * "{legal name}, société par actions simplifiée", "Siège social : …", the register number as
 * registered, "LEI : …", "Autorité de tutelle : AMF", "Agrément n° GP-…". None given: no line.
 */
export function legalLineParts(identity: LegalIdentity, t: LegalTexts): string[] {
  return [
    [identity.name, identity.form].filter(Boolean).join(', '),
    identity.registeredOffice ? t('registeredOffice', { address: identity.registeredOffice }) : '',
    identity.registerNumber ?? '',
    identity.lei ? t('lei', { lei: identity.lei }) : '',
    identity.regulator ? t('regulator', { regulator: identity.regulator }) : '',
    identity.authorisationNumber ? t('authorisation', { number: identity.authorisationNumber }) : '',
  ].filter((part) => part !== '');
}

/** The legal identity's parts the legal-notices page lists, in this order. */
const IDENTITY_ROWS = ['name', 'form', 'registeredOffice', 'registerNumber', 'lei', 'regulator', 'authorisationNumber', 'dpoEmail', 'contactEmail'] as const;
export type IdentityRow = { key: (typeof IDENTITY_ROWS)[number]; value: string; mail: boolean };

/** The rows of the legal-notices page's identity block: the parts given, the e-mails marked as such. */
export function legalIdentityRows(legal: Record<(typeof IDENTITY_ROWS)[number], string | null>): IdentityRow[] {
  return IDENTITY_ROWS.flatMap((key) => {
    const value = legal[key];
    return value ? [{ key, value, mail: key === 'dpoEmail' || key === 'contactEmail' }] : [];
  });
}
