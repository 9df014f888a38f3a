import { describe, expect, it } from 'vitest';
import { triggerKeyInput, triggerPressInput } from './menu-trigger';

describe('triggerKeyInput', () => {
  it('toggles on Enter and Space and opens on ArrowDown, like a Radix trigger', () => {
    expect(triggerKeyInput('Enter', false)).toBe('open');
    expect(triggerKeyInput(' ', false)).toBe('open');
    expect(triggerKeyInput('ArrowDown', false)).toBe('open');
    expect(triggerKeyInput('Enter', true)).toBe('close');
    expect(triggerKeyInput(' ', true)).toBe('close');
    expect(triggerKeyInput('ArrowDown', true)).toBe('open');
  });

  it('ignores other keys', () => {
    for (const key of ['Tab', 'Escape', 'ArrowUp', 'a']) expect(triggerKeyInput(key, false)).toBeNull();
  });
});

describe('triggerPressInput', () => {
  it('toggles on a primary press', () => {
    expect(triggerPressInput({ button: 0, ctrlKey: false }, false, false)).toBe('open');
    expect(triggerPressInput({ button: 0, ctrlKey: false }, true, false)).toBe('close');
  });

  it('lets the hover machine decide for hover menus', () => {
    expect(triggerPressInput({ button: 0, ctrlKey: false }, true, true)).toBe('press');
    expect(triggerPressInput({ button: 0, ctrlKey: false }, false, true)).toBe('press');
  });

  it('ignores secondary buttons and Ctrl+click (a context menu on macOS)', () => {
    expect(triggerPressInput({ button: 2, ctrlKey: false }, false, false)).toBeNull();
    expect(triggerPressInput({ button: 0, ctrlKey: true }, false, true)).toBeNull();
  });
});
