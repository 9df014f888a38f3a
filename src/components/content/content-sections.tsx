import type { PageView } from '@/domain/model';
import { RichText } from './rich-text';
import { VideoNotice } from './video-notice';

type Component = PageView['components'][number];
type Text = Component['texts'][number];

/** Texts whose code ends in -url are links; -title are subheadings; 'video' is an embed (consent-gated). */
function TextBlock({ text, all }: { text: Text; all: Text[] }) {
  if (text.code === 'title') return null;
  if (text.code === 'video') return <VideoNotice url={text.content} />;
  if (text.code.endsWith('-url')) {
    const base = text.code.slice(0, -'-url'.length);
    const label = all.find((t) => t.code === `${base}-title`)?.content ?? text.content;
    const external = /^https?:\/\//.test(text.content);
    return (
      <p className="mb-4">
        <a href={text.content} className="font-semibold text-brand underline" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {label}
        </a>
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
 * The coded components of a server page (SPEC §3), each as a section with its heading. The richer
 * designs of particular pages build on the same data.
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
              <TextBlock key={text.code} text={text} all={component.texts} />
            ))}
          </section>
        );
      })}
    </>
  );
}
