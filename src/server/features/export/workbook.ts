/**
 * A one-sheet report workbook (exceljs): the report's heading lines when given (its title, then what
 * it covers: company, ledger set, periods, unit, so a file passed on still says what its figures
 * are), a bold header row frozen on top with them, the rows (bold where `bold` says: totals), numbers
 * shown with thousands separators and two decimals (counts: `integerColumns`, none). Text cells come
 * neutralized from the caller (neutralizeCell).
 */
import ExcelJS from 'exceljs';

export type Cell = string | number | null;

export async function workbook(title: string, headers: string[], rows: Cell[][], bold: (i: number) => boolean = () => false, integerColumns: readonly number[] = [], heading: readonly string[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title.slice(0, 31));
  heading.forEach((line, i) => {
    const row = ws.addRow([line]);
    row.font = i === 0 ? { bold: true, size: 14 } : { italic: true };
  });
  ws.addRow(headers);
  ws.getRow(heading.length + 1).font = { bold: true };
  rows.forEach((r, i) => {
    const row = ws.addRow(r);
    if (bold(i)) row.font = { bold: true };
  });
  ws.columns.forEach((c, i) => {
    c.width = Math.max(10, Math.min(40, headers[i].length + 4));
    if (rows.some((r) => typeof r[i] === 'number')) c.numFmt = integerColumns.includes(i) ? '#,##0' : '#,##0.00';
  });
  ws.views = [{ state: 'frozen', ySplit: heading.length + 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
