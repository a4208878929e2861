import { describe, expect, it } from 'vitest';
import { isPdf, minimalPdf } from './pdf';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('isPdf', () => {
  it('accepts a well-formed PDF', () => {
    expect(isPdf(minimalPdf(['Invoice 001', 'Amount 1,234.56']))).toBe(true);
  });
  it('refuses text that merely starts with the magic', () => {
    expect(isPdf(bytes(`%PDF-1.4\n${'x'.repeat(200)}\n%%EOF\n`))).toBe(false);
  });
  it('refuses a PDF whose startxref points nowhere', () => {
    const good = new TextDecoder().decode(minimalPdf(['x']));
    expect(isPdf(bytes(good.replace(/startxref\n\d+/, 'startxref\n7')))).toBe(false);
    expect(isPdf(bytes(good.replace(/startxref\n\d+/, 'startxref\n999999')))).toBe(false);
  });
  it('refuses a truncated PDF (no %%EOF) and plain text', () => {
    const good = minimalPdf(['x']);
    expect(isPdf(good.slice(0, good.length - 40))).toBe(false);
    expect(isPdf(bytes('this is not a pdf but is named invoice.pdf '.repeat(5)))).toBe(false);
  });
});
