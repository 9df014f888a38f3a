import { getTranslations } from 'next-intl/server';
import { NewTabHint } from '@/components/layout/new-tab-hint';
import { LazyMap } from './lazy-map';
import type { MapAddress } from './map-address';

/** A search for the address on openstreetmap.org: the visitor opens the real map there, by choice. */
export function openStreetMapUrl(address: MapAddress): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${address.street}, ${address.zipCode} ${address.city}`)}`;
}

/**
 * Where the company is (docs/product.md §1 "contact map"): the address, a link to OpenStreetMap, and a
 * schematic map drawn in the browser once the section scrolls into view. No tiles from a third
 * party are loaded: nothing to consent to, nothing for the CSP to allow.
 */
export async function ContactMap({ address }: { address: MapAddress }) {
  const t = await getTranslations('Contact');
  const oneLine = `${address.street}, ${address.zipCode} ${address.city}`;
  return (
    <section aria-labelledby="contact-map" className="mt-12">
      <h2 id="contact-map" className="mb-4 text-2xl font-semibold text-brand">
        {t('mapTitle')}
      </h2>
      <LazyMap address={address} label={t('map.label', { address: oneLine })} loading={t('map.loading')} />
      <p className="mt-3 text-sm text-muted">{t('map.note')}</p>
      <p className="mt-2">
        <a href={openStreetMapUrl(address)} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center gap-1 text-brand underline">
          {t('map.open')}
          <NewTabHint />
        </a>
      </p>
    </section>
  );
}
