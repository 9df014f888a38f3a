'use client';

import { useRef, useState, type KeyboardEvent } from 'react';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { safeHref } from '@/domain/content/rich-text';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';

/**
 * The back-office's rich-text editor (Tiptap), loaded only on the news screens (next/dynamic). It
 * offers exactly what the site keeps (docs/product.md §5): paragraphs, bold, italic and links with
 * an href only (http, https, mailto or a path of the site; no target, rel or class). Its HTML goes
 * into a hidden field, so the form posts it like any other; the server cleans it again with the
 * site's one cleaner (richTextFromEditor), whatever was posted.
 *
 * Keyboard: Ctrl/⌘+B bold, Ctrl/⌘+I italic, Ctrl/⌘+K the link field, Ctrl/⌘+Z / Shift+Z undo and
 * redo; Tab leaves the editor. The toolbar's buttons say whether their mark is on (aria-pressed).
 */
export type RichTextEditorLabels = {
  toolbar: string;
  bold: string;
  italic: string;
  link: string;
  linkAddress: string;
  linkHint: string;
  linkApply: string;
  linkRemove: string;
  linkCancel: string;
  linkInvalid: string;
};

type Props = {
  id: string;
  name: string;
  label: string;
  initialHtml: string;
  labels: RichTextEditorLabels;
  describedBy?: string;
  invalid?: boolean;
  lang?: string;
};

/** Only an href: the Link mark's target, rel, class and title attributes are not kept. */
const HrefOnlyLink = Link.extend({
  addAttributes() {
    return { href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('href') } };
  },
}).configure({
  openOnClick: false,
  autolink: false,
  linkOnPaste: true,
  HTMLAttributes: {},
  isAllowedUri: (url: string) => safeHref(url) !== null,
});

const toolButton = 'rounded border border-slate-400 bg-white px-3 py-1 text-sm font-medium hover:bg-slate-100 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand aria-pressed:bg-brand aria-pressed:text-white aria-pressed:hover:bg-brand-dark';

export default function RichTextEditor({ id, name, label, initialHtml, labels, describedBy, invalid, lang }: Props) {
  const [html, setHtml] = useState(initialHtml);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState(false);
  const linkInput = useRef<HTMLInputElement>(null);
  const labelId = `${id}-label`;

  const openLink = (current: string | undefined) => {
    setHref(current ?? '');
    setLinkError(false);
    setLinking(true);
    requestAnimationFrame(() => linkInput.current?.focus());
  };

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [Document, Paragraph, Text, Bold, Italic, HrefOnlyLink, UndoRedo],
    content: initialHtml,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(lang ? { lang } : {}),
        class: 'min-h-40 rounded-b border border-slate-400 bg-white px-3 py-2 focus:border-brand focus:outline-hidden focus:ring-2 focus:ring-brand [&_a]:text-brand [&_a]:underline [&_p]:mb-3',
      },
      handleKeyDown: (view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          const mark = view.state.selection.$from.marks().find((m) => m.type.name === 'link');
          openLink(mark?.attrs.href as string | undefined);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.getHTML()),
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      link: e?.isActive('link') ?? false,
      href: (e?.getAttributes('link').href as string | undefined) ?? undefined,
    }),
  });

  const applyLink = () => {
    if (!editor) return;
    const target = safeHref(href.trim());
    if (target === null) {
      setLinkError(true);
      linkInput.current?.focus();
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: target }).run();
    setLinking(false);
  };

  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinking(false);
  };

  const cancelLink = () => {
    setLinking(false);
    editor?.commands.focus();
  };

  const onLinkKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelLink();
    }
  };

  return (
    <div>
      <span id={labelId} className="block font-medium">
        {label}
      </span>
      <div role="toolbar" aria-label={labels.toolbar} aria-controls={id} className="mt-1 flex flex-wrap gap-2 rounded-t border border-b-0 border-slate-400 bg-slate-50 p-2">
        <Button variant="plain" type="button" className={toolButton} aria-pressed={active?.bold ?? false} aria-keyshortcuts="Control+B" onClick={() => editor?.chain().focus().toggleBold().run()}>
          <b>{labels.bold}</b>
        </Button>
        <Button variant="plain" type="button" className={toolButton} aria-pressed={active?.italic ?? false} aria-keyshortcuts="Control+I" onClick={() => editor?.chain().focus().toggleItalic().run()}>
          <i>{labels.italic}</i>
        </Button>
        <Button variant="plain" type="button" className={toolButton} aria-pressed={active?.link ?? false} aria-expanded={linking} aria-keyshortcuts="Control+K" onClick={() => openLink(active?.href)}>
          {labels.link}
        </Button>
      </div>
      {linking && (
        <div className="flex flex-wrap items-end gap-2 border border-b-0 border-slate-400 bg-slate-50 p-2">
          <div className="grow">
            <label htmlFor={`${id}-href`} className="block text-sm font-medium">
              {labels.linkAddress}
            </label>
            <Input
              ref={linkInput}
              id={`${id}-href`}
              type="text"
              inputMode="url"
              maxLength={2000}
              value={href}
              onChange={(e) => setHref(e.target.value)}
              onKeyDown={onLinkKey}
              aria-invalid={linkError || undefined}
              aria-describedby={`${id}-href-hint${linkError ? ` ${id}-href-error` : ''}`}
            />
            <p id={`${id}-href-hint`} className="mt-1 text-sm text-muted">
              {labels.linkHint}
            </p>
            {linkError && (
              <p id={`${id}-href-error`} className="mt-1 text-sm font-medium text-red-800">
                {labels.linkInvalid}
              </p>
            )}
          </div>
          <Button variant="plain" type="button" className={toolButton} onClick={applyLink}>
            {labels.linkApply}
          </Button>
          {active?.link && (
            <Button variant="plain" type="button" className={toolButton} onClick={removeLink}>
              {labels.linkRemove}
            </Button>
          )}
          <Button variant="plain" type="button" className={toolButton} onClick={cancelLink}>
            {labels.linkCancel}
          </Button>
        </div>
      )}
      <EditorContent editor={editor} />
      <Input type="hidden" name={name} value={html} />
    </div>
  );
}
