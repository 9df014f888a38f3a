import { describe, expect, it } from 'vitest';
import { richTextParagraphs, richTextToPlain, safeHref, sanitizeRichText } from './rich-text';

// Expected outputs are written by hand from docs/product.md §5: only b, i, strong and a[href] survive.
describe('sanitizeRichText', () => {
  it('keeps bold, italic, strong and links with their href', () => {
    const html = '<b>Bold</b> <i>it</i> <strong>st</strong> <a href="https://example.org/x?a=1&amp;b=2">link</a>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts and styles with their content, in any case', () => {
    expect(sanitizeRichText('a<script>alert(1)</script>b<style>p{}</style>c')).toBe('abc');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitizeRichText('<SCRIPT SRC="https://evil.example/x.js"></SCRIPT>ok')).toBe('ok');
    expect(sanitizeRichText('<ScRiPt>alert(1)</sCrIpT>ok')).toBe('ok');
    expect(sanitizeRichText('<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok')).toBe('ok');
    expect(sanitizeRichText('<noscript><p title="</noscript><img src=x onerror=alert(1)>">ok')).not.toMatch(/<img|onerror=/);
  });

  it('keeps uppercase allowed tags, lowercased, without their attributes', () => {
    expect(sanitizeRichText('<B CLASS="x">bold</B> <I>it</I> <STRONG>st</STRONG>')).toBe('<b>bold</b> <i>it</i> <strong>st</strong>');
    expect(sanitizeRichText('<A HREF="https://example.org/">x</A>')).toBe('<a href="https://example.org/">x</a>');
  });

  it('removes event handlers and every attribute but href', () => {
    expect(sanitizeRichText('<b onclick="alert(1)" class="x">x</b>')).toBe('<b>x</b>');
    expect(sanitizeRichText('<a href="/fr/contact" target="_blank" onmouseover="x()" style="color:red">c</a>')).toBe(
      '<a href="/fr/contact">c</a>',
    );
    expect(sanitizeRichText('<img src=x onerror=alert(1)>after')).toBe('after');
    expect(sanitizeRichText('<img/src/onerror=alert(1)>after')).toBe('after');
    expect(sanitizeRichText('<p onclick=x>para</p>')).toBe('para');
    expect(sanitizeRichText('<body onload=alert(1)>x</body>')).toBe('x');
  });

  it('turns javascript:, data: and vbscript: links into plain text, however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' &#106;avascript:alert(1)',
      '&#x6A;&#x61;vascript:alert(1)',
      '&#0000106avascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      'java&#9;script:alert(1)',
      'jav&#x0A;ascript:alert(1)',
      'java&#x0D;script:alert(1)',
      '&#x01;javascript:alert(1)',
      'javascript&colon;alert(1)',
      'JaVa&#x53;cript:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'DATA:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '\\\\evil.example/x',
      '/\\evil.example/x',
      'ftp://files.example/x',
    ]) {
      expect(sanitizeRichText(`<a href="${href.replace(/"/g, '&quot;')}">x</a>`), href).toBe('x');
    }
    expect(sanitizeRichText('<a href=javascript:alert(1)>unquoted</a>')).toBe('unquoted');
    expect(sanitizeRichText("<a href='javascript:alert(1)'>single</a>")).toBe('single');
  });

  it('keeps mailto and relative links, trimmed as a browser would read them', () => {
    expect(sanitizeRichText('<a href="mailto:presse@aurore.example">m</a>')).toBe('<a href="mailto:presse@aurore.example">m</a>');
    expect(sanitizeRichText('<a href="#top">t</a>')).toBe('<a href="#top">t</a>');
    expect(sanitizeRichText('<a href="?page=2">p</a>')).toBe('<a href="?page=2">p</a>');
    expect(sanitizeRichText('<a href="  https://ok.example/ ">x</a>')).toBe('<a href="https://ok.example/">x</a>');
    expect(sanitizeRichText('<a href="/rel?a=1&b=2">x</a>')).toBe('<a href="/rel?a=1&amp;b=2">x</a>');
  });

  it('unwraps a link without an href instead of leaving a dead anchor', () => {
    expect(sanitizeRichText('<a>no href</a>')).toBe('no href');
    expect(sanitizeRichText('<a name="x" href="">empty</a>')).toBe('empty');
  });

  it('keeps an attribute value from breaking out of its quotes', () => {
    expect(sanitizeRichText('<a href="http://a.example/&quot;onmouseover=&quot;alert(1)">q</a>')).toBe(
      '<a href="http://a.example/&quot;onmouseover=&quot;alert(1)">q</a>',
    );
  });

  it('unwraps other tags, keeping their text, and keeps nested allowed tags', () => {
    expect(sanitizeRichText('<div><p>Hello <em>you</em> <b><i>both</i></b></p></div>')).toBe('Hello you <b><i>both</i></b>');
    expect(sanitizeRichText('<h1>Title</h1><iframe src="https://x.example"></iframe>')).toBe('Title');
    expect(sanitizeRichText('<b><a href="/fr"><i><strong>deep</strong></i></a></b>')).toBe('<b><a href="/fr"><i><strong>deep</strong></i></a></b>');
    expect(sanitizeRichText('<b><i>x</b></i>')).toBe('<b><i>x</i></b>');
  });

  it('escapes text that looks like markup and keeps entities as text', () => {
    expect(sanitizeRichText('1 &lt; 2 &amp;&amp; 3 &gt; 2')).toBe('1 &lt; 2 &amp;&amp; 3 &gt; 2');
    expect(sanitizeRichText('Rendement &eacute;lev&eacute; &#x27;x&#x27;')).toBe("Rendement élevé 'x'");
    expect(sanitizeRichText('<<b>b</b>')).toBe('&lt;<b>b</b>');
    expect(sanitizeRichText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeRichText('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(sanitizeRichText('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i);
  });

  it('closes unclosed tags and drops comments and CDATA', () => {
    expect(sanitizeRichText('<b>open <!-- <script>x</script> -->')).toBe('<b>open </b>');
    expect(sanitizeRichText('<b>unclosed <i>deep')).toBe('<b>unclosed <i>deep</i></b>');
    expect(sanitizeRichText('<a href="/fr">never closed')).toBe('<a href="/fr">never closed</a>');
    expect(sanitizeRichText('x<![CDATA[<script>alert(1)</script>]]>y')).not.toMatch(/<script/i);
  });
});

describe('safeHref', () => {
  it('keeps http, https, mailto and site-relative targets', () => {
    expect(safeHref('https://example.org')).toBe('https://example.org');
    expect(safeHref('HTTP://example.org')).toBe('HTTP://example.org');
    expect(safeHref('/fr/contact')).toBe('/fr/contact');
    expect(safeHref('news/a:b')).toBe('news/a:b');
  });

  it('refuses everything else', () => {
    expect(safeHref(undefined)).toBeNull();
    expect(safeHref('   ')).toBeNull();
    expect(safeHref('java\nscript:x')).toBeNull();
    expect(safeHref('tel:+33100000000')).toBeNull();
    expect(safeHref('a:b')).toBeNull();
  });
});

describe('richTextParagraphs', () => {
  it('splits on blank lines and cleans each paragraph', () => {
    expect(richTextParagraphs('One <b>a</b>\n\n  \n<script>x</script>Two\n\nThree')).toEqual(['One <b>a</b>', 'Two', 'Three']);
  });
});

describe('richTextToPlain', () => {
  it('gives the words only, entities decoded once, code dropped', () => {
    expect(richTextToPlain('<b>1 &lt; 2</b> &amp;amp; <script>x</script> <a href="/x">link</a>\n\nnext')).toBe('1 < 2 &amp; link next');
  });
});

describe('richTextFromEditor and richTextToEditor (the back-office editor)', () => {
  // What the Tiptap editor of the back-office writes (document, paragraph, text, bold, italic, link).
  const editorHtml =
    '<p>Our <strong>bold</strong> and <em>italic</em> words, a <a href="https://example.com/x?a=1&amp;b=2">link</a> and <a href="/fr/actualites">another</a>.</p><p>&lt;script&gt;alert(1)&lt;/script&gt; typed as text<br>on two lines</p><p></p>';

  it('stores the editor output as the site stores rich text, which the cleaner keeps unchanged', async () => {
    const { richTextFromEditor, sanitizeRichText, richTextParagraphs } = await import('./rich-text');
    const stored = richTextFromEditor(editorHtml);
    expect(stored).toBe(
      'Our <strong>bold</strong> and <i>italic</i> words, a <a href="https://example.com/x?a=1&amp;b=2">link</a> and <a href="/fr/actualites">another</a>.\n\n&lt;script&gt;alert(1)&lt;/script&gt; typed as text on two lines',
    );
    expect(sanitizeRichText(stored)).toBe(stored);
    expect(richTextParagraphs(stored)).toHaveLength(2);
  });

  it('drops what was posted past the editor: scripts, handlers, other tags and unsafe links', async () => {
    const { richTextFromEditor } = await import('./rich-text');
    const stored = richTextFromEditor(
      '<p onclick="steal()">A<script>alert(1)</script> <a href="javascript:alert(1)" onclick="x()">b</a> <img src=x onerror=alert(1)><u>c</u> <a href="https://ok.example" target="_blank" rel="noopener" class="x">d</a></p><style>p{}</style>',
    );
    expect(stored).toBe('A b c <a href="https://ok.example">d</a>');
  });

  it('gives the editor one <p> per stored paragraph, and back again unchanged', async () => {
    const { richTextFromEditor, richTextToEditor } = await import('./rich-text');
    const stored = 'One <b>bold</b>\n\nTwo <i>it</i> <a href="https://a.example">x</a>';
    expect(richTextToEditor(stored)).toBe('<p>One <b>bold</b></p><p>Two <i>it</i> <a href="https://a.example">x</a></p>');
    expect(richTextFromEditor(richTextToEditor(stored))).toBe(stored);
  });
});

describe('sanitizeRichText with several links', () => {
  it('closes a safe link that follows an unwrapped one with its own tag', () => {
    expect(sanitizeRichText('<a>b</a> <a href="https://ok.example">d</a> e')).toBe('b <a href="https://ok.example">d</a> e');
    expect(sanitizeRichText('<a href="javascript:x">b</a> <a href="/fr">d</a> <a href="vbscript:y">f</a>')).toBe('b <a href="/fr">d</a> f');
  });
});
