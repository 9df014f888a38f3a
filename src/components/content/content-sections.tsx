import type { PageView } from '@/domain/model';
import { NewTabHint } from '@/components/layout/new-tab-hint';
import { ContentVideo } from './content-video';
import { RichText } from './rich-text';

type Component = PageView['components'][number];
type Text = Component['texts'][number];

const isExternal = (href: string) => /^https?:\/\//i.test(href);

/** A link from a '-url' text: an external one opens in a new tab and says so. */
export function ContentLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  const external = isExternal(href);
  return (
    <a
      href={href}
      className={className ?? 'inline-flex items-center gap-1 font-semibold text-brand underline'}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external ? <NewTabHint /> : null}
    </a>
  );
}

/** Texts whose code ends in -url are links; -title are subheadings; 'video' is an embed (consent-gated). */
function TextBlock({ text, component }: { text: Text; component: Component }) {
  const all = component.texts;
  if (text.code === 'title') return null;
  if (text.code === 'video') {
    const title = all.find((t) => t.code === 'title')?.content ?? '';
    return (
      <div className="mb-6">
        <ContentVideo url={text.content} title={title} />
      </div>
    );
  }
  if (text.code.endsWith('-url')) {
    const base = text.code.slice(0, -'-url'.length);
    const label = all.find((t) => t.code === `${base}-title`)?.content ?? text.content;
    return (
      <p className="mb-4">
        <ContentLink href={text.content}>{label}</ContentLink>
      </p>
    );
  }
  if (text.code.endsWith('-title')) {
    const hasUrl = all.some((t) => t.code === `${text.code.slice(0, -'-title'.length)}-url`);
    return hasUrl ? null : <h3 className="mt-6 mb-2 text-lg font-semibold text-brand">{text.content}</h3>;
  }
  return <RichText html={text.content} className="mb-4" />;
}

/**
 * The coded components of a server page (docs/product.md §3), each as a section with its heading: the
 * plain rendering for pages without a layout of their own (contact, fund range, news intro).
 */
export function ContentSections({ components }: { components: PageView['components'] }) {
  return (
    <>
      {components.map((component) => {
        const heading = component.texts.find((t) => t.code === 'title');
        const id = `section-${component.code}`;
        return (
          <section key={component.code} id={component.code} aria-labelledby={heading ? id : undefined} className="mb-10">
            {heading ? (
              <h2 id={id} className="mb-4 text-2xl font-semibold text-ink">
                {heading.content}
              </h2>
            ) : null}
            {component.texts.map((text) => (
              <TextBlock key={text.code} text={text} component={component} />
            ))}
          </section>
        );
      })}
    </>
  );
}
