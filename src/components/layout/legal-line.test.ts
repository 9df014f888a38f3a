import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/core/en.json';
import fr from '../../../messages/core/fr.json';
import { legalIdentityRows, legalLineParts } from './legal-line';

const none = { name: null, form: null, registeredOffice: null, registerNumber: null, lei: null, regulator: null, authorisationNumber: null };

describe('legalLineParts', () => {
  it('states what is given, in order, in the page’s language; nothing when nothing is given', () => {
    const tFr = createTranslator({ locale: 'fr', messages: fr, namespace: 'Layout' });
    const tEn = createTranslator({ locale: 'en', messages: en, namespace: 'Layout' });
    expect(legalLineParts(none, tFr)).toEqual([]);
    const identity = {
      name: 'Aurore Gestion SAS',
      form: 'société par actions simplifiée',
      registeredOffice: '24 rue de l’Aurore, 75002 Paris',
      registerNumber: 'RCS Paris 123 456 789',
      lei: '969500UP76J52A9OXU27',
      regulator: 'AMF',
      authorisationNumber: 'GP-20000001',
    };
    expect(legalLineParts(identity, tFr)).toEqual([
      'Aurore Gestion SAS, société par actions simplifiée',
      'Siège social : 24 rue de l’Aurore, 75002 Paris',
      'RCS Paris 123 456 789',
      'LEI : 969500UP76J52A9OXU27',
      'Autorité de tutelle : AMF',
      'Agrément n° GP-20000001',
    ]);
    expect(legalLineParts({ ...none, form: 'SAS', lei: '969500UP76J52A9OXU27' }, tEn)).toEqual(['SAS', 'LEI: 969500UP76J52A9OXU27']);
  });
});

describe('legalIdentityRows', () => {
  it('lists the parts given, in order, the e-mails marked as links', () => {
    const legal = { ...none, dpoEmail: null, contactEmail: 'contact@aurore.example', lei: '969500UP76J52A9OXU27', name: 'Aurore Gestion SAS' };
    expect(legalIdentityRows(legal)).toEqual([
      { key: 'name', value: 'Aurore Gestion SAS', mail: false },
      { key: 'lei', value: '969500UP76J52A9OXU27', mail: false },
      { key: 'contactEmail', value: 'contact@aurore.example', mail: true },
    ]);
    expect(legalIdentityRows({ ...none, dpoEmail: null, contactEmail: null })).toEqual([]);
  });
});
