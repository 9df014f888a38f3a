import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * Under forced colours (docs/accessibility.md) the ring's box-shadow is not drawn and the fill is repainted
 * as the page's background: `focus:outline-hidden` keeps a transparent outline the theme paints, and
 * `forced-colors:border` draws the filled button's edge.
 */
const buttonClass =
  'rounded bg-brand forced-colors:border px-4 py-2 font-medium text-white hover:bg-brand-dark focus:outline-hidden focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2';
const dangerButtonClass =
  'rounded border border-red-700 bg-white px-3 py-1.5 font-medium text-red-800 hover:bg-red-50 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2';
/** A button that reads as a link (a secondary action in a row: "Retry now", "Reset"). */
const linkButtonClass = 'text-brand underline';

/** `plain`: no look of its own, only the classes it is given (an editor's toolbar button). */
const VARIANTS = { primary: buttonClass, danger: dangerButtonClass, link: linkButtonClass, plain: '' } as const;
type Variant = keyof typeof VARIANTS;

/** A submit button by default: the back-office's forms are plain forms. */
export function Button({ variant = 'primary', type = 'submit', className = '', ...props }: ComponentProps<'button'> & { variant?: Variant }) {
  return <button type={type} className={[VARIANTS[variant], className].filter(Boolean).join(' ')} {...props} />;
}

/** A link drawn as a button ("New news item"). */
export function ButtonLink({ variant = 'primary', className = '', ...props }: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link className={`${VARIANTS[variant]} inline-block ${className}`.trimEnd()} {...props} />;
}
