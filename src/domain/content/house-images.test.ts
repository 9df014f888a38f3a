import { describe, expect, it } from 'vitest';
import { chunk, png } from '../../../tests/support/png';
import { checkHouseImage, houseImagePath, IMAGE_RULES, jpegSize, parseHouseImageFile, pngSize, sanitiseSvg, sniffImageType } from './house-images';

const text = (s: string) => new TextEncoder().encode(s);


/** A PNG header announcing a size, with no pixels: what a decompression bomb starts with. */
function pngHeader(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  const head = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const c = chunk('IHDR', ihdr);
  const out = new Uint8Array(head.length + c.length);
  out.set(head);
  out.set(c, head.length);
  return out;
}

/** A JPEG's frame of segments: SOI, an APP0, a SOF0 with the size, EOI. */
function jpeg(width: number, height: number): Uint8Array {
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, 0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]);
}

const LOGO = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Exported by an editor -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" width="120" height="40">
  <title>Aurore</title>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#0b3a6e"/><stop offset="1" stop-color="#1f5fa8"/></linearGradient></defs>
  <rect width="40" height="40" rx="9" fill="url(#g)" style="stroke:#fff;stroke-width:2"/>
  <use xlink:href="#g"/>
  <text x="50" y="26" font-family="sans-serif">Aurore &amp; Co</text>
</svg>`;

const svgOf = (body: string, attributes = 'viewBox="0 0 40 40"') => text(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${body}</svg>`);

describe('the house’s images: type by magic bytes', () => {
  it('reads PNG, JPEG and SVG from their bytes, whatever the name says', () => {
    expect(sniffImageType(png(64, 64))).toBe('image/png');
    expect(sniffImageType(jpeg(1200, 630))).toBe('image/jpeg');
    expect(sniffImageType(text(LOGO))).toBe('image/svg+xml');
    expect(sniffImageType(text('\uFEFF  <svg viewBox="0 0 1 1"/>'))).toBe('image/svg+xml');
    expect(sniffImageType(text('<html><svg></svg></html>'))).toBeNull();
    expect(sniffImageType(text('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(text('<!-- never closed <svg>'))).toBeNull();
  });

  it('takes a PNG renamed .svg for the PNG it is: stored and served as image/png, never as SVG', () => {
    const checked = checkHouseImage('logo', png(120, 40));
    expect(checked).toMatchObject({ ok: true, image: { type: 'image/png', width: 120, height: 40 } });
  });

  it('reads the size of a PNG from IHDR and of a JPEG from its frame header', () => {
    expect(pngSize(png(33, 17))).toEqual({ width: 33, height: 17 });
    expect(jpegSize(jpeg(1200, 630))).toEqual({ width: 1200, height: 630 });
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });
});

describe('the house’s images: sizes and proportions', () => {
  it('refuses an empty file, one over the byte limit, and a type the image does not take', () => {
    expect(checkHouseImage('logo', new Uint8Array())).toEqual({ ok: false, problem: 'empty' });
    const huge = new Uint8Array(IMAGE_RULES.favicon.maxBytes + 1);
    huge.set(png(64, 64));
    expect(checkHouseImage('favicon', huge)).toEqual({ ok: false, problem: 'too-large' });
    expect(checkHouseImage('logo', jpeg(400, 100))).toEqual({ ok: false, problem: 'bad-type' });
    expect(checkHouseImage('social', text(LOGO))).toEqual({ ok: false, problem: 'bad-type' });
    expect(checkHouseImage('logo', text('GIF89a'))).toEqual({ ok: false, problem: 'bad-type' });
  });

  it('refuses an absurd announced size (a decompression bomb), a zero size and one too small', () => {
    expect(checkHouseImage('social', pngHeader(100_000, 100_000))).toEqual({ ok: false, problem: 'too-big' });
    expect(checkHouseImage('social', jpeg(65_000, 630))).toEqual({ ok: false, problem: 'too-big' });
    expect(checkHouseImage('logo', pngHeader(0, 40))).toEqual({ ok: false, problem: 'bad-dimensions' });
    expect(checkHouseImage('social', jpeg(599, 315))).toEqual({ ok: false, problem: 'too-small' });
    expect(checkHouseImage('social', jpeg(1200, 630))).toMatchObject({ ok: true, image: { type: 'image/jpeg', width: 1200, height: 630 } });
    expect(checkHouseImage('favicon', png(16, 16))).toEqual({ ok: false, problem: 'too-small' });
  });

  it('wants a square favicon, and an SVG with a size in proportion', () => {
    expect(checkHouseImage('favicon', png(64, 48))).toEqual({ ok: false, problem: 'not-square' });
    expect(checkHouseImage('favicon', png(48, 48))).toMatchObject({ ok: true });
    expect(checkHouseImage('favicon', svgOf('<rect width="1" height="1"/>', 'viewBox="0 0 32 20"'))).toEqual({ ok: false, problem: 'not-square' });
    expect(checkHouseImage('logo', svgOf('<rect width="1" height="1"/>', 'width="100%" height="100%"'))).toEqual({ ok: false, problem: 'bad-dimensions' });
    expect(checkHouseImage('logo', svgOf('<rect width="1" height="1"/>', 'viewBox="0 0 4000 10"'))).toEqual({ ok: false, problem: 'bad-dimensions' });
    expect(checkHouseImage('logo', svgOf('<rect width="1" height="1"/>', 'viewBox="0 0 1e9 1e9"'))).toEqual({ ok: false, problem: 'too-big' });
    expect(checkHouseImage('logo', svgOf('<rect width="1" height="1"/>', 'width="120px" height="40"'))).toMatchObject({ ok: true, image: { width: 120, height: 40 } });
  });
});

describe('the house’s images: an SVG is refused when active, sanitised otherwise', () => {
  const refused = (body: string, attributes?: string) => checkHouseImage('logo', svgOf(body, attributes));

  it('keeps a plain logo drawn, gradients and internal references included, and its output is stable', () => {
    const checked = checkHouseImage('logo', text(LOGO));
    if (!checked.ok) throw new Error(checked.problem);
    const out = new TextDecoder().decode(checked.image.bytes);
    expect(checked.image).toMatchObject({ type: 'image/svg+xml', width: 120, height: 40 });
    expect(out).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('xlink:href="#g"');
    expect(out).toContain('Aurore &amp; Co');
    expect(out).not.toContain('<?xml');
    expect(out).not.toContain('<!--');
    expect(sanitiseSvg(out).svg).toBe(out);
  });

  it('refuses a script, an event handler, an animation and a javascript: link', () => {
    expect(refused('<script>alert(1)</script>')).toEqual({ ok: false, problem: 'svg-script' });
    expect(refused('<rect width="1" height="1"/>', 'viewBox="0 0 40 40" onload="alert(1)"')).toEqual({ ok: false, problem: 'svg-script' });
    expect(refused('<rect width="1" height="1" ONCLICK="alert(1)"/>')).toEqual({ ok: false, problem: 'svg-script' });
    expect(refused('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>')).toEqual({ ok: false, problem: 'svg-script' });
    expect(refused('<use xlink:href=" jav&#x09;ascript:alert(1)"/>')).toMatchObject({ ok: false });
    expect(refused('<set attributeName="href" to="javascript:alert(1)"/>')).toEqual({ ok: false, problem: 'svg-script' });
    expect(refused('<animate attributeName="fill" values="red;blue"/>')).toEqual({ ok: false, problem: 'svg-script' });
  });

  it('refuses external references: another file in <use>, an <image>, a url() elsewhere, a style sheet instruction', () => {
    expect(refused('<use href="https://evil.example/sprite.svg#a"/>')).toEqual({ ok: false, problem: 'svg-external' });
    expect(refused('<use xlink:href="sprite.svg#a"/>')).toEqual({ ok: false, problem: 'svg-external' });
    expect(refused('<image href="data:image/png;base64,AAAA" width="1" height="1"/>')).toEqual({ ok: false, problem: 'svg-external' });
    expect(refused('<rect width="1" height="1" fill="url(https://evil.example/x#g)"/>')).toEqual({ ok: false, problem: 'svg-external' });
    expect(refused('<rect width="1" height="1" style="fill:url(//evil.example/x)"/>')).toEqual({ ok: false, problem: 'svg-external' });
    expect(checkHouseImage('logo', text('<?xml-stylesheet href="https://evil.example/x.css"?><svg viewBox="0 0 1 1"></svg>'))).toEqual({ ok: false, problem: 'svg-external' });
  });

  it('refuses foreign HTML and any entity declaration (XXE, billion laughs)', () => {
    expect(refused('<foreignObject><div>hi</div></foreignObject>')).toEqual({ ok: false, problem: 'svg-foreign' });
    expect(refused('<iframe src="/admin"></iframe>')).toEqual({ ok: false, problem: 'svg-foreign' });
    const xxe = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 1 1"><text>&xxe;</text></svg>';
    expect(checkHouseImage('logo', text(xxe))).toEqual({ ok: false, problem: 'svg-entity' });
    const laughs = `<!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg viewBox="0 0 1 1"><text>&b;</text></svg>`;
    expect(checkHouseImage('logo', text(laughs))).toEqual({ ok: false, problem: 'svg-entity' });
  });

  it('drops what is not drawing without refusing: editors’ metadata, namespaced elements, a style sheet, unknown attributes', () => {
    const checked = refused('<metadata><rdf:RDF/></metadata><sodipodi:namedview/><style>.a{fill:red}</style><rect class="a" width="1" height="1" data-x="1" sodipodi:role="x"/>');
    if (!checked.ok) throw new Error(checked.problem);
    expect(new TextDecoder().decode(checked.image.bytes)).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" xmlns:xlink="http://www.w3.org/1999/xlink"><rect class="a" width="1" height="1"></rect></svg>');
  });

  it('refuses text that is not UTF-8 and markup that is not one SVG element', () => {
    expect(checkHouseImage('logo', new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e]))).toMatchObject({ ok: false });
    expect(checkHouseImage('logo', text('<svg viewBox="0 0 1 1"></svg><svg viewBox="0 0 1 1"></svg>'))).toEqual({ ok: false, problem: 'svg-invalid' });
    expect(checkHouseImage('logo', text('<svg viewBox="0 0 1 1"></svg> and some text'))).toEqual({ ok: false, problem: 'svg-invalid' });
  });

  it('checks a large file within its bound in reasonable time', () => {
    const many = '<rect width="1" height="1" fill="#000"/>'.repeat(12_000);
    const started = performance.now();
    const checked = checkHouseImage('logo', svgOf(many));
    expect(checked).toMatchObject({ ok: true });
    expect(performance.now() - started).toBeLessThan(5_000);
    const tooMany = svgOf('<rect width="1" height="1" fill="#000"/>'.repeat(14_000));
    expect(checkHouseImage('logo', tooMany)).toEqual({ ok: false, problem: 'too-large' });
  });
});

describe('the house’s images: addresses', () => {
  it('names the file by image and hash, and reads such a name back (nothing else)', () => {
    const path = houseImagePath('logo', { sha256: 'ab'.repeat(32), contentType: 'image/svg+xml' });
    expect(path).toBe('/brand/logo.abababababababab.svg');
    expect(parseHouseImageFile('logo.abababababababab.svg')).toEqual({ kind: 'logo', hash: 'abababababababab', extension: 'svg' });
    for (const bad of ['logo.svg', 'icon.abababababababab.svg', 'logo.ABABABABABABABAB.svg', 'logo.abababababababab.svg.html', '../logo.abababababababab.png']) expect(parseHouseImageFile(bad), bad).toBeNull();
  });
});
