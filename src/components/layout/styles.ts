/** Class lists shared by the header, the menus and the footer (Tailwind scans this file). */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
export const focusRingOnDark = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
export const container = 'mx-auto w-full max-w-7xl px-4 sm:px-6 xl:px-8';
