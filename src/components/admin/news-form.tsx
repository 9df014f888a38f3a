'use client';

import dynamic from 'next/dynamic';
import { useActionState, useId, useState } from 'react';
import { slugify } from '@/domain/news/input';
import { IDLE, type FormState } from './action-form';
import type { RichTextEditorLabels } from './rich-text-editor';
import { Button } from '@/components/ui/button';
import { Input, InputField, Label, Legend, Select, Textarea } from '@/components/ui/field';
import { FormAnswer } from './form-answer';

/** The editor is loaded on the news screens only: no public page carries Tiptap. */
const RichTextEditor = dynamic(() => import('./rich-text-editor'), { ssr: false, loading: () => null });

export type NewsFormValues = {
  locale: string;
  title: string;
  slug: string;
  categoryCode: string;
  publishedAt: string;
  summary: string;
  /** The editor's HTML (one <p> per paragraph). */
  body: string;
  externalUrl: string;
  author: string;
  fundIds: string[];
  visibleTo: string[];
  state: string;
  publishAt: string;
};

type Option = { value: string; label: string };

export type NewsFormLabels = {
  locale: string;
  title: string;
  slug: string;
  slugHint: string;
  category: string;
  date: string;
  dateHint: string;
  summary: string;
  body: string;
  bodyHint: string;
  externalUrl: string;
  externalUrlHint: string;
  author: string;
  funds: string;
  fundsHint: string;
  profiles: string;
  profilesHint: string;
  state: string;
  publishAt: string;
  publishAtHint: string;
  editor: RichTextEditorLabels;
};

type Props = {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  title: string;
  submitLabel: string;
  labels: NewsFormLabels;
  initial: NewsFormValues;
  /** Offered when creating; an item's language never changes. */
  locales?: Option[];
  categories: Option[];
  funds: Option[];
  profiles: Option[];
  states: Option[];
  /** The slug follows the title until it is typed by hand (a new item). */
  slugFollowsTitle: boolean;
  /** Under the approval policy: the note for the reviewer (the article's own publication time is its effective date). */
  approvalNote?: { label: string; hint: string };
};

const listOf = (value: string | string[] | undefined) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

/**
 * The form of one language of a news article: its texts, the rich-text body, links, funds,
 * profiles and publication (draft, now, or at a time). After an error everything typed is shown
 * again, the body too, with each error tied to its field.
 */
export function NewsForm({ action, title, submitLabel, labels, initial, locales, categories, funds, profiles, states, slugFollowsTitle, approvalNote }: Props) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const formId = useId().replace(/:/g, '');
  const posted = state.values;
  const text = (name: keyof NewsFormValues): string => {
    const v = posted?.[name];
    return typeof v === 'string' ? v : (initial[name] as string);
  };
  const [slug, setSlug] = useState(initial.slug);
  const [follows, setFollows] = useState(slugFollowsTitle);
  const [seq, setSeq] = useState(state.seq);
  if (seq !== state.seq) {
    // A new answer: the slug field shows what was posted.
    setSeq(state.seq);
    if (posted) {
      setSlug(typeof posted.slug === 'string' ? posted.slug : '');
      setFollows(false);
    }
  }
  const [scheduled, setScheduled] = useState(text('state') === 'scheduled');
  const id = (name: string) => `${formId}-${name}`;
  const error = (name: string) => state.errors?.[name];
  const described = (name: string, hint?: boolean) => [hint ? `${id(name)}-hint` : '', error(name) ? `${id(name)}-error` : ''].filter(Boolean).join(' ') || undefined;
  const invalid = (name: string) => (error(name) ? true : undefined);
  const help = (name: string, hint?: string) => (
    <>
      {hint && (
        <p id={`${id(name)}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error(name) && (
        <p id={`${id(name)}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error(name)}
        </p>
      )}
    </>
  );
  const chosen = (name: 'fundIds' | 'visibleTo') => (posted ? (listOf(posted[name]) ?? []) : initial[name]);
  const lang = text('locale');

  const checkboxes = (name: 'fundIds' | 'visibleTo', legend: string, hint: string, options: Option[]) => (
    <fieldset aria-describedby={described(name, true)}>
      <Legend>{legend}</Legend>
      <div className="mt-1 flex max-h-64 flex-wrap gap-x-6 gap-y-2 overflow-y-auto">
        {options.map((o) => (
          <div key={o.value} className="flex items-center gap-2">
            <Input id={`${id(name)}-${o.value}`} type="checkbox" name={name} value={o.value} defaultChecked={chosen(name).includes(o.value)} className="h-4 w-4" />
            <label htmlFor={`${id(name)}-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </div>
      {help(name, hint)}
    </fieldset>
  );

  return (
    <div>
      <FormAnswer state={state} />
      <form action={formAction} aria-label={title} key={state.seq ?? 0} noValidate className="space-y-4">
        {locales ? (
          <div>
            <Label htmlFor={id('locale')}>
              {labels.locale}
            </Label>
            <Select id={id('locale')} name="locale" defaultValue={text('locale')} aria-invalid={invalid('locale')} aria-describedby={described('locale')}>
              {locales.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
            {help('locale')}
          </div>
        ) : (
          <Input type="hidden" name="locale" value={initial.locale} />
        )}
        <InputField label={labels.title} id={id('title')} name="title" type="text" lang={lang} required maxLength={200} defaultValue={text('title')} onInput={(e) => { if (follows) setSlug(slugify(e.currentTarget.value)); }} aria-invalid={invalid('title')} aria-describedby={described('title')} className="max-w-2xl">
          {help('title')}
        </InputField>
        <InputField label={labels.slug} id={id('slug')} name="slug" type="text" maxLength={120} value={slug} onChange={(e) => { setSlug(e.target.value); setFollows(e.target.value === ''); }} aria-invalid={invalid('slug')} aria-describedby={described('slug', true)} className="max-w-2xl font-mono">
          {help('slug', labels.slugHint)}
        </InputField>
        <div className="flex flex-wrap gap-6">
          <div>
            <Label htmlFor={id('categoryCode')}>
              {labels.category}
            </Label>
            <Select id={id('categoryCode')} name="categoryCode" defaultValue={text('categoryCode')} aria-invalid={invalid('categoryCode')} aria-describedby={described('categoryCode')}>
              {categories.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
            {help('categoryCode')}
          </div>
          <InputField label={labels.date} id={id('publishedAt')} name="publishedAt" type="date" required defaultValue={text('publishedAt')} aria-invalid={invalid('publishedAt')} aria-describedby={described('publishedAt', true)}>
            {help('publishedAt', labels.dateHint)}
          </InputField>
        </div>
        <div>
          <Label htmlFor={id('summary')}>
            {labels.summary}
          </Label>
          <Textarea id={id('summary')} name="summary" lang={lang} rows={3} maxLength={1000} required defaultValue={text('summary')} aria-invalid={invalid('summary')} aria-describedby={described('summary')}  className="max-w-none"/>
          {help('summary')}
        </div>
        <div>
          <RichTextEditor
            key={state.seq ?? 0}
            id={id('body')}
            name="body"
            label={labels.body}
            lang={lang}
            initialHtml={text('body')}
            labels={labels.editor}
            describedBy={described('body', true)}
            invalid={invalid('body')}
          />
          {help('body', labels.bodyHint)}
        </div>
        <InputField label={labels.externalUrl} id={id('externalUrl')} name="externalUrl" type="url" maxLength={2000} defaultValue={text('externalUrl')} aria-invalid={invalid('externalUrl')} aria-describedby={described('externalUrl', true)} className="max-w-2xl">
          {help('externalUrl', labels.externalUrlHint)}
        </InputField>
        <InputField label={labels.author} id={id('author')} name="author" type="text" maxLength={120} defaultValue={text('author')} aria-invalid={invalid('author')} aria-describedby={described('author')}>
          {help('author')}
        </InputField>
        {checkboxes('fundIds', labels.funds, labels.fundsHint, funds)}
        {checkboxes('visibleTo', labels.profiles, labels.profilesHint, profiles)}
        <fieldset aria-describedby={described('state')}>
          <Legend>{labels.state}</Legend>
          <div className="mt-1 flex flex-wrap gap-6">
            {states.map((o) => (
              <div key={o.value} className="flex items-center gap-2">
                <Input
                  id={`${id('state')}-${o.value}`}
                  type="radio"
                  name="state"
                  value={o.value}
                  defaultChecked={text('state') === o.value}
                  onChange={() => setScheduled(o.value === 'scheduled')}
                  className="h-4 w-4"
                />
                <label htmlFor={`${id('state')}-${o.value}`}>{o.label}</label>
              </div>
            ))}
          </div>
          {help('state')}
        </fieldset>
        <InputField label={labels.publishAt} id={id('publishAt')} name="publishAt" type="datetime-local" step={1} required={scheduled} defaultValue={text('publishAt')} aria-invalid={invalid('publishAt')} aria-describedby={described('publishAt', true)}>
          {help('publishAt', labels.publishAtHint)}
        </InputField>
        {approvalNote && (
          <div>
            <Label htmlFor={id('approvalNote')}>
              {approvalNote.label}
            </Label>
            <Textarea id={id('approvalNote')} name="approvalNote" rows={2} maxLength={2000} aria-describedby={`${id('approvalNote')}-hint`}  className="max-w-none"/>
            {help('approvalNote', approvalNote.hint)}
          </div>
        )}
        <Button type="submit" disabled={pending} aria-disabled={pending || undefined}>
          {submitLabel}
        </Button>
      </form>
    </div>
  );
}
