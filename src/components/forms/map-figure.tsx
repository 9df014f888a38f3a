import type { MapAddress } from './map-address';

/**
 * A schematic map of the block around the address: streets, a park, the company's street named,
 * a marker and the address. Drawn as SVG in the page: no tiles, no third party, nothing to consent to.
 */
export function MapFigure({ address, label }: { address: MapAddress; label: string }) {
  // "24 rue de la Paix" → "rue de la Paix": the street is named on the map, the number on the marker.
  const street = address.street.replace(/^\s*\d+\s*(bis|ter)?\s*,?\s*/i, '') || address.street;
  return (
    <svg viewBox="0 0 800 400" role="img" aria-labelledby="contact-map-title" className="size-full" data-testid="contact-map-figure">
      <title id="contact-map-title">{label}</title>
      <rect width="800" height="400" fill="#eef1f4" />
      {/* City blocks */}
      <g fill="#dde3ea">
        <rect x="20" y="20" width="200" height="140" rx="6" />
        <rect x="260" y="20" width="240" height="140" rx="6" />
        <rect x="540" y="20" width="240" height="140" rx="6" />
        <rect x="20" y="240" width="200" height="140" rx="6" />
        <rect x="540" y="240" width="240" height="140" rx="6" />
      </g>
      <rect x="260" y="240" width="240" height="140" rx="6" fill="#cfe3c6" />
      {/* Streets */}
      <g stroke="#ffffff" strokeLinecap="round">
        <line x1="0" y1="200" x2="800" y2="200" strokeWidth="44" />
        <line x1="240" y1="0" x2="240" y2="400" strokeWidth="24" />
        <line x1="520" y1="0" x2="520" y2="400" strokeWidth="24" />
        <line x1="0" y1="0" x2="240" y2="200" strokeWidth="16" />
      </g>
      <text x="120" y="206" fontSize="16" fill="#1b2230" textAnchor="middle">
        {street}
      </text>
      <text x="660" y="206" fontSize="16" fill="#1b2230" textAnchor="middle">
        {street}
      </text>
      {/* Marker */}
      <g transform="translate(380 200)">
        <path d="M0 0 C -8 -20 -26 -30 -26 -50 A 26 26 0 1 1 26 -50 C 26 -30 8 -20 0 0 Z" fill="#0b3a6e" />
        <circle cx="0" cy="-50" r="9" fill="#ffffff" />
      </g>
      <g transform="translate(380 250)">
        <rect x="-150" y="-16" width="300" height="62" rx="8" fill="#ffffff" stroke="#0b3a6e" />
        <text y="6" fontSize="17" fontWeight="600" fill="#0b3a6e" textAnchor="middle">
          {address.company}
        </text>
        <text y="32" fontSize="15" fill="#1b2230" textAnchor="middle">
          {`${address.street}, ${address.zipCode} ${address.city}`}
        </text>
      </g>
    </svg>
  );
}
