import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources, isHtml, renderNonceOf, scriptHash, withScriptSources } from './cached-page-csp.mjs';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A page as Next renders it with the nonce `n0nce`, plus what content may hold. */
function page(body: string, nonce = 'n0nce'): string {
  return (
    `<!DOCTYPE html><html><head><meta charSet="utf-8"/><script src="/_next/static/chunks/a.js" async="" nonce="${nonce}"></script>` +
    `<script id="_R_" nonce="${nonce}">(globalThis["TURBOPACK"]||(globalThis["TURBOPACK"]=[])).push({})</script><title>T</title></head>` +
    `<body>${body}<script nonce="${nonce}">(self.__next_f=self.__next_f||[]).push([0])</script>` +
    `<script nonce="${nonce}">self.__next_f.push([1,"0:[\\"$\\",\\"p\\"]\\n"])</script></body></html>`
  );
}

describe('inlineScriptSources: the hashes of the framework scripts of a cached page', () => {
  it('hashes each inline script stamped with the nonce the page was rendered with, not the files', () => {
    const sources = inlineScriptSources(page('<p>Hello</p>'));
    expect(sources.split(' ')).toEqual([
      sha('(globalThis["TURBOPACK"]||(globalThis["TURBOPACK"]=[])).push({})'),
      sha('(self.__next_f=self.__next_f||[]).push([0])'),
      sha('self.__next_f.push([1,"0:[\\"$\\",\\"p\\"]\\n"])'),
    ]);
  });

  it('as the attacker: an inline script injected in the content gets no hash, with or without a guessed nonce', () => {
    for (const injected of [
      '<script>alert(1)</script>',
      '<script nonce="guess">alert(2)</script>',
      '<SCRIPT>alert(3)</SCRIPT >',
      '<script type="module">alert(4)</script>',
      '<img src=x onerror="alert(5)">',
    ]) {
      const sources = inlineScriptSources(page(injected));
      expect(sources.split(' '), injected).toHaveLength(3);
      for (const payload of ['alert(1)', 'alert(2)', 'alert(3)', 'alert(4)', 'alert(5)']) expect(sources).not.toContain(sha(payload).slice(1, -1));
    }
  });

  it('as the attacker: content cannot choose the nonce it is trusted by, which is read from <head> alone', () => {
    // Content rendered before <head> closes does not exist (React writes the head first); a body that
    // tries to look like a head does not change which nonce is the page's.
    const html = page('</head><script nonce="mine">alert(1)</script>');
    expect(renderNonceOf(html)).toBe('n0nce');
    expect(inlineScriptSources(html)).not.toContain(sha('alert(1)').slice(1, -1));
  });

  it('trusts nothing on a page rendered without a nonce (built ahead) or that is not a whole document', () => {
    const unstamped = page('<p>x</p>').replaceAll(' nonce="n0nce"', '');
    expect(renderNonceOf(unstamped)).toBeNull();
    expect(inlineScriptSources(unstamped)).toBe('');
    expect(inlineScriptSources('<script nonce="a">x()</script>')).toBe('');
    // A head whose first script has no nonce (content would have come first): nothing is trusted.
    const foreignFirst = page('<p>x</p>').replace('<head>', '<head><script>alert(1)</script><script nonce="evil">alert(2)</script>');
    expect(renderNonceOf(foreignFirst)).toBeNull();
    expect(inlineScriptSources(foreignFirst)).toBe('');
  });

  it('leaves data blocks (JSON-LD) out: the CSP does not apply to them', () => {
    const html = page('<script type="application/ld+json" nonce="n0nce">{"@type":"Organization"}</script>');
    expect(inlineScriptSources(html)).not.toContain(sha('{"@type":"Organization"}').slice(1, -1));
  });

  it('hashes the text as the browser does: CR LF read as LF', () => {
    expect(scriptHash('a()\r\nb()')).toBe(sha('a()\nb()'));
  });
});

describe('withScriptSources', () => {
  it('adds the sources to script-src and to nothing else', () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-x'; style-src 'self'";
    expect(withScriptSources(policy, "'sha256-a' 'sha256-b'")).toBe("default-src 'self'; script-src 'self' 'nonce-x' 'sha256-a' 'sha256-b'; style-src 'self'");
    expect(withScriptSources(policy, '')).toBe(policy);
    expect(withScriptSources("default-src 'self'", "'sha256-a'")).toBe("default-src 'self'");
  });
  it('knows an HTML answer', () => {
    expect(isHtml('text/html; charset=utf-8')).toBe(true);
    expect(isHtml('text/x-component')).toBe(false);
    expect(isHtml(undefined)).toBe(false);
  });
});
