import { HOVER_CLOSE_DELAY_MS, HOVER_OPEN_DELAY_MS } from './constants';

/**
 * The open/close logic of a dropdown that opens on hover as well as on click, as a pure state machine.
 * `via` says how the current phase was reached: a hover-opened menu closes when the pointer leaves,
 * an explicitly opened one (click, keyboard) stays open until it is dismissed.
 */
export type HoverPhase = 'closed' | 'opening' | 'open' | 'closing';
export type HoverState = { phase: HoverPhase; via: 'hover' | 'explicit' };
/** enter/leave: the mouse entered/left the trigger or the menu; press: pointer press on the trigger;
 * open/close: an explicit request (keyboard, Escape, outside click, item chosen); timeout: the pending timer fired. */
export type HoverInput = 'enter' | 'leave' | 'timeout' | 'press' | 'open' | 'close';
export type TimerCommand = { kind: 'start'; ms: number } | { kind: 'clear' } | { kind: 'keep' };
export type HoverDelays = { openMs: number; closeMs: number };

export const INITIAL_HOVER_STATE: HoverState = { phase: 'closed', via: 'explicit' };
export const DEFAULT_HOVER_DELAYS: HoverDelays = { openMs: HOVER_OPEN_DELAY_MS, closeMs: HOVER_CLOSE_DELAY_MS };

const KEEP: TimerCommand = { kind: 'keep' };
const CLEAR: TimerCommand = { kind: 'clear' };

export function isMenuOpen(state: HoverState): boolean {
  return state.phase === 'open' || state.phase === 'closing';
}

export function nextHoverState(
  state: HoverState,
  input: HoverInput,
  delays: HoverDelays = DEFAULT_HOVER_DELAYS,
): { state: HoverState; timer: TimerCommand } {
  const to = (phase: HoverPhase, via: HoverState['via'], timer: TimerCommand) => ({ state: { phase, via }, timer });
  const same = { state, timer: KEEP };
  switch (input) {
    case 'enter':
      if (state.phase === 'closed') return to('opening', 'hover', { kind: 'start', ms: delays.openMs });
      if (state.phase === 'closing') return to('open', 'hover', CLEAR);
      return same;
    case 'leave':
      if (state.phase === 'opening') return to('closed', 'hover', CLEAR);
      if (state.phase === 'open' && state.via === 'hover') return to('closing', 'hover', { kind: 'start', ms: delays.closeMs });
      return same;
    case 'timeout':
      if (state.phase === 'opening') return to('open', 'hover', KEEP);
      if (state.phase === 'closing') return to('closed', 'hover', KEEP);
      return same;
    case 'press':
      // A press on a hover-opened menu pins it open rather than closing it under the pointer.
      if (state.phase === 'open' && state.via === 'explicit') return to('closed', 'explicit', CLEAR);
      return to('open', 'explicit', CLEAR);
    case 'open':
      if (state.phase === 'open' && state.via === 'explicit') return same;
      return to('open', 'explicit', CLEAR);
    case 'close':
      if (state.phase === 'closed' && state.via === 'explicit') return same;
      return to('closed', 'explicit', CLEAR);
  }
}

/** Runs the machine with real timers; `onChange` receives every new state. No React in here. */
export function createHoverController(onChange: (state: HoverState) => void, delays: HoverDelays = DEFAULT_HOVER_DELAYS) {
  let current = INITIAL_HOVER_STATE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (input: HoverInput) => {
    const next = nextHoverState(current, input, delays);
    if (next.timer.kind !== 'keep') {
      clearTimeout(timer);
      timer = undefined;
    }
    if (next.timer.kind === 'start') timer = setTimeout(() => send('timeout'), next.timer.ms);
    if (next.state !== current) {
      current = next.state;
      onChange(current);
    }
  };
  return {
    send,
    /** The state right now, for event handlers that run between renders. */
    get state() {
      return current;
    },
    dispose: () => clearTimeout(timer),
  };
}
