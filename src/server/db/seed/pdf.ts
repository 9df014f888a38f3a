import 'server-only';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** Fixed dates make the same document byte for byte on every seed (and so the same ETag). */
const FIXED_DATE = new Date(Date.UTC(2026, 10, 20));

export type DemoPdf = {
  title: string;
  subtitle: string;
  paragraphs: string[];
  footer: string;
};

/** WinAnsi is all the standard fonts can draw: replace what it lacks rather than fail. */
function printable(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff€]/g, '');
}

function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A real, readable A4 PDF: what an investor opens when clicking a document link. */
export async function makeDemoPdf(content: DemoPdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(content.title));
  pdf.setAuthor('Aurore Gestion (demo)');
  pdf.setProducer('fundhouse-site seed');
  pdf.setCreator('fundhouse-site seed');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  let page = pdf.addPage([595.28, 841.89]);
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;

  const draw = (text: string, size: number, font = regular, color = rgb(0.1, 0.12, 0.2)) => {
    for (const line of wrap(printable(text), width, (s) => font.widthOfTextAtSize(s, size))) {
      if (y < margin + 40) {
        page = pdf.addPage([595.28, 841.89]);
        y = page.getHeight() - margin;
      }
      page.drawText(line, { x: margin, y, size, font, color });
      y -= size * 1.45;
    }
  };

  page.drawRectangle({ x: 0, y: page.getHeight() - 18, width: page.getWidth(), height: 18, color: rgb(0.05, 0.2, 0.4) });
  draw(content.title, 20, bold, rgb(0.05, 0.2, 0.4));
  y -= 4;
  draw(content.subtitle, 12, regular, rgb(0.35, 0.35, 0.4));
  y -= 14;
  for (const paragraph of content.paragraphs) {
    draw(paragraph, 11);
    y -= 8;
  }
  for (const p of pdf.getPages()) {
    p.drawText(printable(content.footer), { x: margin, y: 28, size: 8, font: regular, color: rgb(0.4, 0.4, 0.45) });
  }
  return pdf.save({ useObjectStreams: true });
}
