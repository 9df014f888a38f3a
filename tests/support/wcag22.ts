import type { Locator, Page } from '@playwright/test';

/**
 * Checks of the WCAG 2.2 AA criteria axe cannot judge on its own (docs/accessibility.md), run in the
 * page as it is now. Each returns its findings, one sentence per failure naming the element, and an
 * empty list when the criterion is met: tests/e2e/wcag22.spec.ts runs each on the real page (no
 * finding) and on a deliberately broken variant of it (the finding expected).
 *
 * The functions passed to `evaluate` run in the browser: everything they use is defined inside them.
 */

type Describe = (el: Element) => string;
declare global {
  interface Window {
    /** What an element is called in a finding (installed by describer()). */
    wcag22Describe?: Describe;
  }
}

/**
 * Installs in the page what a finding calls an element: its tag, id and accessible-name sources
 * (aria-label, aria-labelledby, its label, its text, its title). Run before each check: a navigation
 * clears it. Evaluated through the driver, so the page's CSP does not apply.
 */
async function describer(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.wcag22Describe ??= (el) => {
      const labelled = (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
      const labels = (el as HTMLInputElement).labels;
      const label = el.getAttribute('aria-label') || labelled || (labels && labels[0] ? labels[0].textContent : '') || el.textContent || el.getAttribute('title') || '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${label.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
    };
  });
}

/** The controls a pointer can hit, as 2.5.8 counts them. */
const TARGETS = [
  'a[href]',
  'button',
  'input:not([type=hidden])',
  'select',
  'textarea',
  'summary',
  '[role=button]',
  '[role=link]',
  '[role=tab]',
  '[role=menuitem]',
  '[role=menuitemradio]',
  '[role=checkbox]',
  '[role=radio]',
  '[role=switch]',
].join(', ');

/**
 * 2.5.8 Target Size (Minimum) over the controls inside `scope`: each visible control is at least 24 × 24
 * CSS px, or, undersized, a 24 px circle centred on it intersects no other control and no other
 * undersized control's circle (the spacing exception). A visually hidden input (a styled radio button)
 * is hit through its label, whose box is measured instead. Controls inside running text (the inline
 * exception) are not the concern of the scopes checked: the header's and the finder's controls.
 */
export async function targetSizeFindings(scope: Locator, min = 24): Promise<string[]> {
  await describer(scope.page());
  return scope.evaluate(
    (root, { min, targets }) => {
      const describe = window.wcag22Describe as Describe;
      const shown = (el: Element) => {
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
      };
      const boxOf = (el: Element): DOMRect | null => {
        const rect = el.getBoundingClientRect();
        if (rect.width > 1 || rect.height > 1) return rect.width > 0 && rect.height > 0 ? rect : null;
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
        return label ? label.getBoundingClientRect() : null;
      };
      const controls = [...root.querySelectorAll(targets)]
        .filter(shown)
        .map((el) => ({ el, box: boxOf(el) }))
        .filter((c): c is { el: Element; box: DOMRect } => c.box !== null);
      const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
      const distanceToBox = (p: { x: number; y: number }, r: DOMRect) => Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
      const undersized = (r: DOMRect) => r.width < min - 0.01 || r.height < min - 0.01;
      const findings: string[] = [];
      for (const a of controls) {
        if (!undersized(a.box)) continue;
        const c = centre(a.box);
        const size = `${Math.round(a.box.width * 10) / 10} × ${Math.round(a.box.height * 10) / 10} px`;
        const crowding = controls.find((b) => {
          if (b === a || b.el.contains(a.el) || a.el.contains(b.el)) return false;
          if (distanceToBox(c, b.box) < min / 2) return true;
          if (!undersized(b.box)) return false;
          const other = centre(b.box);
          return Math.hypot(c.x - other.x, c.y - other.y) < min;
        });
        if (crowding) findings.push(`${describe(a.el)} is ${size}, under ${min} × ${min}, and its ${min} px circle reaches ${describe(crowding.el)}`);
      }
      return findings;
    },
    { min, targets: TARGETS },
  );
}

/** Run in the page: waits until the scroll position has stayed put for two frames (smooth scrolling glides over several), 60 frames at most. */
async function scrollSettled() {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (let still = 0, i = 0, last = `${scrollX},${scrollY}`; still < 2 && i < 60; i += 1) {
    await frame();
    const now = `${scrollX},${scrollY}`;
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

/**
 * 2.4.11 Focus Not Obscured (Minimum) for the element that has the focus, once the page has stopped
 * scrolling to it (a smooth scroll takes a few frames): it is not entirely hidden by content the author
 * placed over the page, a fixed or sticky element that neither holds it nor is held by it (a sticky
 * header, the cookie notice, the floating cookie button), nor left out of the viewport. 25 points over
 * its box (the label's, for a visually hidden input) are hit-tested; it is obscured only when none of
 * them reaches it.
 */
export async function obscuredFocusFinding(page: Page, { install = true } = {}): Promise<{ focused: string | null; finding: string | null }> {
  if (install) await describer(page);
  await page.evaluate(scrollSettled);
  return page.evaluate(async () => {
    const describe = window.wcag22Describe as Describe;
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { focused: null, finding: null };
    let box = el.getBoundingClientRect();
    if (box.width <= 1 && box.height <= 1) {
      const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
      if (label) box = label.getBoundingClientRect();
    }
    /** The fixed or sticky element, outside the focused one, that a point's topmost element belongs to. */
    const overlayOf = (hit: Element | null) => {
      for (let node = hit; node && node !== document.body; node = node.parentElement) {
        if (node.contains(el)) return null;
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return el.contains(node) ? null : node;
      }
      return null;
    };
    const width = document.documentElement.clientWidth;
    const height = document.documentElement.clientHeight;
    let inView = 0;
    const coverers = new Set<Element>();
    for (let i = 0; i < 5; i += 1) {
      for (let j = 0; j < 5; j += 1) {
        const x = box.left + ((i + 0.5) / 5) * box.width;
        const y = box.top + ((j + 0.5) / 5) * box.height;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        inView += 1;
        const cover = overlayOf(document.elementFromPoint(x, y));
        if (!cover) return { focused: describe(el), finding: null };
        coverers.add(cover);
      }
    }
    const finding =
      inView === 0
        ? `${describe(el)} has the focus outside the viewport`
        : `${describe(el)} has the focus but is entirely hidden by ${[...coverers].map((c) => `${describe(c)} (position: ${getComputedStyle(c).position})`).join(', ')}`;
    return { focused: describe(el), finding };
  });
}

/**
 * Tabs through the page from where the focus is, up to `presses` times or until the focus comes back
 * to the first element reached, and gives the 2.4.11 finding of every element focused on the way.
 */
export async function tabForObscuredFocus(page: Page, presses = 120): Promise<{ visited: number; findings: string[] }> {
  const findings: string[] = [];
  let first: string | null = null;
  let visited = 0;
  await describer(page);
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    const { focused, finding } = await obscuredFocusFinding(page, { install: false });
    if (focused === null) continue;
    if (focused === first) break;
    first ??= focused;
    visited += 1;
    if (finding) findings.push(finding);
  }
  return { visited, findings };
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus: the keyboard reaches it, as
 * 2.1.1 wants and a keyboard-only visitor must. Null when reached; else a finding naming the elements
 * the focus went through.
 */
export async function tabTo(page: Page, target: Locator, { presses = 30, backwards = false } = {}): Promise<string | null> {
  const path: string[] = [];
  for (let i = 0; i < presses; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return null;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await describer(page);
    path.push(await page.evaluate(() => (document.activeElement ? (window.wcag22Describe as Describe)(document.activeElement) : 'nothing')));
  }
  if (await target.evaluate((el) => el === document.activeElement)) return null;
  await describer(page);
  const name = await target.evaluate((el) => (window.wcag22Describe as Describe)(el));
  return `${name} is not reached by ${presses} presses of ${backwards ? 'Shift+Tab' : 'Tab'}; the focus went through ${[...new Set(path)].join(', ')}`;
}

/**
 * 1.4.10 Reflow at the page's current width (320 CSS px in the tests): the document does not scroll
 * sideways (its scroll width exceeds the viewport by at most 1 px); the elements that stick out are
 * named. A region that scrolls sideways inside the page (a wide data table, which 1.4.10 allows) must be
 * reachable by the keyboard (focusable itself, or holding focusable content) and named when it is
 * the focus stop.
 */
export async function reflowFindings(page: Page): Promise<string[]> {
  await describer(page);
  return page.evaluate(() => {
    const describe = window.wcag22Describe as Describe;
    const findings: string[] = [];
    const root = document.documentElement;
    const viewport = root.clientWidth;
    const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    if (root.scrollWidth > viewport + 1) {
      const outside = [...document.body.querySelectorAll('*')].filter((el) => {
        const rect = el.getBoundingClientRect();
        if (rect.right <= viewport + 1 || rect.width === 0) return false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (clips(p)) return false;
        // The outermost element that sticks out, not each of its children.
        const parent = el.parentElement;
        return !parent || parent === document.body || parent.getBoundingClientRect().right <= viewport + 1;
      });
      findings.push(
        `the page scrolls sideways: ${root.scrollWidth} px wide in a ${viewport} px viewport, because of ${outside
          .slice(0, 5)
          .map((el) => `${describe(el)} (right edge at ${Math.round(el.getBoundingClientRect().right)} px)`)
          .join(', ')}`,
      );
    }
    const focusable = 'a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (!['auto', 'scroll'].includes(style.overflowX) || el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
      const stop = (el as HTMLElement).tabIndex >= 0;
      const named = !!(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby'));
      if (stop && !named) findings.push(`${describe(el)} scrolls sideways and takes the focus but has no name`);
      if (!stop && !el.querySelector(focusable)) findings.push(`${describe(el)} scrolls sideways but the keyboard cannot reach it`);
    }
    return findings;
  });
}

/**
 * 2.3.3 / prefers-reduced-motion: with the visitor asking for reduced motion (the test emulates it),
 * no element or pseudo-element of the page animates or transitions for longer than `limitMs`, and
 * neither the page nor a scrolling box glides (`scroll-behavior: smooth`).
 */
export async function motionFindings(page: Page, limitMs = 10): Promise<string[]> {
  await describer(page);
  return page.evaluate(
    (limitMs) => {
      const describe = window.wcag22Describe as Describe;
      const seconds = (list: string) => Math.max(0, ...list.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) / 1000 : parseFloat(v))).filter((n) => !Number.isNaN(n)));
      const findings: string[] = [];
      if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth') findings.push('the page scrolls smoothly (html: scroll-behavior: smooth)');
      for (const el of document.querySelectorAll('body, body *')) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          if (pseudo && style.content === 'none') continue;
          const where = `${describe(el)}${pseudo ?? ''}`;
          const transition = seconds(style.transitionDuration) + seconds(style.transitionDelay);
          if (style.transitionProperty !== 'none' && transition * 1000 > limitMs) findings.push(`${where} transitions ${style.transitionProperty} for ${transition} s`);
          const animation = seconds(style.animationDuration);
          if (style.animationName !== 'none' && animation * 1000 > limitMs) findings.push(`${where} animates ${style.animationName} for ${animation} s`);
          if (!pseudo && style.scrollBehavior === 'smooth') findings.push(`${where} scrolls smoothly`);
        }
      }
      return findings;
    },
    limitMs,
  );
}

/**
 * Forced colours (1.4.11 and 1.4.3 under Windows' contrast themes), with `forced-colors: active`
 * emulated by the test. Chromium then repaints text, backgrounds and borders in the theme's system
 * colours but keeps SVG paint and anything under `forced-color-adjust: none` as the author wrote it,
 * so what must stay visible is checked against the theme's own colours (the system colour keywords,
 * resolved in the page), whatever the theme:
 * - each control in `focusables` shows an outline when focused (a box-shadow ring is not painted);
 * - each visible button or link drawn as a filled shape keeps a border, its fill being gone;
 * - each chart mark (a bar, a line) and each icon inside a control is painted in a system colour, and the
 *   two series of a chart (`data-series`) still differ in paint or dash;
 * - each `selected` element (the SRI level, a chosen period…) differs from `unselected` in what the theme
 *   paints: colours, border, outline, weight or decoration.
 */
export async function forcedColourFindings(
  page: Page,
  { focusables = [], selected = [] }: { focusables?: Locator[]; selected?: { selected: Locator; unselected: Locator }[] } = {},
): Promise<string[]> {
  const findings: string[] = [];
  await describer(page);
  // A key pressed first: the focus given next is then shown as a keyboard's (:focus-visible).
  if (focusables.length > 0) await page.keyboard.press('Shift');
  for (const control of focusables) {
    await control.focus();
    const finding = await control.evaluate((el) => {
      const describe = window.wcag22Describe as Describe;
      const style = getComputedStyle(el);
      const shows = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
      return shows ? null : `${describe(el)} shows no outline when focused under forced colours (outline: ${style.outlineStyle} ${style.outlineWidth}; a box-shadow is not painted)`;
    });
    if (finding) findings.push(finding);
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const { selected: on, unselected: off } of selected) {
    const paint = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.color, s.backgroundColor, s.borderTopWidth, s.borderTopStyle, s.borderTopColor, s.outlineStyle, s.outlineWidth, s.outlineColor, s.fontWeight, s.textDecorationLine].join('|');
    };
    const [a, b] = [await on.evaluate(paint), await off.evaluate(paint)];
    const name = (el: Element) => (window.wcag22Describe as Describe)(el);
    if (a === b) findings.push(`${await on.evaluate(name)} looks the same as the unselected ${await off.evaluate(name)} under forced colours`);
  }
  findings.push(
    ...(await page.evaluate(() => {
      const describe = window.wcag22Describe as Describe;
      const findings: string[] = [];
      const probe = document.createElement('span');
      document.body.append(probe);
      const system = new Set(
        ['Canvas', 'CanvasText', 'LinkText', 'VisitedText', 'ActiveText', 'ButtonFace', 'ButtonText', 'ButtonBorder', 'Field', 'FieldText', 'Highlight', 'HighlightText', 'SelectedItem', 'SelectedItemText', 'Mark', 'MarkText', 'GrayText', 'AccentColor', 'AccentColorText'].map((keyword) => {
          probe.style.color = keyword;
          return getComputedStyle(probe).color;
        }),
      );
      probe.remove();
      const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
      const opaque = (colour: string) => !/rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent';
      // Filled controls: their fill is repainted as the page's background, so a border must draw them.
      for (const el of document.querySelectorAll('main button, main a[href], header button, [role=dialog] button, [role=region] button, form button')) {
        if (!shown(el)) continue;
        const style = getComputedStyle(el);
        if (!opaque(style.backgroundColor) || style.forcedColorAdjust === 'none') continue;
        const bordered = ['Top', 'Right', 'Bottom', 'Left'].some(
          (side) => parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1 && !['none', 'hidden'].includes(style.getPropertyValue(`border-${side.toLowerCase()}-style`)),
        );
        if (!bordered) findings.push(`${describe(el)} is a filled shape with no border: under forced colours it shows as bare text`);
      }
      // Marks and icons: SVG paint keeps the author's colour, which the theme's background may swallow.
      const paintOf = (shape: Element) => {
        const style = getComputedStyle(shape);
        return { fill: style.fill, stroke: style.stroke, dash: style.strokeDasharray };
      };
      const marks = [...document.querySelectorAll('[data-series]')].filter(shown);
      for (const mark of marks) {
        const { fill, stroke } = paintOf(mark);
        for (const [what, colour] of [
          ['fill', fill],
          ['stroke', stroke],
        ] as const) {
          if (colour !== 'none' && opaque(colour) && !system.has(colour)) findings.push(`the chart mark ${describe(mark)} (${mark.getAttribute('data-series')}) has its ${what} in ${colour}, not a system colour`);
        }
      }
      for (const figure of new Set(marks.map((m) => m.closest('figure')))) {
        if (!figure) continue;
        const bySeries = new Map<string, string>();
        for (const mark of figure.querySelectorAll('[data-series]')) {
          const { fill, stroke, dash } = paintOf(mark);
          bySeries.set(mark.getAttribute('data-series') ?? '', `${mark.tagName}|${fill}|${stroke}|${dash}`);
        }
        const looks = [...bySeries.values()];
        if (new Set(looks).size < looks.length) findings.push(`the series of the chart ${describe(figure)} (${[...bySeries.keys()].join(', ')}) look the same under forced colours`);
      }
      for (const icon of document.querySelectorAll('a svg, button svg, summary svg')) {
        const box = icon.getBoundingClientRect();
        if (!shown(icon) || box.width > 32 || box.height > 32) continue;
        for (const shape of [icon, ...icon.querySelectorAll('path, circle, rect, line, polyline, polygon')]) {
          const { fill, stroke } = paintOf(shape);
          for (const colour of [fill, stroke]) {
            if (colour !== 'none' && opaque(colour) && !system.has(colour)) {
              findings.push(`the icon in ${describe(icon.closest('a, button, summary') ?? icon)} is painted in ${colour}, not a system colour`);
              break;
            }
          }
        }
      }
      return [...new Set(findings)];
    })),
  );
  return findings;
}

/**
 * Every chart (an `svg` with role img in the main content) has its figures as a data table a screen
 * reader reaches: a `table` inside the chart's `figure`, or one the chart names through `aria-details`,
 * not hidden (a closed disclosure must be opened first: the test opens it by keyboard), with a
 * caption; and the table says what the chart shows: a bar chart's labelled values are the table's
 * cells, one per bar; a line chart's first and last dates and last values, which its description
 * states, are the table's first and last rows.
 */
export async function chartTableFindings(page: Page): Promise<{ captions: string[]; findings: string[] }> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const captions: string[] = [];
    const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    for (const chart of document.querySelectorAll('main svg[role="img"]')) {
      const title = text(chart.querySelector('title')) || chart.getAttribute('aria-label') || 'untitled chart';
      const details = chart.getAttribute('aria-details');
      const table = chart.closest('figure')?.querySelector('table') ?? (details ? document.getElementById(details)?.querySelector('table') : null) ?? null;
      if (!table) {
        findings.push(`the chart "${title}" has no data table in its figure nor through aria-details`);
        continue;
      }
      if (table.closest('details:not([open]), [aria-hidden="true"], [hidden]') || table.getClientRects().length === 0) {
        findings.push(`the data table of the chart "${title}" is hidden`);
        continue;
      }
      const caption = text(table.querySelector('caption'));
      if (!caption) findings.push(`the data table of the chart "${title}" has no caption`);
      else captions.push(caption);
      const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => text(cell)));
      const bars = [...chart.querySelectorAll('rect[data-series]')];
      if (bars.length > 0) {
        // Each bar's label follows it; the table holds the same figure in the same row (the year's).
        const labels = bars.map((bar) => text(bar.nextElementSibling));
        const cells = rows.flatMap((row) => row.slice(1)).filter((cell) => /\d/.test(cell));
        if (labels.length !== cells.length) findings.push(`the chart "${title}" draws ${labels.length} bars but its table holds ${cells.length} figures`);
        const missing = labels.filter((label) => !cells.includes(label));
        if (missing.length > 0) findings.push(`the chart "${title}" shows ${missing.join(', ')}, not in its table`);
      } else {
        const description = (chart.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => text(document.getElementById(id)))
          .join(' ');
        const first = rows[0];
        const last = rows[rows.length - 1];
        if (!first || !last) findings.push(`the data table of the chart "${title}" is empty`);
        else {
          const stated = [first[0], ...last].filter((cell): cell is string => !!cell && cell !== '-');
          const absent = stated.filter((cell) => !description.includes(cell));
          if (absent.length > 0) findings.push(`the table of the chart "${title}" starts or ends with ${absent.join(', ')}, which the chart does not state ("${description}")`);
        }
      }
    }
    return { captions, findings };
  });
}

/**
 * Text a fixed element hides at the page's current scroll position: each visible text node, outside
 * every fixed element, whose box meets the box of a fixed element drawn over it (the floating cookie
 * button, the cookie notice, the online status). One finding per text node: `"text" under <tag label>`.
 */
export async function fixedOverTextFindings(page: Page): Promise<string[]> {
  await page.evaluate(scrollSettled);
  return page.evaluate(() => {
    const fixed = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const style = getComputedStyle(el);
      if (style.position !== 'fixed' || style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
    const boxes = fixed.map((el) => ({ el, box: el.getBoundingClientRect() }));
    const findings: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || fixed.some((el) => el.contains(parent)) || parent.closest('script, style, noscript, template, [hidden], .sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1) continue;
        const over = boxes.find(({ box }) => Math.min(rect.right, box.right) - Math.max(rect.left, box.left) > 0.5 && Math.min(rect.bottom, box.bottom) - Math.max(rect.top, box.top) > 0.5);
        if (over) {
          const label = over.el.getAttribute('aria-label') ?? over.el.textContent?.trim().slice(0, 40) ?? '';
          findings.push(`"${text.slice(0, 60)}" under <${over.el.tagName.toLowerCase()} ${label}>`);
          break;
        }
      }
    }
    return findings;
  });
}
