/**
 * The voucher print (spec 01 §2 "print PDF … Chinese voucher layout with the uppercase total, fonts
 * embedded"): the classic 记账凭证 — title, company and ledger set, date, kind and number, bill
 * count; a table of summary / account (code and name path, auxiliary values below) / debit /
 * credit; the total row with the amount in Chinese uppercase; the bookkeeper, auditor, cashier and
 * maker. One voucher per page (A4 landscape); a voucher longer than a page goes on over the next
 * pages, each closing with a 过次页 row and the next opening with 承前页, both carrying the running
 * totals. The labels follow the requester's language; the layout is the Chinese one either way.
 * The CJK font (WenQuanYi Micro Hei, Debian's fonts-wqy-microhei, or PDF_CJK_FONT) is embedded as
 * a subset, so the file shows the same on any machine.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import zhVoucher from '../../../../locales/zh_CN/voucher.json' with { type: 'json' };
import enVoucher from '../../../../locales/en_US/voucher.json' with { type: 'json' };
import type { Language } from '../../../domain/enums';
import { formatCents, toChineseUppercase } from '../../../domain/money';
import { paginateVoucher, PDF_ROWS_PER_PAGE } from '../../../domain/voucher-print';
import { DomainError } from '../../../domain/result-codes';
import { localVoucherLabel } from '../../../domain/names';
import type { VoucherDto } from '../../../contract/voucher';

/** A voucher with what its print names besides itself. */
export interface PrintVoucher {
  voucher: VoucherDto;
  companyName: string;
  accountName: string;
  /** The voucher's kind with its English name: the header labels it in the requester's language ("General-0004"). */
  kind: { name: string; nameEn: string | null };
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/wqy-microhei/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
];

/** The CJK font file and the face inside it by its PostScript name (a .ttc holds several). */
export function cjkFont(): { path: string; family?: string } {
  const env = process.env.PDF_CJK_FONT;
  if (env) return { path: env, family: process.env.PDF_CJK_FONT_FAMILY || undefined };
  const path = FONT_CANDIDATES.find((p) => existsSync(p));
  // No CJK font: the export task fails with EXPORT_FAILED rather than printing empty boxes.
  if (!path) throw new DomainError('EXPORT_FAILED');
  return { path, family: path.endsWith('.ttc') ? (path.includes('zenhei') ? 'WenQuanYiZenHei' : 'WenQuanYiMicroHei') : undefined };
}

type Labels = typeof zhVoucher.docs.pdf;
const labelsOf = (lang: Language): Labels => (lang === 'en_US' ? enVoucher.docs.pdf : zhVoucher.docs.pdf);
const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));

const uppercaseOf = (cents: number) => {
  try {
    return toChineseUppercase(cents);
  } catch {
    return '';
  }
};

// A4 landscape, in points.
const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const TABLE = { left: PAGE.margin, width: PAGE.width - 2 * PAGE.margin, headerHeight: 24, rowHeight: 42, closeHeight: 28 };
const COLS = [0.26, 0.38, 0.18, 0.18];
const RED = '#c00000';
const INK = '#1a1a1a';
const RULE = '#333333';

/** Renders the vouchers, each from a new page; answers the PDF bytes. */
export async function renderVoucherPdf(list: readonly PrintVoucher[], lang: Language, onVoucher?: (done: number) => Promise<void> | void): Promise<Buffer> {
  const font = cjkFont();
  const L = labelsOf(lang);
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', autoFirstPage: false, margin: PAGE.margin, info: { Title: L.title, Creator: 'Ledgerdesk', Producer: 'Ledgerdesk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.path, font.family as string);
  const colX = COLS.reduce<number[]>((xs, w, i) => [...xs, xs[i] + w * TABLE.width], [TABLE.left]);
  const cell = (i: number) => ({ x: colX[i], w: colX[i + 1] - colX[i] });

  const amount = (cents: number, i: number, y: number, h: number, size = 10) => {
    if (!cents) return;
    const { x, w } = cell(i);
    doc.font('cjk').fontSize(size).fillColor(cents < 0 ? RED : INK).text(formatCents(cents), x + 4, y + h / 2 - size / 2 - 1, { width: w - 8, align: 'right', lineBreak: false });
  };

  let done = 0;
  for (const { voucher: v, companyName, accountName, kind } of list) {
    const lines = v.items.map((i) => ({ direction: i.direction, amountCents: Number(i.amount) }));
    const pages = paginateVoucher(lines);
    pages.forEach((page, p) => {
      doc.addPage({ size: 'A4', layout: 'landscape', margin: PAGE.margin });
      doc.lineWidth(0.8).strokeColor(RULE);
      // Title, double-underlined as on the printed forms.
      const title = lang === 'en_US' ? L.title : [...L.title].join(' ');
      doc.font('cjk').fontSize(20).fillColor(INK).text(title, 0, PAGE.margin, { width: PAGE.width, align: 'center', lineBreak: false });
      const tw = Math.min(doc.widthOfString(title) + 24, 260);
      const tx = (PAGE.width - tw) / 2;
      doc.moveTo(tx, PAGE.margin + 27).lineTo(tx + tw, PAGE.margin + 27).stroke();
      doc.moveTo(tx, PAGE.margin + 30).lineTo(tx + tw, PAGE.margin + 30).stroke();
      // A void voucher, or one examined as error, says so in red beside the title: on paper neither reads as approved.
      const mark = v.state === 'INVALID' ? L.invalid : v.auditPass === false ? L.auditError : null;
      if (mark) doc.fontSize(14).fillColor(RED).text(mark, tx + tw + 12, PAGE.margin + 4, { lineBreak: false });

      const infoY = PAGE.margin + 44;
      const third = TABLE.width / 3;
      doc.fontSize(10).fillColor(INK);
      doc.text(fill(L.company, { name: companyName }), TABLE.left, infoY, { width: third + 60, lineBreak: false, ellipsis: true });
      doc.text(fill(L.date, { date: v.markTime.slice(0, 10) }), TABLE.left + third, infoY, { width: third, align: 'center', lineBreak: false });
      doc.text(fill(L.number, { label: localVoucherLabel(lang, kind, v.codeText) }), TABLE.left + 2 * third, infoY, { width: third, align: 'right', lineBreak: false });
      const info2Y = infoY + 16;
      doc.text(fill(L.account, { name: accountName }), TABLE.left, info2Y, { width: third + 60, lineBreak: false, ellipsis: true });
      doc.text(fill(L.bills, { count: v.billCount }), TABLE.left + 2 * third, info2Y, { width: third, align: 'right', lineBreak: false });

      // Table: header, rows, closing row; the outer frame drawn heavier.
      const top = info2Y + 20;
      const rowsTop = top + TABLE.headerHeight;
      const closeTop = rowsTop + PDF_ROWS_PER_PAGE * TABLE.rowHeight;
      const bottom = closeTop + TABLE.closeHeight;
      [L.summary, L.subject, L.debit, L.credit].forEach((h, i) => {
        const { x, w } = cell(i);
        doc.font('cjk').fontSize(11).fillColor(INK).text(h, x, top + 6, { width: w, align: 'center', lineBreak: false });
      });
      for (let r = 0; r <= PDF_ROWS_PER_PAGE; r++) doc.moveTo(TABLE.left, rowsTop + r * TABLE.rowHeight).lineTo(TABLE.left + TABLE.width, rowsTop + r * TABLE.rowHeight).stroke();
      for (let i = 1; i < COLS.length; i++) {
        // The closing row spans summary and account: no rule between them there.
        doc.moveTo(colX[i], top).lineTo(colX[i], i === 1 ? closeTop : bottom).stroke();
      }
      doc.lineWidth(1.6).rect(TABLE.left, top, TABLE.width, bottom - top).stroke().lineWidth(0.8);

      page.rows.forEach((row, r) => {
        const y = rowsTop + r * TABLE.rowHeight;
        if (row.kind === 'broughtForward') {
          doc.font('cjk').fontSize(10).fillColor(INK).text(L.broughtForward, cell(0).x + 6, y + TABLE.rowHeight / 2 - 6, { width: cell(0).w - 12, lineBreak: false });
          amount(row.debitCents, 2, y, TABLE.rowHeight);
          amount(row.creditCents, 3, y, TABLE.rowHeight);
          return;
        }
        const item = v.items[row.index];
        doc.font('cjk').fontSize(10).fillColor(INK).text(item.summary, cell(0).x + 6, y + 5, { width: cell(0).w - 12, height: TABLE.rowHeight - 8, ellipsis: true });
        const auxText = item.auxes.map((a) => [...(a.auxData.path ?? []).map((d) => d.name), a.auxData.code ? `${a.auxData.code} ${a.auxData.name}` : a.auxData.name].join('/')).join('；');
        doc.fontSize(10).text(item.subjectFullName, cell(1).x + 6, y + 5, { width: cell(1).w - 12, height: auxText ? 14 : TABLE.rowHeight - 8, ellipsis: true, lineBreak: !auxText });
        if (auxText) doc.fontSize(8.5).fillColor('#555555').text(auxText, cell(1).x + 6, y + 22, { width: cell(1).w - 12, height: 12, ellipsis: true, lineBreak: false });
        const cents = Number(item.amount);
        amount(cents, item.direction ? 2 : 3, y, TABLE.rowHeight);
      });

      const close = page.close;
      const text = close.kind === 'total' ? fill(L.total, { text: uppercaseOf(close.debitCents) }) : L.carriedForward;
      doc.font('cjk').fontSize(10.5).fillColor(INK).text(text, cell(0).x + 6, closeTop + TABLE.closeHeight / 2 - 6, { width: cell(0).w + cell(1).w - 12, lineBreak: false, ellipsis: true });
      amount(close.debitCents, 2, closeTop, TABLE.closeHeight, 10.5);
      amount(close.creditCents, 3, closeTop, TABLE.closeHeight, 10.5);

      // The processing names, then the page number.
      const footY = bottom + 12;
      const quarter = TABLE.width / 4;
      const names = [fill(L.bookkeeper, { name: v.bookKeepByName ?? '' }), fill(v.auditPass === false ? L.auditorError : L.auditor, { name: v.auditByName ?? '' }), fill(L.cashier, { name: v.cashierByName ?? '' }), fill(L.maker, { name: v.createdByName ?? '' })];
      names.forEach((n, i) => doc.fontSize(10).fillColor(INK).text(n, TABLE.left + i * quarter, footY, { width: quarter, lineBreak: false, ellipsis: true }));
      if (pages.length > 1) doc.fontSize(9).fillColor('#555555').text(fill(L.page, { page: p + 1, pages: pages.length }), TABLE.left, footY + 18, { width: TABLE.width, align: 'right', lineBreak: false });
    });
    done++;
    await onVoucher?.(done);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
