import { notFound } from 'next/navigation';

/** Any path under a language that no route matches: the translated 404 of [locale]/not-found.tsx. */
export default function CatchAll() {
  notFound();
}
