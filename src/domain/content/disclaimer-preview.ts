import { DISCLAIMER_COOKIE, DISCLAIMER_STORAGE_KEY } from '../privacy/consent';

/** The attribute of <html> that shows the server-painted disclaimer preview (globals.css). */
export const PREVIEW_ATTRIBUTE = 'data-disclaimer';

/**
 * Runs as the page is parsed, before the first paint and before any bundle: the same test as
 * `disclaimerRecorded()` (browser-storage.ts), so a first visit sees the popup at once. An inline
 * script of the page, allowed by its hash in the CSP (src/server/http/security-headers.ts,
 * docs/decisions/028); without JavaScript nothing shows, as the server counts the disclaimer as
 * validated (docs/product.md §4).
 */
export const PREVIEW_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(DISCLAIMER_STORAGE_KEY)})!=="true"&&!/(?:^|;\\s*)${DISCLAIMER_COOKIE}=true(?:;|$)/.test(document.cookie))document.documentElement.setAttribute(${JSON.stringify(PREVIEW_ATTRIBUTE)},"pending")}catch(e){}`;
