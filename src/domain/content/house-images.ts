import sanitizeHtml from 'sanitize-html';

/**
 * The house's logo, favicon and social image (issue 43, docs/decisions/062): what an upload must be
 * before it is proposed, checked from its bytes alone. The type comes from the magic bytes (the
 * file's name is never trusted), the byte size and the pixel size are bounded per image, and an SVG
 * is refused when it carries anything active (scripts, event handlers, animations, external
 * references, foreign HTML, DTD entities) and otherwise sanitised to an allowlist of drawing
 * elements and attributes (sanitize-html on an XML parse): what is stored and served is that output.
 * Pure: no I/O.
 */

export const HOUSE_IMAGES = ['logo', 'favicon', 'social'] as const;
export type HouseImageKind = (typeof HOUSE_IMAGES)[number];

export const isHouseImageKind = (value: unknown): value is HouseImageKind => typeof value === 'string' && (HOUSE_IMAGES as readonly string[]).includes(value);

export const IMAGE_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const EXTENSION_OF: Record<ImageType, string> = { 'image/svg+xml': 'svg', 'image/png': 'png', 'image/jpeg': 'jpg' };

export type ImageRule = {
  types: readonly ImageType[];
  maxBytes: number;
  /** Smallest pixel size of a raster image (an SVG scales: only its proportions are checked). */
  minWidth: number;
  minHeight: number;
  square: boolean;
};

/**
 * Per image: the logo is drawn in the header at 40 px high (SVG or a PNG of at least 40 px); the
 * favicon is square, at least 32 px; the social image is what link previews show: JPEG or PNG (the
 * networks do not read SVG), at least 600×315 (1200×630 recommended).
 */
export const IMAGE_RULES: Readonly<Record<HouseImageKind, ImageRule>> = {
  logo: { types: ['image/svg+xml', 'image/png'], maxBytes: 512 * 1024, minWidth: 40, minHeight: 40, square: false },
  favicon: { types: ['image/svg+xml', 'image/png'], maxBytes: 128 * 1024, minWidth: 32, minHeight: 32, square: true },
  social: { types: ['image/png', 'image/jpeg'], maxBytes: 2 * 1024 * 1024, minWidth: 600, minHeight: 315, square: false },
};

/** No side beyond this: a small file announcing an absurd size (a decompression bomb) is refused. */
export const MAX_SIDE = 8192;
/** An SVG's proportions: no wider than 20 times its height, nor taller. */
const MAX_RATIO = 20;

export const IMAGE_PROBLEMS = [
  'empty',
  'too-large',
  'bad-type',
  'bad-dimensions',
  'too-small',
  'too-big',
  'not-square',
  'svg-entity',
  'svg-script',
  'svg-external',
  'svg-foreign',
  'svg-invalid',
] as const;
export type ImageProblem = (typeof IMAGE_PROBLEMS)[number];

export type CheckedImage = { type: ImageType; width: number; height: number; bytes: Uint8Array };
export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; problem: ImageProblem };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/** The file's text when it is UTF-8 (a BOM dropped), else null. */
function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Whether a text opens with an <svg> element, after an XML declaration, comments and a DOCTYPE:
 * a scan with indexOf, no regular expression over the file.
 */
function opensWithSvg(text: string): boolean {
  let at = 0;
  for (let step = 0; step < 64; step++) {
    while (at < text.length && /\s/.test(text[at] ?? '')) at++;
    if (text.startsWith('<?', at)) at = text.indexOf('?>', at) + 2;
    else if (text.startsWith('<!--', at)) at = text.indexOf('-->', at) + 3;
    else if (text.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') {
      // A DOCTYPE with an internal subset ends at "]>" (its declarations hold '>' too).
      const subset = text.indexOf('[', at);
      const end = text.indexOf('>', at);
      at = subset !== -1 && subset < end ? text.indexOf(']>', subset) + 2 : end + 1;
    }
    else return text.startsWith('<svg', at) && /[\s>/]/.test(text[at + 4] ?? '');
    if (at <= 1) return false; // an unclosed declaration or comment
  }
  return false;
}

/** The type by magic bytes: PNG and JPEG by their signatures, SVG by its first element. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const head = utf8(bytes.subarray(0, Math.min(bytes.byteLength, 4096)).slice()) ?? utf8(bytes);
  return head !== null && opensWithSvg(head.replace(/^\uFEFF/, '')) ? 'image/svg+xml' : null;
}

const u32 = (b: Uint8Array, at: number) => ((b[at] ?? 0) * 2 ** 24 + ((b[at + 1] ?? 0) << 16) + ((b[at + 2] ?? 0) << 8) + (b[at + 3] ?? 0)) >>> 0;
const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);

/** A PNG's size from its IHDR chunk (always the first, right after the signature). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.byteLength < 24 || !startsWith(bytes, PNG_SIGNATURE)) return null;
  if (u32(bytes, 8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  return { width: u32(bytes, 16), height: u32(bytes, 20) };
}

/** Start-of-frame markers carry a JPEG's size (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** A JPEG's size from its first frame header, walking the segments (bounded by their number and the file). */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  for (let segments = 0; segments < 1000 && at + 9 < bytes.byteLength; segments++) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (SOF.has(marker)) return { height: u16(bytes, at + 5), width: u16(bytes, at + 7) };
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or the scan without a frame header
    const length = u16(bytes, at + 2);
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

// ------------------------------------------------------------------ SVG

/** The drawing elements an SVG logo may hold: no script, style sheet, link, image, animation, filter or foreign content. */
const SVG_TAGS = [
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
];

const SVG_ATTRIBUTES = [
  'xmlns', 'xmlns:xlink', 'version', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'dx', 'dy', 'd', 'points', 'pathLength', 'transform', 'id', 'class', 'style',
  'href', 'xlink:href', 'role', 'aria-label', 'aria-hidden', 'focusable', 'lang', 'xml:space',
  'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'clip-path', 'clipPathUnits', 'mask', 'maskUnits', 'maskContentUnits', 'opacity',
  'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset',
  'vector-effect', 'shape-rendering', 'display', 'visibility', 'color',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits', 'patternTransform',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing', 'word-spacing', 'text-decoration',
];

/** A style value: colours, lengths, names, or a reference to a fragment of the same file (no url() elsewhere, no expression). */
const STYLE_VALUE = /^(?:[\w\s#.,%+-]|url\(#[\w.-]+\)|rgba?\([\d\s.,%]*\))*$/;
const STYLE_PROPERTIES = [
  'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stop-color', 'stop-opacity', 'display', 'visibility', 'color',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing', 'word-spacing', 'mix-blend-mode',
];

/**
 * Elements whose presence refuses the file: what runs, what embeds another document, what loads
 * another file. Anything else outside the allowlist (editors' metadata, namespaced elements, a
 * <style> sheet) is dropped silently: docs/security.md says to export with presentation attributes.
 */
const SCRIPT_TAGS = new Set(['script', 'animate', 'animatemotion', 'animatetransform', 'animatecolor', 'set', 'discard', 'handler', 'listener']);
const FOREIGN_TAGS = new Set(['foreignobject', 'iframe', 'embed', 'object', 'html', 'body', 'div', 'audio', 'video', 'canvas']);
const EXTERNAL_TAGS = new Set(['image', 'feimage', 'link']);
const DTD = /<!(?:DOCTYPE|ENTITY|ATTLIST|ELEMENT|NOTATION)/i;

export type SvgFinding = 'script' | 'external' | 'foreign';

/** A reference within the same file: `#id`, or `url(#id)`. */
const isFragment = (value: string) => /^\s*#[\w.:-]*\s*$/.test(value);
/** A value naming a scheme runs or loads something (javascript:, data:, http:) once control characters and spaces are dropped. */
const hasScheme = (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value.replace(/[\u0000-\u0020]/g, ''));
/** A url(…) other than url(#id), or an @import. */
const externalUrl = (value: string) => /url\(\s*(?!['"]?#)/i.test(value) || /@import/i.test(value);

/**
 * Sanitises an SVG's text and says what active content it found: each tag and attribute is looked
 * at before the allowlist drops it, and attributes that reference outside the file are dropped even
 * on allowed elements. Returns the output and the root's attributes (for its size).
 */
export function sanitiseSvg(text: string): { svg: string; found: Set<SvgFinding>; root: Record<string, string> | null } {
  const found = new Set<SvgFinding>();
  let root: Record<string, string> | null = null;
  const svg = sanitizeHtml(text, {
    parser: { xmlMode: true },
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((name) => [name, [STYLE_VALUE]])) },
    allowedSchemes: [],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    selfClosing: [],
    disallowedTagsMode: 'discard',
    transformTags: {
      '*': (tagName: string, attribs: Record<string, string>) => {
        const tag = tagName.toLowerCase();
        if (SCRIPT_TAGS.has(tag)) found.add('script');
        if (FOREIGN_TAGS.has(tag)) found.add('foreign');
        if (EXTERNAL_TAGS.has(tag)) found.add('external');
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          const lower = name.toLowerCase();
          if (lower.startsWith('on')) {
            found.add('script');
            continue;
          }
          if (lower === 'href' || lower.endsWith(':href') || lower === 'src') {
            if (hasScheme(value)) found.add(/^javascript:/i.test(value.replace(/[\u0000-\u0020]/g, '')) ? 'script' : 'external');
            else if (!isFragment(value)) found.add('external');
            if (!isFragment(value)) continue;
          }
          if (/javascript:/i.test(value.replace(/[\u0000-\u0020]/g, ''))) {
            found.add('script');
            continue;
          }
          if (externalUrl(value)) {
            found.add('external');
            continue;
          }
          kept[name] = value;
        }
        if (tag === 'svg' && root === null) {
          // The root carries the SVG namespace whatever it said: served as image/svg+xml, it must be one.
          kept.xmlns = 'http://www.w3.org/2000/svg';
          kept['xmlns:xlink'] = 'http://www.w3.org/1999/xlink';
          root = kept;
        } else if (root === null) {
          root = {};
        }
        return { tagName, attribs: kept };
      },
    },
  });
  return { svg: svg.trim(), found, root };
}

const NUMBER = /^\s*(\d+(?:\.\d+)?|\.\d+)(?:px)?\s*$/;

/** An SVG's size: its viewBox's, else its width and height in pixels (percentages and other units are not a size). */
export function svgSize(root: Record<string, string>): { width: number; height: number } | null {
  const box = (root.viewBox ?? '').trim().split(/[\s,]+/).map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && (box[2] ?? 0) > 0 && (box[3] ?? 0) > 0) return { width: box[2] ?? 0, height: box[3] ?? 0 };
  const width = NUMBER.exec(root.width ?? '');
  const height = NUMBER.exec(root.height ?? '');
  if (!width?.[1] || !height?.[1]) return null;
  const size = { width: Number(width[1]), height: Number(height[1]) };
  return size.width > 0 && size.height > 0 ? size : null;
}

/**
 * Whether sanitised markup is one element: its tags (every one closed explicitly, '<' escaped in
 * values and text) counted open and closed never come back to zero before the end.
 */
function oneRoot(svg: string): boolean {
  let depth = 0;
  for (const tag of svg.matchAll(/<(\/?)[^>]*>/g)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0 && (tag.index ?? 0) + tag[0].length < svg.length) return false;
  }
  return depth === 0;
}

function checkSvg(bytes: Uint8Array): ImageCheck {
  const text = utf8(bytes)?.replace(/^\uFEFF/, '') ?? null;
  if (text === null) return { ok: false, problem: 'svg-invalid' };
  // Entity declarations (billion laughs, XXE) and any DTD are refused before the file is parsed.
  if (DTD.test(text)) return { ok: false, problem: 'svg-entity' };
  if (/<\?xml-stylesheet/i.test(text)) return { ok: false, problem: 'svg-external' };
  const { svg, found, root } = sanitiseSvg(text);
  if (found.has('script')) return { ok: false, problem: 'svg-script' };
  if (found.has('foreign')) return { ok: false, problem: 'svg-foreign' };
  if (found.has('external')) return { ok: false, problem: 'svg-external' };
  if (!root || !svg.startsWith('<svg') || !svg.endsWith('</svg>') || !oneRoot(svg)) return { ok: false, problem: 'svg-invalid' };
  const size = svgSize(root);
  if (!size) return { ok: false, problem: 'bad-dimensions' };
  if (size.width > 100_000 || size.height > 100_000) return { ok: false, problem: 'too-big' };
  return { ok: true, image: { type: 'image/svg+xml', width: Math.round(size.width * 1000) / 1000, height: Math.round(size.height * 1000) / 1000, bytes: new TextEncoder().encode(svg) } };
}

/**
 * Checks an upload for one of the house's images: type, byte size, pixel size and proportions, then
 * for an SVG its content. The answer's bytes are what is stored: the file itself for PNG and JPEG,
 * the sanitised text for an SVG.
 */
export function checkHouseImage(kind: HouseImageKind, bytes: Uint8Array): ImageCheck {
  const rule = IMAGE_RULES[kind];
  if (bytes.byteLength === 0) return { ok: false, problem: 'empty' };
  if (bytes.byteLength > rule.maxBytes) return { ok: false, problem: 'too-large' };
  const type = sniffImageType(bytes);
  if (!type || !rule.types.includes(type)) return { ok: false, problem: 'bad-type' };
  let checked: ImageCheck;
  if (type === 'image/svg+xml') checked = checkSvg(bytes);
  else {
    const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
    if (!size || size.width === 0 || size.height === 0) return { ok: false, problem: 'bad-dimensions' };
    checked = { ok: true, image: { type, ...size, bytes } };
  }
  if (!checked.ok) return checked;
  const { width, height } = checked.image;
  if (type !== 'image/svg+xml') {
    if (width > MAX_SIDE || height > MAX_SIDE) return { ok: false, problem: 'too-big' };
    if (width < rule.minWidth || height < rule.minHeight) return { ok: false, problem: 'too-small' };
  } else if (width / height > MAX_RATIO || height / width > MAX_RATIO) return { ok: false, problem: 'bad-dimensions' };
  if (rule.square && Math.abs(width - height) > Math.max(width, height) / 100) return { ok: false, problem: 'not-square' };
  return checked;
}

// ------------------------------------------------------------------ addresses

/** The public prefix of the house's images: not a page, their own CSP (src/proxy.ts, HOUSE_IMAGE_PATH). */
export const HOUSE_IMAGE_PREFIX = '/brand';
const FILE = /^(logo|favicon|social)\.([0-9a-f]{16})\.(svg|png|jpg)$/;

/** A stored image's address: its hash in the name, so it never changes for other bytes and may be kept for a year. */
export function houseImagePath(kind: HouseImageKind, image: { sha256: string; contentType: string }): string {
  const extension = EXTENSION_OF[image.contentType as ImageType] ?? 'bin';
  return `${HOUSE_IMAGE_PREFIX}/${kind}.${image.sha256.slice(0, 16)}.${extension}`;
}

/** The parts of an image's file name in its address, or null. */
export function parseHouseImageFile(file: string): { kind: HouseImageKind; hash: string; extension: string } | null {
  const match = FILE.exec(file);
  if (!match) return null;
  return { kind: match[1] as HouseImageKind, hash: match[2] ?? '', extension: match[3] ?? '' };
}
