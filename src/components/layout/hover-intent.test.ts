import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_CLOSE_DELAY_MS, HOVER_OPEN_DELAY_MS } from './constants';
import { createHoverController, type HoverInput, type HoverState, INITIAL_HOVER_STATE, isMenuOpen, nextHoverState } from './hover-intent';

const run = (inputs: HoverInput[], from: HoverState = INITIAL_HOVER_STATE) =>
  inputs.reduce((state, input) => nextHoverState(state, input).state, from);

describe('nextHoverState', () => {
  it('uses the docs/product.md §9 delays', () => {
    expect(HOVER_OPEN_DELAY_MS).toBe(100);
    expect(HOVER_CLOSE_DELAY_MS).toBe(500);
    expect(nextHoverState(INITIAL_HOVER_STATE, 'enter').timer).toEqual({ kind: 'start', ms: 100 });
    expect(nextHoverState({ phase: 'open', via: 'hover' }, 'leave').timer).toEqual({ kind: 'start', ms: 500 });
  });

  it('opens only once the open delay has passed', () => {
    expect(isMenuOpen(run(['enter']))).toBe(false);
    expect(run(['enter', 'timeout'])).toEqual({ phase: 'open', via: 'hover' });
  });

  it('does not open when the pointer only passes over the trigger', () => {
    const next = nextHoverState(run(['enter']), 'leave');
    expect(next.state.phase).toBe('closed');
    expect(next.timer).toEqual({ kind: 'clear' });
  });

  it('stays open while closing and closes after the timeout', () => {
    const closing = run(['enter', 'timeout', 'leave']);
    expect(closing.phase).toBe('closing');
    expect(isMenuOpen(closing)).toBe(true);
    expect(run(['timeout'], closing)).toEqual({ phase: 'closed', via: 'hover' });
  });

  it('cancels the close when the pointer comes back (trigger to menu and back)', () => {
    const next = nextHoverState(run(['enter', 'timeout', 'leave']), 'enter');
    expect(next.state).toEqual({ phase: 'open', via: 'hover' });
    expect(next.timer).toEqual({ kind: 'clear' });
  });

  it('pins a hover-opened menu on press, and a second press closes it', () => {
    const pinned = run(['enter', 'timeout', 'press']);
    expect(pinned).toEqual({ phase: 'open', via: 'explicit' });
    expect(run(['leave', 'timeout'], pinned)).toEqual(pinned);
    expect(run(['press'], pinned).phase).toBe('closed');
  });

  it('opens at once on press or an explicit request, cancelling a pending hover timer', () => {
    for (const input of ['press', 'open'] as const) {
      const next = nextHoverState(run(['enter']), input);
      expect(next.state).toEqual({ phase: 'open', via: 'explicit' });
      expect(next.timer).toEqual({ kind: 'clear' });
    }
  });

  it('closes at once on an explicit close from any phase', () => {
    for (const from of [run(['enter']), run(['enter', 'timeout']), run(['enter', 'timeout', 'leave']), run(['open'])]) {
      expect(nextHoverState(from, 'close')).toEqual({ state: { phase: 'closed', via: 'explicit' }, timer: { kind: 'clear' } });
    }
  });

  it('ignores a stray timeout and returns the same object when nothing changes', () => {
    const open = run(['open']);
    expect(nextHoverState(open, 'timeout').state).toBe(open);
    expect(nextHoverState(INITIAL_HOVER_STATE, 'close').state).toBe(INITIAL_HOVER_STATE);
  });
});

describe('createHoverController', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens after 100 ms and closes 500 ms after leaving', () => {
    const seen: HoverState[] = [];
    const controller = createHoverController((s) => seen.push(s));
    controller.send('enter');
    vi.advanceTimersByTime(99);
    expect(isMenuOpen(controller.state)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(controller.state).toEqual({ phase: 'open', via: 'hover' });
    controller.send('leave');
    vi.advanceTimersByTime(499);
    expect(isMenuOpen(controller.state)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(controller.state).toEqual({ phase: 'closed', via: 'hover' });
    expect(seen.map((s) => s.phase)).toEqual(['opening', 'open', 'closing', 'closed']);
  });

  it('drops the pending timer on dispose and on an explicit close', () => {
    const controller = createHoverController(() => {});
    controller.send('enter');
    controller.send('close');
    vi.advanceTimersByTime(1000);
    expect(controller.state.phase).toBe('closed');
    controller.send('enter');
    controller.dispose();
    vi.advanceTimersByTime(1000);
    expect(controller.state.phase).toBe('opening');
  });
});
