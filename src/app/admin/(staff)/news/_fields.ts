import { SUPPORTED_LOCALES, type Locale } from '@/env';
import { INVESTOR_PROFILES } from '@/domain/catalog';
import { NEWS_STATES, newsStateOf } from '@/domain/news/input';
import { richTextToEditor } from '@/domain/content/rich-text';
import type { AdminT } from '@/i18n/admin';
import type { NewsFormLabels, NewsFormValues } from '@/components/admin/news-form';
import type { NewsReferenceLists, StaffNewsItem } from '@/server/news/staff-queries';

/** The labels and choices of the news form, and its values from a stored item (or empty for a new one). */

export function newsFormLabels(t: AdminT): NewsFormLabels {
  const f = (key: Parameters<AdminT>[0]) => t(key);
  return {
    locale: f('news.fields.locale'),
    title: f('news.fields.title'),
    slug: f('news.fields.slug'),
    slugHint: f('news.fields.slugHint'),
    category: f('news.fields.category'),
    date: f('news.fields.date'),
    dateHint: f('news.fields.dateHint'),
    summary: f('news.fields.summary'),
    body: f('news.fields.body'),
    bodyHint: f('news.fields.bodyHint'),
    externalUrl: f('news.fields.externalUrl'),
    externalUrlHint: f('news.fields.externalUrlHint'),
    author: f('news.fields.author'),
    funds: f('news.fields.funds'),
    fundsHint: f('news.fields.fundsHint'),
    profiles: f('news.fields.profiles'),
    profilesHint: f('news.fields.profilesHint'),
    state: f('news.fields.state'),
    publishAt: f('news.fields.publishAt'),
    publishAtHint: f('news.fields.publishAtHint'),
    editor: {
      toolbar: f('news.editor.toolbar'),
      bold: f('news.editor.bold'),
      italic: f('news.editor.italic'),
      link: f('news.editor.link'),
      linkAddress: f('news.editor.linkAddress'),
      linkHint: f('news.editor.linkHint'),
      linkApply: f('news.editor.linkApply'),
      linkRemove: f('news.editor.linkRemove'),
      linkCancel: f('news.editor.linkCancel'),
      linkInvalid: f('news.editor.linkInvalid'),
    },
  };
}

export function newsFormChoices(t: AdminT, locale: Locale, refs: NewsReferenceLists) {
  const pick = (value: Partial<Record<string, string>>) => value[locale] ?? value.fr ?? '';
  return {
    categories: refs.categories.map((c) => ({ value: c.code, label: pick(c.title) })),
    funds: refs.funds.map((f) => ({ value: String(f.id), label: f.active ? pick(f.title) : t('news.fields.archived', { title: pick(f.title) }) })),
    profiles: INVESTOR_PROFILES.map((code) => {
      const profile = refs.profiles.find((p) => p.code === code);
      return { value: code, label: profile ? pick(profile.title) : code };
    }),
    states: NEWS_STATES.map((s) => ({ value: s, label: t(`news.stateChoices.${s}`) })),
    locales: SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) })),
  };
}

/** A `datetime-local` value (UTC) of a time. */
export const utcInputValue = (date: Date | null) => (date ? date.toISOString().slice(0, 19) : '');

export function newsFormValues(item: StaffNewsItem | null, defaults: { locale: string; categoryCode: string; today: string }): NewsFormValues {
  if (!item) {
    return {
      locale: defaults.locale,
      title: '',
      slug: '',
      categoryCode: defaults.categoryCode,
      publishedAt: defaults.today,
      summary: '',
      body: '',
      externalUrl: '',
      author: '',
      fundIds: [],
      visibleTo: [],
      state: 'draft',
      publishAt: '',
    };
  }
  return {
    locale: item.locale,
    title: item.title,
    slug: item.slug,
    categoryCode: item.categoryCode,
    publishedAt: item.publishedAt,
    summary: item.summary,
    body: richTextToEditor(item.body),
    externalUrl: item.externalUrl ?? '',
    author: item.author ?? '',
    fundIds: item.fundIds.map(String),
    visibleTo: item.visibleTo,
    state: newsStateOf(item, new Date()),
    publishAt: utcInputValue(item.publishAt),
  };
}
