import { InlineRichText } from '@/components/content/rich-text';

/**
 * The 'performances-passees' disclaimer (getDisclaimers(locale).pastPerformance), shown beside every block of
 * performance figures as EU marketing rules require. Its text comes from content, hence the cleaner.
 */
export function PastPerformanceWarning({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p role="note" className="mt-3 border-l-4 border-accent bg-amber-50 px-3 py-2 text-sm leading-relaxed text-ink print:bg-transparent print:text-xs">
      <InlineRichText html={text} />
    </p>
  );
}
