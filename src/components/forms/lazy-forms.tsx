'use client';

import dynamic from 'next/dynamic';

/**
 * The forms are code-split (docs/product.md §1: lazily loaded pieces): react-hook-form, zod and the form code
 * are one chunk that only the pages showing a form load, after the page's own JavaScript. The form
 * is still rendered on the server, so it is in the HTML from the first paint.
 */
export const LazyVisitorForm = dynamic(() => import('./visitor-form').then((m) => m.VisitorForm));
