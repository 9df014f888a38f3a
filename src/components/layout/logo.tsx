import Image from 'next/image';
import Link from 'next/link';
import { focusRing, focusRingOnDark } from './styles';

type StoredLogo = { url: string; width: number; height: number };

/**
 * The house's logo linking home: its stored image (docs/decisions/062), its text alternative the
 * house's name, drawn 40 px high (on a white tile in the dark footer, since a logo is drawn for a
 * light ground); without one, the site's sun-rise mark and the name. `tone` follows the background.
 */
export function Logo({ href, title, label, tone = 'light', image = null }: { href: string; title: string; label: string; tone?: 'light' | 'dark'; image?: StoredLogo | null }) {
  const dark = tone === 'dark';
  if (image) {
    const height = 40;
    const width = Math.max(1, Math.round((image.width / image.height) * height));
    return (
      <Link href={href} aria-label={label} className={`inline-flex min-h-11 items-center rounded-sm ${dark ? `bg-white p-1 ${focusRingOnDark}` : focusRing}`}>
        {/* As stored, from its own address: an SVG scales, a PNG was checked at least 40 px high. */}
        <Image src={image.url} alt={title} width={width} height={height} unoptimized className="h-9 w-auto max-w-[16rem] lg:h-10" />
      </Link>
    );
  }
  return (
    <Link
      href={href}
      aria-label={label}
      className={`inline-flex min-h-11 items-center gap-3 rounded-sm ${dark ? `text-white ${focusRingOnDark}` : `text-brand ${focusRing}`}`}
    >
      <LogoMark tone={tone} />
      <span className="text-lg font-bold tracking-tight lg:text-xl">{title}</span>
    </Link>
  );
}

/** The mark's colours are the brand's (globals.css, overridden by the house's palette: docs/decisions/059). */
function LogoMark({ tone }: { tone: 'light' | 'dark' }) {
  const tile = tone === 'dark' ? 'fill-white' : 'fill-brand';
  const lines = tone === 'dark' ? 'stroke-brand' : 'stroke-white';
  return (
    <svg viewBox="0 0 40 40" className="size-9 shrink-0 lg:size-10" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" className={tile} />
      <path d="M11 25a9 9 0 0 1 18 0z" className="fill-accent" />
      <path d="M20 10.5v3M10 14.5l2 2M30 14.5l-2 2M6.5 22h3M30.5 22h3" className="stroke-accent" strokeWidth="2" strokeLinecap="round" />
      <path d="M7 28.5h26M12 32.5h16" className={lines} strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
