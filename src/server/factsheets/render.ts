import 'server-only';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { niceScale, project, wrapText } from '@/domain/documents/factsheet';
import { INTL_LOCALE } from '@/domain/language/format';
import type { Locale } from '@/env';

/**
 * Draws a factsheet (already in one language, every figure already formatted) as a tagged A4 PDF with
 * pdfkit (docs/decisions/055): DejaVu Sans embedded (subset), so the text is selectable and accented;
 * the charts are vector drawings. PDF/UA-1 as far as pdfkit goes: catalog /Lang, the title shown in the
 * window, /MarkInfo, a structure tree in reading order (H1 the fund, H2 each section, P, L/LI/Lbl/LBody
 * for the facts and the portfolio, Table/TR/TH/TD with scopes for the performance, Figure with an
 * alternative text saying what each chart shows), every other drawing an Artifact. The same content
 * gives the same bytes: fixed dates, a file ID hashed from them, subset tags from the font's order.
 *
 * The layout is computed in PDF points from the bottom-left corner (y up); `top()` turns a y into
 * pdfkit's top-down coordinate where a call is made.
 */

export type FactsheetContent = {
  locale: string;
  title: string;
  author: string;
  /** The month's end, used as the document's creation date (the same month gives the same file). */
  date: Date;
  heading: string;
  shareName: string;
  fundName: string;
  subtitle: string;
  marketing: string;
  keyFacts: { label: string; value: string }[];
  keyFactsTitle: string;
  objectiveTitle: string;
  objective: string;
  tables: { title: string; columns: string[]; rows: { label: string; cells: string[] }[] }[];
  /** `alt`: what the chart shows, in words (the Figure's alternative text). */
  growth: { title: string; alt: string; share: { label: string; points: number[] }; benchmark: { label: string; points: number[] } | null; from: string; to: string } | null;
  calendar: { title: string; alt: string; years: { year: number; share: number; shareLabel: string; benchmark: number | null; benchmarkLabel: string }[]; empty: string; shareLabel: string; benchmarkLabel: string | null };
  holdings: { title: string; rows: { label: string; value: string }[] } | null;
  breakdowns: { title: string; rows: { label: string; value: string; weight: number }[] }[];
  feesTitle: string;
  fees: { label: string; value: string }[];
  warningsTitle: string;
  warnings: string[];
  company: string[];
  pageLabel: (page: number, pages: number) => string;
};

type Doc = PDFKit.PDFDocument;
type Element = PDFKit.PDFStructureElement;
type Color = [number, number, number];

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const FOOTER = 60;
const rgb = (r: number, g: number, b: number): Color => [r * 255, g * 255, b * 255];
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
const BRAND = rgb(0.05, 0.27, 0.5);
const BENCH = rgb(0.62, 0.55, 0.3);
const RULE = rgb(0.82, 0.84, 0.87);
const FONT = { regular: 'assets/fonts/DejaVuSans.ttf', bold: 'assets/fonts/DejaVuSans-Bold.ttf' };
const fontPath = (bold?: boolean) => path.join(process.cwd(), bold ? FONT.bold : FONT.regular);

const top = (y: number) => A4.height - y;

type Pen = { doc: Doc; y: number; pages: number; root: Element };

/** The width of `value` in the regular or bold face at `size`. */
function widthOf(pen: Pen, value: string, size: number, bold?: boolean) {
  return pen.doc.font(fontPath(bold)).fontSize(size).widthOfString(value);
}

function text(pen: Pen, value: string, x: number, y: number, size: number, options: { bold?: boolean; color?: Color; right?: number } = {}) {
  const drawX = options.right !== undefined ? options.right - widthOf(pen, value, size, options.bold) : x;
  pen.doc
    .font(fontPath(options.bold))
    .fontSize(size)
    .fillColor(options.color ?? INK)
    .text(value, drawX, top(y), { lineBreak: false, baseline: 'alphabetic' });
}

/** A structure element of `type`, the next child of `parent` in reading order. */
function child(pen: Pen, parent: Element, type: string, options?: PDFKit.Mixins.StructureElementOptions) {
  const element = pen.doc.struct(type, options ?? {});
  parent.add(element);
  return element;
}

/** What `draw` paints becomes content of `element` (a marked-content sequence with its MCID). */
function tagged(pen: Pen, element: Element, type: string, draw: () => void) {
  const content = pen.doc.markStructureContent(type);
  draw();
  pen.doc.endMarkedContent();
  element.add(content);
}

/** A leaf element: `type` under `parent`, holding what `draw` paints. */
function leaf(pen: Pen, parent: Element, type: string, draw: () => void, options?: PDFKit.Mixins.StructureElementOptions) {
  const element = child(pen, parent, type, options);
  tagged(pen, element, type, draw);
  element.end();
}

/** Decoration, or the running footer (`Pagination`): outside the structure, skipped by assistive technology. */
function artifact(pen: Pen, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
  pen.doc.markContent('Artifact', { type });
  draw();
  pen.doc.endMarkedContent();
}

function line(pen: Pen, x1: number, y1: number, x2: number, y2: number, thickness: number, color: Color) {
  pen.doc.moveTo(x1, top(y1)).lineTo(x2, top(y2)).lineWidth(thickness).strokeColor(color).stroke();
}

function rectangle(pen: Pen, x: number, y: number, width: number, height: number, color: Color) {
  pen.doc.rect(x, top(y + height), width, height).fillColor(color).fill();
}

/**
 * Where the drawn lines are not the whole `value` (cut to fit, ending with "…"), the element's
 * /ActualText gives the whole value to assistive technology and to copy and paste.
 */
function whole(lines: string[], value: string): PDFKit.Mixins.StructureElementOptions {
  const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
  return flat(lines.join(' ')) === flat(value) ? {} : { actual: value };
}

type Lines = { color?: Color; maxLines?: number; bold?: boolean };

/** `value` as an element of `type` under `parent`, wrapped to `width` from (x, pen.y) down. */
function paragraph(pen: Pen, parent: Element, value: string, x: number, width: number, size: number, options: Lines = {}, type = 'P') {
  const lines = wrapText(value, width, (s) => widthOf(pen, s, size, options.bold), options.maxLines);
  leaf(
    pen,
    parent,
    type,
    () => {
      for (const row of lines) {
        text(pen, row, x, pen.y, size, { color: options.color, bold: options.bold });
        pen.y -= size * 1.3;
      }
    },
    whole(lines, value),
  );
}

/** One line of `value` cut to `width`, as an element of `type` under `parent`. */
function cell(pen: Pen, parent: Element, type: string, value: string, width: number, size: number, draw: (line: string) => void, options: PDFKit.Mixins.StructureElementOptions = {}) {
  const fitted = wrapText(value, width, (s) => widthOf(pen, s, size), 1);
  leaf(pen, parent, type, () => draw(fitted[0] ?? ''), { ...options, ...whole(fitted, value) });
}

function sectionTitle(pen: Pen, value: string, x: number, width: number) {
  pen.y -= 6;
  leaf(pen, pen.root, 'H2', () => text(pen, value, x, pen.y, 10, { bold: true, color: BRAND }));
  pen.y -= 4;
  artifact(pen, () => line(pen, x, pen.y, x + width, pen.y, 0.6, BRAND));
  pen.y -= 11;
}

/** A performance table: a header row (an empty corner, then the column labels as TH scope Column), then one row per series (its label a TH scope Row). */
function table(pen: Pen, spec: FactsheetContent['tables'][number], x: number, width: number) {
  sectionTitle(pen, spec.title, x, width);
  const labelWidth = 90;
  const col = (width - labelWidth) / Math.max(1, spec.columns.length);
  // The figures' size: 7.5 pt unless the widest would meet its neighbour (the cumulative table's eight
  // columns: "+ 180,79 %" beside "+ 99,00 %" in French), then as large as keeps 2 pt between columns.
  const widest = Math.max(0, ...spec.rows.flatMap((r) => r.cells.map((c) => widthOf(pen, c, 7.5))));
  const size = widest <= col - 2 ? 7.5 : Math.max(4.5, Math.floor(((7.5 * (col - 2)) / widest) * 4) / 4);
  const element = child(pen, pen.root, 'Table');
  const header = child(pen, element, 'TR');
  child(pen, header, 'TD').end();
  spec.columns.forEach((c, i) => {
    const lines = wrapText(c, col - 4, (s) => widthOf(pen, s, 6.5), 2);
    leaf(pen, header, 'TH', () => lines.forEach((row, j) => text(pen, row, 0, pen.y - j * 7.5, 6.5, { color: MUTED, right: x + labelWidth + col * (i + 1) })), { scope: 'Column', ...whole(lines, c) });
  });
  header.end();
  pen.y -= 17;
  for (const row of spec.rows) {
    const tr = child(pen, element, 'TR');
    cell(pen, tr, 'TH', row.label, labelWidth - 4, 7.5, (label) => text(pen, label, x, pen.y, 7.5, { bold: true }), { scope: 'Row' });
    row.cells.forEach((cell, i) => leaf(pen, tr, 'TD', () => text(pen, cell, 0, pen.y, size, { right: x + labelWidth + col * (i + 1) })));
    tr.end();
    pen.y -= 4;
    artifact(pen, () => line(pen, x, pen.y, x + width, pen.y, 0.3, RULE));
    pen.y -= 9;
  }
  element.end();
}

/**
 * A chart: one Figure whose alternative text says what it shows. Its texts (axis values, dates, bar
 * values, legend labels) are its content, covered by the alternative text; gridlines, bars and legend
 * swatches are artifacts. The Figure's /BBox spans the chart, known once drawn.
 */
function figure(pen: Pen, alt: string, x: number, width: number, draw: (mark: (paint: () => void) => void) => void) {
  const topY = pen.y + 4;
  const contents: PDFKit.PDFStructureContent[] = [];
  draw((paint) => {
    const content = pen.doc.markStructureContent('Figure');
    paint();
    pen.doc.endMarkedContent();
    contents.push(content);
  });
  pen.root.add(pen.doc.struct('Figure', { alt, bbox: [x, top(topY), x + width, top(pen.y)], placement: 'Block' }, contents));
}

function growthChart(pen: Pen, growth: NonNullable<FactsheetContent['growth']>, locale: string, x: number, width: number, height: number) {
  // The axis in the document's language ("102,5" in French), without grouping: a growth of 100 stays short.
  const axis = new Intl.NumberFormat(INTL_LOCALE[locale as Locale] ?? locale, { maximumFractionDigits: 2, useGrouping: false });
  sectionTitle(pen, growth.title, x, width);
  figure(pen, growth.alt, x, width, (mark) => {
    const chartTop = pen.y;
    const bottom = chartTop - height;
    const all = [...growth.share.points, ...(growth.benchmark?.points ?? [])];
    const scale = niceScale(Math.min(...all), Math.max(...all), 4);
    const left = x + 28;
    for (let v = scale.min; v <= scale.max + scale.step / 2; v += scale.step) {
      const y = project(v, scale.min, scale.max, bottom, chartTop);
      artifact(pen, () => line(pen, left, y, x + width, y, 0.3, RULE));
      mark(() => text(pen, axis.format(Math.round(v * 100) / 100), 0, y - 2.5, 6.5, { color: MUTED, right: left - 3 }));
    }
    const curve = (points: number[], color: Color) => {
      if (points.length < 2) return;
      mark(() => {
        points.forEach((v, i) => {
          const px = project(i, 0, points.length - 1, left, x + width);
          const py = top(project(v, scale.min, scale.max, bottom, chartTop));
          if (i === 0) pen.doc.moveTo(px, py);
          else pen.doc.lineTo(px, py);
        });
        pen.doc.lineWidth(1.1).strokeColor(color).stroke();
      });
    };
    if (growth.benchmark) curve(growth.benchmark.points, BENCH);
    curve(growth.share.points, BRAND);
    pen.y = bottom - 10;
    mark(() => {
      text(pen, growth.from, left, pen.y, 6.5, { color: MUTED });
      text(pen, growth.to, 0, pen.y, 6.5, { color: MUTED, right: x + width });
    });
    pen.y -= 11;
    legend(pen, mark, x, [{ label: growth.share.label, color: BRAND }, ...(growth.benchmark ? [{ label: growth.benchmark.label, color: BENCH }] : [])]);
  });
}

function legend(pen: Pen, mark: (paint: () => void) => void, x: number, items: { label: string; color: Color }[]) {
  let cx = x;
  for (const item of items) {
    artifact(pen, () => rectangle(pen, cx, pen.y, 8, 6, item.color));
    const label = wrapText(item.label, 220, (s) => widthOf(pen, s, 7), 1)[0] ?? '';
    mark(() => text(pen, label, cx + 11, pen.y, 7));
    cx += 11 + widthOf(pen, label, 7) + 14;
  }
  pen.y -= 14;
}

function calendarBars(pen: Pen, calendar: FactsheetContent['calendar'], x: number, width: number, height: number) {
  sectionTitle(pen, calendar.title, x, width);
  if (calendar.years.length === 0) {
    paragraph(pen, pen.root, calendar.empty, x, width, 8, { color: MUTED });
    return;
  }
  figure(pen, calendar.alt, x, width, (mark) => {
    const values = calendar.years.flatMap((y) => [y.share, ...(y.benchmark === null ? [] : [y.benchmark])]);
    const scale = niceScale(Math.min(0, ...values), Math.max(0, ...values), 4);
    const chartTop = pen.y - 8;
    const bottom = chartTop - height;
    const zero = project(0, scale.min, scale.max, bottom, chartTop);
    artifact(pen, () => line(pen, x, zero, x + width, zero, 0.5, MUTED));
    const slot = width / calendar.years.length;
    const bar = Math.min(16, slot / 2.6);
    calendar.years.forEach((year, i) => {
      const cx = x + slot * i + slot / 2;
      const draw = (value: number, label: string, bx: number, color: Color) => {
        const y = project(value, scale.min, scale.max, bottom, chartTop);
        artifact(pen, () => rectangle(pen, bx, Math.min(y, zero), bar, Math.max(0.5, Math.abs(y - zero)), color));
        const size = 5.5;
        const w = widthOf(pen, label, size);
        mark(() => text(pen, label, bx + bar / 2 - w / 2, value >= 0 ? y + 2 : y - size - 1, size, { color: INK }));
      };
      const hasBench = year.benchmark !== null;
      draw(year.share, year.shareLabel, hasBench ? cx - bar - 1 : cx - bar / 2, BRAND);
      if (year.benchmark !== null) draw(year.benchmark, year.benchmarkLabel, cx + 1, BENCH);
      const label = String(year.year);
      mark(() => text(pen, label, cx - widthOf(pen, label, 6.5) / 2, bottom - 10, 6.5, { color: MUTED }));
    });
    pen.y = bottom - 24;
    legend(pen, mark, x, [{ label: calendar.shareLabel, color: BRAND }, ...(calendar.benchmarkLabel ? [{ label: calendar.benchmarkLabel, color: BENCH }] : [])]);
  });
}

/** Holdings and breakdowns: a list, each item's name its Lbl and its weight its LBody; the weight bar behind is an artifact. */
function list(pen: Pen, title: string, rows: { label: string; value: string; weight?: number }[], x: number, width: number) {
  sectionTitle(pen, title, x, width);
  const element = child(pen, pen.root, 'L');
  for (const row of rows) {
    const { weight } = row;
    if (weight !== undefined) artifact(pen, () => rectangle(pen, x, pen.y - 2, Math.max(0.5, Math.min(1, weight) * (width - 50)), 9, rgb(0.87, 0.92, 0.97)));
    const item = child(pen, element, 'LI');
    cell(pen, item, 'Lbl', row.label, width - 60, 7.5, (label) => text(pen, label, x + 2, pen.y, 7.5));
    leaf(pen, item, 'LBody', () => text(pen, row.value, 0, pen.y, 7.5, { right: x + width }));
    item.end();
    pen.y -= 11;
  }
  element.end();
}

/** Key facts, fees: a list, each item's label its Lbl and its value its LBody. */
function facts(pen: Pen, title: string, rows: { label: string; value: string }[], x: number, width: number) {
  sectionTitle(pen, title, x, width);
  const element = child(pen, pen.root, 'L');
  for (const row of rows) {
    const item = child(pen, element, 'LI');
    leaf(pen, item, 'Lbl', () => text(pen, row.label, x, pen.y, 7, { color: MUTED }));
    pen.y -= 9;
    paragraph(pen, item, row.value, x, width, 8, { bold: true, maxLines: 3 }, 'LBody');
    item.end();
    pen.y -= 2;
  }
  element.end();
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * pdfkit (0.20) copies the Info entries into the XMP metadata as they are, so a name with `&` or `<`
 * ("Smith & Co") would make that XML malformed (PDF/UA-1 wants the title in well-formed XMP). The Info
 * dictionary is written before the XMP: its entries are escaped only while the XMP is written.
 */
function escapeXmpInfo(doc: Doc) {
  const addInfo = doc._addInfo.bind(doc);
  doc._addInfo = () => {
    const info = doc.info as Record<string, unknown>;
    const saved = { ...info };
    for (const [key, value] of Object.entries(info)) {
      if (typeof value === 'string') info[key] = value.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
    }
    try {
      addInfo();
    } finally {
      Object.assign(info, saved);
    }
  };
}

/** The whole file, once pdfkit has written it. */
function bytesOf(doc: Doc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export async function renderFactsheet(content: FactsheetContent): Promise<Uint8Array> {
  const doc = new PDFDocument({
    // PDF 1.7: pdfkit writes the XMP metadata (dc:title, pdfuaid) only above 1.3.
    pdfVersion: '1.7',
    tagged: true,
    lang: content.locale,
    displayTitle: true,
    autoFirstPage: false,
    // The footer is drawn on every page once their count is known.
    bufferPages: true,
    font: fontPath(),
    info: {
      Title: content.title,
      Author: content.author,
      Subject: content.heading,
      Creator: content.author,
      Producer: 'PDFKit',
      // Fixed dates: the file ID is a hash of these entries, so the same content gives the same file.
      CreationDate: content.date,
      ModDate: content.date,
    },
  });
  // The `subset: 'PDF/UA'` option, applied as the constructor would (see ./pdfkit-ua.d.ts).
  doc.initSubset({ subset: 'PDF/UA' });
  escapeXmpInfo(doc);
  const written = bytesOf(doc);
  const newPage = () => {
    doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    pen.pages += 1;
  };
  const root = doc.struct('Document');
  doc.addStructure(root);
  const pen: Pen = { doc, y: A4.height - MARGIN, pages: 0, root };
  newPage();
  const width = A4.width - 2 * MARGIN;

  // Header band.
  artifact(pen, () => rectangle(pen, 0, A4.height - 92, A4.width, 92, BRAND));
  leaf(pen, root, 'P', () => text(pen, content.heading.toUpperCase(), MARGIN, A4.height - 30, 8, { color: rgb(0.8, 0.87, 0.95), bold: true }));
  leaf(pen, root, 'P', () => text(pen, content.subtitle, 0, A4.height - 30, 8, { color: rgb(0.8, 0.87, 0.95), right: A4.width - MARGIN }));
  const fundName = wrapText(content.fundName, width, (s) => widthOf(pen, s, 17, true), 1);
  leaf(pen, root, 'H1', () => text(pen, fundName[0] ?? '', MARGIN, A4.height - 54, 17, { bold: true, color: rgb(1, 1, 1) }), whole(fundName, content.fundName));
  leaf(pen, root, 'P', () => text(pen, content.shareName, MARGIN, A4.height - 74, 10, { color: rgb(1, 1, 1) }));
  pen.y = A4.height - 108;
  paragraph(pen, root, content.marketing, MARGIN, width, 7, { color: MUTED });

  // Left column: key facts, fees and characteristics; right column: objective, performance and charts.
  const sideWidth = 150;
  const mainX = MARGIN + sideWidth + 18;
  const mainWidth = A4.width - MARGIN - mainX;
  const startY = pen.y - 2;
  facts(pen, content.keyFactsTitle, content.keyFacts, MARGIN, sideWidth);
  facts(pen, content.feesTitle, content.fees, MARGIN, sideWidth);

  pen.y = startY;
  sectionTitle(pen, content.objectiveTitle, mainX, mainWidth);
  paragraph(pen, root, content.objective, mainX, mainWidth, 7.5, { maxLines: 7 });
  // What does not fit above the footer moves to the second page.
  const room = (needed: number, x: number) => {
    if (pen.y - needed >= FOOTER) return x;
    if (pen.pages === 1) newPage();
    pen.y = A4.height - MARGIN;
    return MARGIN;
  };
  for (const spec of content.tables) table(pen, spec, room(30 + spec.rows.length * 13, mainX), mainWidth);
  if (content.growth) growthChart(pen, content.growth, content.locale, room(160, mainX), mainWidth, 110);
  calendarBars(pen, content.calendar, room(130, mainX), mainWidth, 70);

  // Page 2 (or what remains of it): portfolio, warnings.
  if (pen.pages === 1) {
    newPage();
    pen.y = A4.height - MARGIN;
  } else {
    pen.y -= 8;
  }
  const half = (width - 18) / 2;
  const portfolioTop = pen.y;
  if (content.holdings) list(pen, content.holdings.title, content.holdings.rows, MARGIN, half);
  const leftEnd = pen.y;
  pen.y = portfolioTop;
  for (const breakdown of content.breakdowns) list(pen, breakdown.title, breakdown.rows, MARGIN + half + 18, half);
  pen.y = Math.min(pen.y, leftEnd) - 6;
  sectionTitle(pen, content.warningsTitle, MARGIN, width);
  for (const warning of content.warnings) {
    paragraph(pen, root, warning, MARGIN, width, 7.5);
    pen.y -= 4;
  }
  root.end();

  // The running footer: the company and the page number repeat on each page, outside the structure.
  for (let i = 0; i < pen.pages; i += 1) {
    doc.switchToPage(i);
    artifact(
      pen,
      () => {
        line(pen, MARGIN, 46, A4.width - MARGIN, 46, 0.4, RULE);
        content.company.forEach((row, j) => text(pen, row, MARGIN, 36 - j * 9, 6.5, { color: MUTED }));
        text(pen, content.pageLabel(i + 1, pen.pages), 0, 36, 6.5, { color: MUTED, right: A4.width - MARGIN });
      },
      'Pagination',
    );
  }
  doc.end();
  return written;
}
