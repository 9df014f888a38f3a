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
