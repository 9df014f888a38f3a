/**
 * The FinDatEx templates the site produces, as their published spreadsheets define them: each
 * field's code, in the file's column order, whether it is mandatory (M), conditional (C), optional
 * (O) or informative (I), and its codification. The JSON files beside this one are read from the
 * templates (their `source`); nothing here is typed by hand.
 */
import eet112 from './eet-1.1.2.json';
import emt42 from './emt-4.2.json';
import emt43 from './emt-4.3.json';
import ept21 from './ept-2.1.json';

export type Flag = 'M' | 'C' | 'O' | 'I' | '';

/** What a field's value may be, from the template's "codification" column. */
export type Codification =
  | { kind: 'text'; max?: number }
  | { kind: 'enum'; values: string[] }
  | { kind: 'number'; min?: number }
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'date' }
  | { kind: 'datetime' }
  | { kind: 'currency' }
  | { kind: 'language' }
  | { kind: 'identifier' }
  | { kind: 'holding' }
  | { kind: 'url' };

export type TemplateField = Codification & {
  code: string;
  /** EMT and EPT: one flag. */
  flag?: Flag;
  /** EET: a flag per use of the data. */
  sfdrPrecontractual?: Flag;
  sfdrPeriodic?: Flag;
  mifidProducts?: Flag;
};

export type Template = { template: 'EMT' | 'EPT' | 'EET'; version: string; releaseDate: string; source: string; fields: TemplateField[] };

export const TEMPLATES = {
  'emt-4.3': emt43 as Template,
  'emt-4.2': emt42 as Template,
  'ept-2.1': ept21 as Template,
  'eet-1.1.2': eet112 as Template,
} as const;

export type TemplateKey = keyof typeof TEMPLATES;

/** The versions served by default, and those a distributor may ask for with `?version=`. */
export const CURRENT = { emt: 'emt-4.3', ept: 'ept-2.1', eet: 'eet-1.1.2' } as const satisfies Record<string, TemplateKey>;
export const VERSIONS = { emt: ['4.3', '4.2'], ept: ['2.1'], eet: ['1.1.2'] } as const;
