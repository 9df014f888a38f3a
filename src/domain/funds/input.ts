/**
 * What the back-office may store for a fund and a share class (docs/product.md §3), checked before anything is
 * written: the database enforces SRI 1–7 and SFDR 6/8/9 again (CHECK constraints). Texts shown in
 * three languages are { fr, en?, es? }: French is required, a missing translation stays missing
 * (never filled with another language). Errors are codes per field path, translated where shown.
 */
import { z } from '../zod';
import { INVESTOR_PROFILES } from '../catalog';
import { isIsoDate } from '../dates';
import { luhnCheckDigitValid, parseIsin } from './isin';
import { isSafeLink } from '../content/link-target';

const text = (max: number) => z.string().trim().max(max, 'too-long');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'too-long')
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A text in the site's languages: French required; an empty translation is no translation. */
export const localizedSchema = (max = 20_000) =>
  z
    .object({ fr: text(max).min(1, 'required'), en: optionalText(max), es: optionalText(max) })
    .transform(({ fr, en, es }) => ({ fr, ...(en ? { en } : {}), ...(es ? { es } : {}) }));

const slug = z
  .string()
  .trim()
  .max(120, 'too-long')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug');
const code = z.string().trim().min(1, 'required').max(64, 'too-long');
const isoDate = z.string().refine(isIsoDate, 'date');
const profiles = z
  .array(z.enum(INVESTOR_PROFILES, { message: 'profile' }))
  .min(1, 'required')
  .transform((list) => INVESTOR_PROFILES.filter((p) => list.includes(p)));
const position = z.number().int('integer').min(0, 'range').max(32_767, 'range');
const localizedRecord = z
  .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/, 'code'), localizedSchema())
  .refine((record) => Object.keys(record).length <= 64, 'too-many');

/** SRI, the risk indicator of the PRIIPs KID: 1 to 7. */
export const sriLevel = z.number().int('integer').min(1, 'sri-range').max(7, 'sri-range');
/** SFDR classification: article 6, 8 or 9. */
export const sfdrArticle = z.union([z.literal(6), z.literal(8), z.literal(9)], { message: 'sfdr-value' });

export const fundInputSchema = z.object({
  slug,
  categoryCode: code,
  title: localizedSchema(300),
  isHighlight: z.boolean().default(false),
  description: localizedSchema(),
  philosophy: localizedSchema(),
  classification: localizedSchema(300),
  specificCategory: localizedSchema(300).nullable().default(null),
  riskLevel: sriLevel,
  sfdrArticle,
  minRecommendedInvestmentDuration: z.number().int('integer').min(0, 'range').max(50, 'range'),
  aumValue: z.number().min(0, 'range').max(1e17, 'range'),
  aumCurrencyCode: z.string().regex(/^[A-Z]{3}$/, 'currency'),
  aumDate: isoDate,
  benchmarkCode: code.nullable().default(null),
  characteristics: localizedRecord.default({}),
  customData: z.record(z.string(), z.unknown()).default({}),
  tags: z.array(localizedSchema(80)).max(30, 'too-many').default([]),
  esgLabels: z.array(code).max(20, 'too-many').default([]),
  sfdrDisclosure: localizedRecord.nullable().default(null),
  partners: z
    .array(z.object({ name: text(200).min(1, 'required'), url: z.string().refine((value) => isSafeLink(value, ['https']), 'url'), description: localizedSchema(2000) }))
    .max(20, 'too-many')
    .default([]),
  eligibilityCodes: z.array(code).max(20, 'too-many').default([]),
  visibleTo: profiles,
  active: z.boolean().default(true),
  position: position.default(0),
});
export type FundInput = z.infer<typeof fundInputSchema>;

/** An ISIN as stored: 12 characters with its check digit right (docs/product.md §5 recognises the shorter form only in searches). */
export const isinSchema = z
  .string()
  .transform((v) => parseIsin(v) ?? '')
  .refine((v) => v.length === 12 && luhnCheckDigitValid(v), 'isin');

export const shareInputSchema = z.object({
  slug,
  name: text(120).min(1, 'required'),
  isinCode: isinSchema,
  managementGoal: localizedSchema(),
  inceptionDate: isoDate,
  inceptionNav: z.number().positive('range').max(1e9, 'range'),
  sriLevel,
  currencyCode: z.string().regex(/^[A-Z]{3}$/, 'currency'),
  characteristics: localizedRecord.default({}),
  isMain: z.boolean().default(false),
  visibleTo: profiles,
  active: z.boolean().default(true),
  position: position.default(0),
});
export type ShareInput = z.infer<typeof shareInputSchema>;

export type FieldErrors = Record<string, string>;
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

function validate<T>(schema: z.ZodType<T>, input: unknown): Validated<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    errors[path] ??= issue.code === 'invalid_type' && issue.input === undefined ? 'required' : issue.message;
  }
  return { ok: false, errors };
}

export const validateFund = (input: unknown): Validated<FundInput> => validate(fundInputSchema, input);
export const validateShare = (input: unknown): Validated<ShareInput> => validate(shareInputSchema, input);
