import { richTextParagraphs, sanitizeRichText } from '@/domain/content/rich-text';

/**
 * Text from content, cleaned to b, i, strong and a[href] (docs/product.md §5) in one place: this component
 * is the only one that injects HTML, and only what the cleaner returns.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className}>
      {richTextParagraphs(html).map((paragraph, i) => (
        <p key={i} className="mb-4 leading-relaxed last:mb-0" dangerouslySetInnerHTML={{ __html: paragraph }} />
      ))}
    </div>
  );
}

export function InlineRichText({ html }: { html: string }) {
  return <span dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
