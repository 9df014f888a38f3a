/** The suspension tests/support/notices-data.ts writes, as the browser test looks it up. */
export const SUSPENSION_TITLE = {
  fr: 'Suspension des souscriptions et des rachats',
  en: 'Subscriptions and redemptions suspended',
  es: 'Suspensión de suscripciones y reembolsos',
} as const;
