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
 * behaviours, consent, videos, forms, the error screen). Only these travel to the browser with every
 * page; server components read the rest on the server.
 */
export const CLIENT_NAMESPACES = ['Layout', 'Country', 'Behaviours', 'Consent', 'Content', 'Forms', 'ServerError'] as const;
