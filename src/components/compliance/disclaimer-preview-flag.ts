import { PREVIEW_ATTRIBUTE } from '@/domain/content/disclaimer-preview';

export { PREVIEW_ATTRIBUTE, PREVIEW_SCRIPT } from '@/domain/content/disclaimer-preview';

/** The dialog took over, or the visitor has validated: the preview goes. */
export function hideDisclaimerPreview(): void {
  document.documentElement.removeAttribute(PREVIEW_ATTRIBUTE);
}
