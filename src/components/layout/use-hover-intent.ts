import { useEffect, useState } from 'react';
import { createHoverController, INITIAL_HOVER_STATE } from './hover-intent';

/** The hover state machine of hover-intent.ts bound to React state; timers are dropped on unmount. */
export function useHoverIntent() {
  const [state, setState] = useState(INITIAL_HOVER_STATE);
  const [controller] = useState(() => createHoverController(setState));
  useEffect(() => () => controller.dispose(), [controller]);
  return { state, controller };
}
