import { SUPPORTED_LOCALES } from '@/env';
import { NewsForm } from '@/components/admin/news-form';
import { queryText } from '@/server/auth/flash';
import { getDb } from '@/server/db';
import { newsForStaff, newsReferenceLists } from '@/server/news/staff-queries';
import { createNewsAction } from '@/app/admin/(staff)/news/_actions';
import { newsFormChoices, newsFormLabels, newsFormValues } from '@/app/admin/(staff)/news/_fields';
import { policyCovers } from '@/server/approval/door';
import { BackLink } from '@/components/admin/back-link';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('news.newTitle');


/** A new article, or (?translationOf=id&locale=en) a new language of an existing one. */
export default async function NewNewsPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('content.write', searchParams);
  const db = await getDb();
  const sourceId = Number(queryText(query, 'translationOf'));
  const source = Number.isSafeInteger(sourceId) && sourceId > 0 ? await newsForStaff(db, sourceId) : null;
  const refs = await newsReferenceLists(db);
  const choices = newsFormChoices(t, staff.locale, refs);
  const taken = new Set(source?.translations.map((tr) => tr.locale) ?? []);
  const wanted = queryText(query, 'locale');
  const locale = SUPPORTED_LOCALES.find((l) => l === wanted && !taken.has(l)) ?? SUPPORTED_LOCALES.find((l) => !taken.has(l)) ?? staff.locale;
  const initial = newsFormValues(null, { locale, categoryCode: source?.categoryCode ?? refs.categories[0]?.code ?? '', today: new Date().toISOString().slice(0, 10) });
  if (source) {
    // A translation starts from the source's date, category, links, funds and profiles; its texts are written anew.
    Object.assign(initial, { publishedAt: source.publishedAt, externalUrl: source.externalUrl ?? '', author: source.author ?? '', fundIds: source.fundIds.map(String), visibleTo: source.visibleTo });
  }
  const title = source ? t('news.newTranslation', { title: source.title }) : t('news.newTitle');
  return (
    <>
      <BackLink href={source ? `/admin/news/${source.id}` : '/admin/news'}>{source ? source.title : t('news.back')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{title}</h1>
      <div className="max-w-4xl">
        {policyCovers('news') && <p className="mb-3 max-w-prose font-medium">{t('approval.newsNote')}</p>}
        <NewsForm
          action={createNewsAction.bind(null, source?.id ?? null)}
          title={title}
          submitLabel={t('news.create')}
          labels={newsFormLabels(t)}
          initial={initial}
          locales={choices.locales.filter((l) => !taken.has(l.value))}
          categories={choices.categories}
          funds={choices.funds}
          profiles={choices.profiles}
          states={choices.states}
          slugFollowsTitle
          approvalNote={policyCovers('news') ? { label: t('approval.note'), hint: t('approval.noteHint') } : undefined}
        />
      </div>
    </>
  );
}
