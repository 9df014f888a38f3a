import { usePathname } from 'next/navigation';
import { useHydrated } from '@/components/hooks/use-hydrated';

/**
 * The browser's pathname, or null while rendering on the server and hydrating. Pages are rendered
 * once and cached behind the proxy's rewrites (/fr/nous-connaitre → /fr/RETAIL/about-us), so the
 * server may see another path than the browser: what depends on the path (aria-current, language
 * links) is added right after hydration, and the HTML always matches the first client render.
 */
export function useClientPathname(): string | null {
  const pathname = usePathname();
  const hydrated = useHydrated();
  return hydrated ? pathname : null;
}
