import { describe, expect, it } from 'vitest';
import { checkDocumentFile, documentFileName } from './file';

const pdf = new TextEncoder().encode('%PDF-1.7\n%…\n');
const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00]);

describe('checkDocumentFile', () => {
  it('accepts a PDF named .pdf and refuses a non-PDF under a .pdf name', () => {
    expect(checkDocumentFile({ name: 'kid.pdf', size: pdf.byteLength, bytes: pdf })).toBeNull();
    expect(checkDocumentFile({ name: 'kid.pdf', size: exe.byteLength, bytes: exe })).toBe('not-pdf');
    expect(checkDocumentFile({ name: 'kid.doc', size: pdf.byteLength, bytes: pdf })).toBe('not-pdf');
  });

  it('refuses an empty file and one over the limit', () => {
    expect(checkDocumentFile({ name: 'kid.pdf', size: 0, bytes: new Uint8Array() })).toBe('empty');
    expect(checkDocumentFile({ name: 'kid.pdf', size: pdf.byteLength, bytes: pdf }, 4)).toBe('too-large');
    expect(checkDocumentFile({ name: 'kid.pdf', size: 10_000_000_000, bytes: null })).toBe('too-large');
  });
});

describe('documentFileName', () => {
  it('keeps the last segment, drops quotes and control characters, and ends in .pdf', () => {
    expect(documentFileName('C:\\Users\\x\\KID "final".PDF')).toBe('KID final.pdf');
    expect(documentFileName('../../etc/passwd')).toBe('passwd.pdf');
    expect(documentFileName('')).toBe('document.pdf');
    expect(documentFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(120);
  });
});
