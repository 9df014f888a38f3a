import { DISCLAIMER_COOKIE, DISCLAIMER_STORAGE_KEY } from '../privacy/consent';

/** The id of the disclaimer popup's <dialog>, which the server renders closed in every page. */
export const DISCLAIMER_DIALOG_ID = 'disclaimer';

/**
 * Runs as the page is parsed, right after the popup's <dialog> and before any bundle: the same test
 * as `disclaimerRecorded()` (browser-storage.ts), and when the disclaimer is not validated, the
 * dialog opens as the browser's own modal (the page behind inert, Escape held back) with the focus
 * on the language in use. A first visit thus sees and can use the popup with the page's first
 * paint; src/components/compliance/disclaimer-form.ts adds its behaviours once the site's script
 * runs (docs/decisions/049). An inline script of the page, allowed by its hash in the CSP
 * (src/server/http/security-headers.ts, docs/decisions/028); without JavaScript the dialog stays
 * closed, as the server counts the disclaimer as validated (docs/product.md §4). Built from plain
 * constants only (names without quotes or backslashes), so that a bundle importing this module for
 * the dialog's id alone keeps nothing of the script.
 */
export const DISCLAIMER_SCRIPT = `try{if(localStorage.getItem("${DISCLAIMER_STORAGE_KEY}")!=="true"&&!/(?:^|;\\s*)${DISCLAIMER_COOKIE}=true(?:;|$)/.test(document.cookie)){var d=document.getElementById("${DISCLAIMER_DIALOG_ID}");d.addEventListener("cancel",function(e){e.preventDefault()});d.showModal();var r=d.querySelector('input[name="disclaimer-language"]:checked');if(r)r.focus()}}catch(e){}`;
