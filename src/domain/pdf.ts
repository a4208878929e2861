/**
 * PDF recognition by content (spec 02 §5 'only PDF files can be uploaded'): the file name and the
 * browser's mime type are never trusted. A PDF starts with the `%PDF-1.x` / `%PDF-2.0` header,
 * ends with `%%EOF` (a little trailing whitespace or junk is tolerated, as readers do), and its
 * `startxref` offset points at a cross-reference table (`xref`) or a cross-reference stream object
 * (`N G obj`). That is the sanity check a reader performs before anything else, without a parser.
 */

const ascii = (bytes: Uint8Array, from: number, to: number): string => {
  let s = '';
  for (let i = Math.max(0, from); i < Math.min(bytes.length, to); i++) s += String.fromCharCode(bytes[i]);
  return s;
};

/** Whether the bytes look like a PDF document (header, trailer, cross-reference offset). */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 64) return false;
  // The header may follow up to 1024 bytes of junk (PDF 32000-1 §7.5.2 note; readers accept it).
  const head = ascii(bytes, 0, 1024);
  const at = head.indexOf('%PDF-');
  if (at < 0 || !/^%PDF-(1\.[0-7]|2\.0)/.test(head.slice(at))) return false;
  const tail = ascii(bytes, bytes.length - 1024, bytes.length);
  const eof = tail.lastIndexOf('%%EOF');
  if (eof < 0) return false;
  const m = /startxref\s+(\d+)\s*$/.exec(tail.slice(0, eof));
  if (!m) return false;
  const offset = Number(m[1]) + at;
  if (!Number.isSafeInteger(offset) || offset >= bytes.length) return false;
  const target = ascii(bytes, offset, offset + 32);
  return /^\s*xref/.test(target) || /^\s*\d+\s+\d+\s+obj/.test(target);
}

/**
 * A small valid one-page PDF showing a few lines of ASCII text, with a correct cross-reference
 * table (the demo seed and the tests use it; real invoices arrive as uploads).
 */
export function minimalPdf(lines: readonly string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const text = lines.map((l, i) => `BT /F1 14 Tf 56 ${780 - i * 24} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i);
  return bytes;
}
