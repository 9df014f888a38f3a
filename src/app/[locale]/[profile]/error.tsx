'use client';

import { useParams } from 'next/navigation';
import { useEffect } from 'react';
import { useServerErrorTexts } from '@/components/behaviours/server-error-texts';

/**
 * Server or rendering error (docs/product.md §2): a translated message, never a stack trace. The error is
 * logged on the server by Next; its digest is shown so the team can find it in the logs.
 */
export default function ErrorScreen({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useServerErrorTexts();
  const params = useParams<{ locale: string }>();
  useEffect(() => {
    console.error('[page error]', error.digest ?? error.message);
  }, [error]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center" role="alert">
      <title>{t.title}</title>
      <h1 className="text-3xl font-bold text-brand">{t.message}</h1>
      {error.digest ? <p className="mt-4 text-sm text-muted">{t.reference.replace('{digest}', error.digest)}</p> : null}
      <p className="mt-8">
        {/* A full page load: the failed render may have left client state behind. */}
        <a href={`/${params.locale ?? 'fr'}`} className="inline-block rounded bg-brand forced-colors:border px-5 py-3 font-semibold text-white hover:bg-brand-dark">
          {t.backHome}
        </a>
      </p>
    </div>
  );
}
