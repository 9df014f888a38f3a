/**
 * Which link of a disclosure's list a key moves the focus to (the WAI-ARIA disclosure navigation
 * example): from the button, ArrowDown goes to the first link; in the list, ArrowDown/ArrowUp go to
 * the next/previous link (stopping at the ends), Home and End to the first and last. Null: the key is
 * not handled (Tab, letters… keep their usual behaviour). `index` is the focused link's, or -1.
 */
export function disclosureKeyTarget(key: string, index: number, count: number, onButton: boolean): number | null {
  if (count === 0) return null;
  if (onButton) return key === 'ArrowDown' ? 0 : null;
  if (index < 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
