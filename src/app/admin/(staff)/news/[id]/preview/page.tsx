import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { env, SUPPORTED_LOCALES, type Locale } from '@/env';
import { INVESTOR_PROFILES, isInvestorProfile, type InvestorProfile } from '@/domain/catalog';
import { newsCategoryPath, newsListPath } from '@/domain/news/links';
import { newsStateOf } from '@/domain/news/input';
import { adminTranslator } from '@/i18n/admin';
import { publicNewsTranslator } from '@/i18n/news-texts';
import { SelectField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { NewsArticle } from '@/components/news/news-article';
import { queryText } from '@/server/auth/flash';
import { adminLocale } from '@/server/auth/staff';
import { proposalById } from '@/server/approval/service';
import { previewNewsItem, type ProposedArticle } from '@/server/news/queries';
import { newsForStaff, newsReferenceLists } from '@/server/news/staff-queries';
import { Button } from '@/components/ui/button';
import { BackLink } from '@/components/admin/back-link';
import { newsItemScreen } from '@/app/admin/(staff)/news/_screen';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: adminTranslator(await adminLocale())('news.preview'), robots: { index: false, follow: false } };
}

/** The texts a proposal's stored value holds, as the article's columns. */
function proposedArticle(value: unknown): ProposedArticle | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : undefined);
  const article: ProposedArticle = { title: text('title'), slug: text('slug'), categoryCode: text('categoryCode'), summary: text('summary'), body: text('body'), publishedAt: text('publishedAt') };
  if (v.externalUrl === null || typeof v.externalUrl === 'string') article.externalUrl = v.externalUrl as string | null;
  if (v.author === null || typeof v.author === 'string') article.author = v.author as string | null;
  if (Array.isArray(v.visibleTo)) article.visibleTo = v.visibleTo.filter((p): p is string => typeof p === 'string');
  return Object.fromEntries(Object.entries(article).filter(([, x]) => x !== undefined)) as ProposedArticle;
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * An article as a visitor of the chosen language (one of its translations) and investor profile
 * would see it, drafts and scheduled items included: the public article's own component, rendered
 * on every request (the back-office is never cached) and not indexed (decision 015's headers).
 */
export default async function NewsPreviewPage({ params, searchParams }: Props) {
  const { staff, query, db, item, t } = await newsItemScreen(params, searchParams);
  const wantedLocale = queryText(query, 'locale');
  const chosen = item.translations.find((tr) => tr.locale === wantedLocale) ?? item.translations.find((tr) => tr.id === item.id);
  const wantedProfile = queryText(query, 'profile');
  const profile: InvestorProfile = isInvestorProfile(wantedProfile) ? wantedProfile : 'RETAIL';
  // ?proposal=: the article as a proposed change of it would publish it (the review screen's link), not the stored row.
  const proposalId = queryText(query, 'proposal');
  const proposal = /^[0-9]{1,9}$/.test(proposalId) ? await proposalById(db, Number(proposalId)) : null;
  const proposed = proposal && (proposal.kind === 'news.publish' || proposal.kind === 'news.draft') && Number(proposal.input.id) === item.id ? proposedArticle(proposal.input.value) : null;
  const [preview, refs] = await Promise.all([previewNewsItem(proposed ? item.id : (chosen?.id ?? item.id), { profile, country: env().DEFAULT_COUNTRY }, proposed), newsReferenceLists(db)]);
  if (!preview) notFound();
  const { view } = preview;
  const locale = view.locale;
  const shown = chosen?.id === item.id ? item : await newsForStaff(db, view.id);
  const state = shown ? newsStateOf(shown, new Date()) : 'draft';
  const tNews = publicNewsTranslator(locale);
  const language = (l: string) => (SUPPORTED_LOCALES.includes(l as Locale) ? t(`language.${l as Locale}`) : l);
  const pick = (value: Partial<Record<string, string>>) => value[staff.locale] ?? value.fr ?? '';
  return (
    <>
      <BackLink href={`/admin/news/${item.id}`}>{item.title}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{proposal && proposed ? t('news.proposedTitle', { id: proposal.id }) : t('news.previewTitle', { title: view.title })}</h1>
      <p className="mb-4 max-w-prose text-muted">{t('news.previewIntro')}</p>
      <form method="get" action={`/admin/news/${item.id}/preview`} aria-label={t('news.previewForm')} className="mb-4 flex flex-wrap items-end gap-4">
        <SelectField id="locale" label={t('news.language')} value={locale} options={item.translations.map((tr) => ({ value: tr.locale, label: language(tr.locale) }))} />
        <SelectField
          id="profile"
          label={t('news.profile')}
          value={profile}
          options={INVESTOR_PROFILES.map((code) => {
            const found = refs.profiles.find((p) => p.code === code);
            return { value: code, label: found ? pick(found.title) : code };
          })}
        />
        <Button type="submit">
          {t('news.previewShow')}
        </Button>
      </form>
      <p className="mb-2">{t('news.previewState', { state: t(`news.states.${state}`) })}</p>
      {preview.hiddenFromProfile && <Notice tone="error">{t('news.previewHidden')}</Notice>}
      {view.routeType !== 'plain' && <p className="mb-2">{t('news.previewLink', { route: view.route })}</p>}
      <div className="mt-6 rounded border border-dashed border-slate-400 p-6">
        <NewsArticle
          item={view}
          labels={{ back: tNews('back'), by: view.author ? tNews('by', { author: view.author }) : null, relatedFund: tNews('relatedFund') }}
          listHref={newsListPath(locale)}
          categoryHref={newsCategoryPath(locale, view.category.code)}
        />
      </div>
    </>
  );
}
