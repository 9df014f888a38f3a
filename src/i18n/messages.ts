/**
 * The translated texts live in messages/{area}/{locale}.json, one folder per area of the site
 * (core, content, range, fund, share, forms, compliance, data) so each area's texts are edited on their own. Each
 * namespace belongs to exactly one area (src/messages.test.ts checks it); a locale's messages
 * are the union of its area files.
 */
export const MESSAGE_AREAS = ['core', 'content', 'range', 'fund', 'share', 'forms', 'compliance', 'data'] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];

/**
 * The namespaces client components read (useTranslations in 'use client' code: layout menus, page
 * behaviours, consent, videos, forms, the error screen). The back-office's previews of public pages
 * send them all. The public pages send none with every page (docs/decisions/039): the shell's menus,
 * behaviours and error screen get their texts as props or a context from the layout; `Forms` comes
 * with the pages that show a form (components/forms/visitor-form-slot.tsx), a video its texts as props
 * (components/content/content-video.tsx), `Consent` and the disclaimer's texts with the dialogs'
 * code (components/compliance/compliance-messages.ts).
 */
export const CLIENT_NAMESPACES = ['Layout', 'Country', 'Behaviours', 'Consent', 'Content', 'Forms', 'ServerError'] as const;
