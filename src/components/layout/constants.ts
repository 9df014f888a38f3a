/** docs/product.md §4 and §9: a hover-opened dropdown opens 100 ms after the pointer arrives… */
export const HOVER_OPEN_DELAY_MS = 100;
/** …and closes 500 ms after the pointer has left both the trigger and the menu. */
export const HOVER_CLOSE_DELAY_MS = 500;
/** docs/product.md §9: the navbar breakpoint (Tailwind `lg`); below it the header shows the mobile menu. */
export const NAVBAR_BREAKPOINT_PX = 1024;
