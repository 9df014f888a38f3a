import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { niceScale, project, wrapText } from '@/domain/documents/factsheet';

/**
 * Draws a factsheet (already in one language, every figure already formatted) as an A4 PDF with
 * pdf-lib: DejaVu Sans embedded (subset), so the text is selectable and accented; the charts are
 * vector drawings. The same content gives the same bytes (fixed dates, fixed font names).
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
  growth: { title: string; share: { label: string; points: number[] }; benchmark: { label: string; points: number[] } | null; from: string; to: string } | null;
  calendar: { title: string; years: { year: number; share: number; shareLabel: string; benchmark: number | null; benchmarkLabel: string }[]; empty: string; shareLabel: string; benchmarkLabel: string | null };
  holdings: { title: string; rows: { label: string; value: string }[] } | null;
  breakdowns: { title: string; rows: { label: string; value: string; weight: number }[] }[];
  feesTitle: string;
  fees: { label: string; value: string }[];
  warningsTitle: string;
  warnings: string[];
  company: string[];
  pageLabel: (page: number, pages: number) => string;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const FOOTER = 60;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
const BRAND = rgb(0.05, 0.27, 0.5);
const BENCH = rgb(0.62, 0.55, 0.3);
const RULE = rgb(0.82, 0.84, 0.87);

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function fontBytes() {
  fonts ??= Promise.all([
    readFile(path.join(process.cwd(), 'assets/fonts/DejaVuSans.ttf')),
    readFile(path.join(process.cwd(), 'assets/fonts/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

type Pen = { doc: PDFDocument; page: PDFPage; y: number; regular: PDFFont; bold: PDFFont };

function text(pen: Pen, value: string, x: number, y: number, size: number, options: { bold?: boolean; color?: ReturnType<typeof rgb>; right?: number } = {}) {
  const font = options.bold ? pen.bold : pen.regular;
  const drawX = options.right !== undefined ? options.right - font.widthOfTextAtSize(value, size) : x;
  pen.page.drawText(value, { x: drawX, y, size, font, color: options.color ?? INK });
}

function paragraph(pen: Pen, value: string, x: number, width: number, size: number, options: { color?: ReturnType<typeof rgb>; maxLines?: number; bold?: boolean } = {}) {
  const font = options.bold ? pen.bold : pen.regular;
  for (const line of wrapText(value, width, (s) => font.widthOfTextAtSize(s, size), options.maxLines)) {
    text(pen, line, x, pen.y, size, { color: options.color, bold: options.bold });
    pen.y -= size * 1.3;
  }
}

function sectionTitle(pen: Pen, value: string, x: number, width: number) {
  pen.y -= 6;
  text(pen, value, x, pen.y, 10, { bold: true, color: BRAND });
  pen.y -= 4;
  pen.page.drawLine({ start: { x, y: pen.y }, end: { x: x + width, y: pen.y }, thickness: 0.6, color: BRAND });
  pen.y -= 11;
}

function table(pen: Pen, spec: FactsheetContent['tables'][number], x: number, width: number) {
  sectionTitle(pen, spec.title, x, width);
  const labelWidth = 90;
  const col = (width - labelWidth) / Math.max(1, spec.columns.length);
  spec.columns.forEach((c, i) => {
    const lines = wrapText(c, col - 4, (s) => pen.regular.widthOfTextAtSize(s, 6.5), 2);
    lines.forEach((line, j) => text(pen, line, 0, pen.y - j * 7.5, 6.5, { color: MUTED, right: x + labelWidth + col * (i + 1) }));
  });
  pen.y -= 17;
  for (const row of spec.rows) {
    text(pen, wrapText(row.label, labelWidth - 4, (s) => pen.regular.widthOfTextAtSize(s, 7.5), 1)[0] ?? '', x, pen.y, 7.5, { bold: true });
    row.cells.forEach((cell, i) => text(pen, cell, 0, pen.y, 7.5, { right: x + labelWidth + col * (i + 1) }));
    pen.y -= 4;
    pen.page.drawLine({ start: { x, y: pen.y }, end: { x: x + width, y: pen.y }, thickness: 0.3, color: RULE });
    pen.y -= 9;
  }
}

function growthChart(pen: Pen, growth: NonNullable<FactsheetContent['growth']>, x: number, width: number, height: number) {
  sectionTitle(pen, growth.title, x, width);
  const top = pen.y;
  const bottom = top - height;
  const all = [...growth.share.points, ...(growth.benchmark?.points ?? [])];
  const scale = niceScale(Math.min(...all), Math.max(...all), 4);
  const left = x + 28;
  for (let v = scale.min; v <= scale.max + scale.step / 2; v += scale.step) {
    const y = project(v, scale.min, scale.max, bottom, top);
    pen.page.drawLine({ start: { x: left, y }, end: { x: x + width, y }, thickness: 0.3, color: RULE });
    text(pen, String(Math.round(v * 100) / 100), 0, y - 2.5, 6.5, { color: MUTED, right: left - 3 });
  }
  const line = (points: number[], color: ReturnType<typeof rgb>) => {
    if (points.length < 2) return;
    const d = points
      .map((v, i) => `${i === 0 ? 'M' : 'L'} ${project(i, 0, points.length - 1, left, x + width).toFixed(2)} ${(-project(v, scale.min, scale.max, bottom, top)).toFixed(2)}`)
      .join(' ');
    pen.page.drawSvgPath(d, { x: 0, y: 0, borderColor: color, borderWidth: 1.1 });
  };
  if (growth.benchmark) line(growth.benchmark.points, BENCH);
  line(growth.share.points, BRAND);
  pen.y = bottom - 10;
  text(pen, growth.from, left, pen.y, 6.5, { color: MUTED });
  text(pen, growth.to, 0, pen.y, 6.5, { color: MUTED, right: x + width });
  pen.y -= 11;
  legend(pen, x, [
    { label: growth.share.label, color: BRAND },
    ...(growth.benchmark ? [{ label: growth.benchmark.label, color: BENCH }] : []),
  ]);
}

function legend(pen: Pen, x: number, items: { label: string; color: ReturnType<typeof rgb> }[]) {
  let cx = x;
  for (const item of items) {
    pen.page.drawRectangle({ x: cx, y: pen.y, width: 8, height: 6, color: item.color });
    const label = wrapText(item.label, 220, (s) => pen.regular.widthOfTextAtSize(s, 7), 1)[0] ?? '';
    text(pen, label, cx + 11, pen.y, 7);
    cx += 11 + pen.regular.widthOfTextAtSize(label, 7) + 14;
  }
  pen.y -= 14;
}

function calendarBars(pen: Pen, calendar: FactsheetContent['calendar'], x: number, width: number, height: number) {
  sectionTitle(pen, calendar.title, x, width);
  if (calendar.years.length === 0) {
    paragraph(pen, calendar.empty, x, width, 8, { color: MUTED });
    return;
  }
  const values = calendar.years.flatMap((y) => [y.share, ...(y.benchmark === null ? [] : [y.benchmark])]);
  const scale = niceScale(Math.min(0, ...values), Math.max(0, ...values), 4);
  const top = pen.y - 8;
  const bottom = top - height;
  const zero = project(0, scale.min, scale.max, bottom, top);
  pen.page.drawLine({ start: { x, y: zero }, end: { x: x + width, y: zero }, thickness: 0.5, color: MUTED });
  const slot = width / calendar.years.length;
  const bar = Math.min(16, slot / 2.6);
  calendar.years.forEach((year, i) => {
    const cx = x + slot * i + slot / 2;
    const draw = (value: number, label: string, bx: number, color: ReturnType<typeof rgb>) => {
      const y = project(value, scale.min, scale.max, bottom, top);
      pen.page.drawRectangle({ x: bx, y: Math.min(y, zero), width: bar, height: Math.max(0.5, Math.abs(y - zero)), color });
      const size = 5.5;
      const w = pen.regular.widthOfTextAtSize(label, size);
      text(pen, label, bx + bar / 2 - w / 2, value >= 0 ? y + 2 : y - size - 1, size, { color: INK });
    };
    const hasBench = year.benchmark !== null;
    draw(year.share, year.shareLabel, hasBench ? cx - bar - 1 : cx - bar / 2, BRAND);
    if (year.benchmark !== null) draw(year.benchmark, year.benchmarkLabel, cx + 1, BENCH);
    const label = String(year.year);
    text(pen, label, cx - pen.regular.widthOfTextAtSize(label, 6.5) / 2, bottom - 10, 6.5, { color: MUTED });
  });
  pen.y = bottom - 24;
  legend(pen, x, [{ label: calendar.shareLabel, color: BRAND }, ...(calendar.benchmarkLabel ? [{ label: calendar.benchmarkLabel, color: BENCH }] : [])]);
}

function list(pen: Pen, title: string, rows: { label: string; value: string; weight?: number }[], x: number, width: number) {
  sectionTitle(pen, title, x, width);
  for (const row of rows) {
    const label = wrapText(row.label, width - 60, (s) => pen.regular.widthOfTextAtSize(s, 7.5), 1)[0] ?? '';
    if (row.weight !== undefined) {
      pen.page.drawRectangle({ x, y: pen.y - 2, width: Math.max(0.5, Math.min(1, row.weight) * (width - 50)), height: 9, color: rgb(0.87, 0.92, 0.97) });
    }
    text(pen, label, x + 2, pen.y, 7.5);
    text(pen, row.value, 0, pen.y, 7.5, { right: x + width });
    pen.y -= 11;
  }
}

function facts(pen: Pen, title: string, rows: { label: string; value: string }[], x: number, width: number) {
  sectionTitle(pen, title, x, width);
  for (const row of rows) {
    text(pen, row.label, x, pen.y, 7, { color: MUTED });
    pen.y -= 9;
    paragraph(pen, row.value, x, width, 8, { bold: true, maxLines: 3 });
    pen.y -= 2;
  }
}

export async function renderFactsheet(content: FactsheetContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const bytes = await fontBytes();
  // customName: the subset's name is fixed, not random, so the same content gives the same file.
  const regular = await doc.embedFont(bytes.regular, { subset: true, customName: 'DejaVuSans' });
  const bold = await doc.embedFont(bytes.bold, { subset: true, customName: 'DejaVuSans-Bold' });
  doc.setTitle(content.title, { showInWindowTitleBar: true });
  doc.setAuthor(content.author);
  doc.setSubject(content.heading);
  doc.setLanguage(content.locale);
  doc.setCreator(content.author);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(content.date);
  doc.setModificationDate(content.date);

  const pages: PDFPage[] = [];
  const newPage = () => {
    const page = doc.addPage([A4.width, A4.height]);
    pages.push(page);
    return page;
  };
  const pen: Pen = { doc, page: newPage(), y: A4.height - MARGIN, regular, bold };
  const width = A4.width - 2 * MARGIN;

  // Header band.
  pen.page.drawRectangle({ x: 0, y: A4.height - 92, width: A4.width, height: 92, color: BRAND });
  text(pen, content.heading.toUpperCase(), MARGIN, A4.height - 30, 8, { color: rgb(0.8, 0.87, 0.95), bold: true });
  text(pen, content.subtitle, 0, A4.height - 30, 8, { color: rgb(0.8, 0.87, 0.95), right: A4.width - MARGIN });
  text(pen, wrapText(content.fundName, width, (s) => bold.widthOfTextAtSize(s, 17), 1)[0] ?? '', MARGIN, A4.height - 54, 17, { bold: true, color: rgb(1, 1, 1) });
  text(pen, content.shareName, MARGIN, A4.height - 74, 10, { color: rgb(1, 1, 1) });
  pen.y = A4.height - 108;
  paragraph(pen, content.marketing, MARGIN, width, 7, { color: MUTED });

  // Left column: key facts, fees and characteristics; right column: objective, performance and charts.
  const sideWidth = 150;
  const mainX = MARGIN + sideWidth + 18;
  const mainWidth = A4.width - MARGIN - mainX;
  const startY = pen.y - 2;
  facts(pen, content.keyFactsTitle, content.keyFacts, MARGIN, sideWidth);
  facts(pen, content.feesTitle, content.fees, MARGIN, sideWidth);

  pen.y = startY;
  sectionTitle(pen, content.objectiveTitle, mainX, mainWidth);
  paragraph(pen, content.objective, mainX, mainWidth, 7.5, { maxLines: 7 });
  // What does not fit above the footer moves to the second page.
  const room = (needed: number, x: number) => {
    if (pen.y - needed >= FOOTER) return x;
    if (pages.length === 1) newPage();
    pen.page = pages[pages.length - 1] as PDFPage;
    pen.y = A4.height - MARGIN;
    return MARGIN;
  };
  for (const spec of content.tables) table(pen, spec, room(30 + spec.rows.length * 13, mainX), mainWidth);
  if (content.growth) growthChart(pen, content.growth, room(160, mainX), mainWidth, 110);
  calendarBars(pen, content.calendar, room(130, mainX), mainWidth, 70);

  // Page 2 (or what remains of it): portfolio, warnings.
  if (pages.length === 1) {
    pen.page = newPage();
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
    paragraph(pen, warning, MARGIN, width, 7.5);
    pen.y -= 4;
  }

  pages.forEach((page, i) => {
    pen.page = page;
    page.drawLine({ start: { x: MARGIN, y: 46 }, end: { x: A4.width - MARGIN, y: 46 }, thickness: 0.4, color: RULE });
    content.company.forEach((line, j) => text(pen, line, MARGIN, 36 - j * 9, 6.5, { color: MUTED }));
    text(pen, content.pageLabel(i + 1, pages.length), 0, 36, 6.5, { color: MUTED, right: A4.width - MARGIN });
  });
  return doc.save({ useObjectStreams: true });
}
