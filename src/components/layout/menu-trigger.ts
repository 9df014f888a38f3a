import type { HoverInput } from './hover-intent';

/**
 * What the dropdown trigger (a plain button, rendered before the Radix menu is loaded) does with a key
 * or a press, the way Radix's DropdownMenu.Trigger does: Enter and Space toggle, ArrowDown opens, and
 * a primary press without Ctrl toggles. Menus that also open on hover hand the press to the hover
 * machine (`press`), which pins a hover-opened menu instead of closing it under the pointer.
 */
export function triggerKeyInput(key: string, open: boolean): Extract<HoverInput, 'open' | 'close'> | null {
  if (key === 'Enter' || key === ' ') return open ? 'close' : 'open';
  if (key === 'ArrowDown') return 'open';
  return null;
}

export function triggerPressInput(press: { button: number; ctrlKey: boolean }, open: boolean, openOnHover: boolean): HoverInput | null {
  if (press.button !== 0 || press.ctrlKey) return null;
  if (openOnHover) return 'press';
  return open ? 'close' : 'open';
}
