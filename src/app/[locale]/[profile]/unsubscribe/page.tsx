import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { localizedPath } from '@/domain/routing/paths';
import { getDb } from '@/server/db';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { unsubscribeTokenIsValid } from '@/server/privacy/unsubscribe';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  const t = await getTranslations({ locale, namespace: 'Unsubscribe' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

const RESULTS = ['done', 'invalid', 'limited', 'error'] as const;

/**
 * The newsletter's unsubscribe link (/fr/desabonnement, /en/unsubscribe, /es/baja ?token=…): it only
 * reads (mail scanners open links), and offers a button that posts the token. After the post it
 * says what happened (?result=), never which address it was. Not indexed, never cached.
 */
export default async function UnsubscribePage({ params, searchParams }: Props) {
  const { locale } = await siteParams(params);
  const query = await searchParams;
  const t = await getTranslations('Unsubscribe');
  const result = RESULTS.find((r) => r === query.result);
  const token = typeof query.token === 'string' ? query.token : '';
  const valid = !result && (await unsubscribeTokenIsValid(await getDb(), token));
  const message = result ? t(result) : valid ? null : t('invalid');
  return (
    <article className="mx-auto max-w-2xl px-4 py-10 md:py-14">
      <h1 className="mb-6 text-3xl font-bold text-brand md:text-4xl">{t('title')}</h1>
      {message ? (
        <p role={result === 'done' ? 'status' : 'alert'} className="text-lg">
          {message}
        </p>
      ) : (
        <form method="post" action="/api/newsletter/unsubscribe" className="space-y-6">
          <p className="text-lg">{t('confirmIntro')}</p>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="locale" value={locale} />
          <button
            type="submit"
            className="rounded bg-brand forced-colors:border px-6 py-3 font-semibold text-white hover:bg-brand-dark focus:outline-hidden focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2"
          >
            {t('confirm')}
          </button>
        </form>
      )}
      <p className="mt-10">
        <Link href={localizedPath('/', locale)} className="text-brand underline">
          {t('home')}
        </Link>
      </p>
    </article>
  );
}
