import type { Locale } from '@/env';
import type disclaimerMessages from '../../../messages/compliance/en.json';

/** The popup's own texts, in every served language: the popup switches language without a reload (docs/product.md §4). */
export type DisclaimerLabels = Record<keyof (typeof disclaimerMessages)['Disclaimer'], string>;

export type ComplianceLanguage = { locale: Locale; label: string };

/** The disclaimer texts and profile titles of one language, from the /graphql disclaimer query. */
export type DisclaimerContent = {
  title: string;
  main: string;
  profiles: { code: string; title: string; description: string }[];
};
