import { describe, expect, it } from 'vitest';
import { richTextParagraphs, sanitizeRichText } from './rich-text';

// Expected outputs are written by hand from SPEC §5: only b, i, strong and a[href] survive.
describe('sanitizeRichText', () => {
  it('keeps bold, italic, strong and links with their href', () => {
    const html = '<b>Bold</b> <i>it</i> <strong>st</strong> <a href="https://example.org/x?a=1&amp;b=2">link</a>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts and styles with their content', () => {
    expect(sanitizeRichText('a<script>alert(1)</script>b<style>p{}</style>c')).toBe('abc');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('removes event handlers and every attribute but href', () => {
    expect(sanitizeRichText('<b onclick="alert(1)" class="x">x</b>')).toBe('<b>x</b>');
    expect(sanitizeRichText('<a href="/fr/contact" target="_blank" onmouseover="x()" style="color:red">c</a>')).toBe(
      '<a href="/fr/contact">c</a>',
    );
    expect(sanitizeRichText('<img src=x onerror=alert(1)>after')).toBe('after');
  });

  it('drops javascript:, data: and vbscript: links, however they are disguised', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href=" &#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="vbscript:msgbox(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
  });

  it('keeps mailto and relative links', () => {
    expect(sanitizeRichText('<a href="mailto:presse@aurore.example">m</a>')).toBe('<a href="mailto:presse@aurore.example">m</a>');
    expect(sanitizeRichText('<a href="#top">t</a>')).toBe('<a href="#top">t</a>');
  });

  it('unwraps other tags, keeping their text, and keeps nested allowed tags', () => {
    expect(sanitizeRichText('<div><p>Hello <em>you</em> <b><i>both</i></b></p></div>')).toBe('Hello you <b><i>both</i></b>');
    expect(sanitizeRichText('<h1>Title</h1><iframe src="https://x.example"></iframe>')).toBe('Title');
  });

  it('escapes text that looks like markup and keeps entities as text', () => {
    expect(sanitizeRichText('1 &lt; 2 &amp;&amp; 3 &gt; 2')).toBe('1 &lt; 2 &amp;&amp; 3 &gt; 2');
    expect(sanitizeRichText('Rendement &eacute;lev&eacute; &#x27;x&#x27;')).toBe("Rendement élevé 'x'");
    expect(sanitizeRichText('<<b>b</b>')).toBe('&lt;<b>b</b>');
  });

  it('closes unclosed tags and drops comments', () => {
    expect(sanitizeRichText('<b>open <!-- <script>x</script> -->')).toBe('<b>open </b>');
  });
});

describe('richTextParagraphs', () => {
  it('splits on blank lines and cleans each paragraph', () => {
    expect(richTextParagraphs('One <b>a</b>\n\n  \n<script>x</script>Two\n\nThree')).toEqual(['One <b>a</b>', 'Two', 'Three']);
  });
});
