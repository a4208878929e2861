/**
 * Export workbooks: one sheet, a bilingual header row (中文 English), text cells neutralized
 * against formula injection (src/domain/spreadsheet-safety.ts).
 */
import ExcelJS from 'exceljs';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn<R> {
  zh: string;
  en: string;
  width: number;
  value: (row: R) => string | number | boolean | null;
}

export async function buildWorkbook<R>(sheetName: string, columns: ReadonlyArray<SheetColumn<R>>, rows: readonly R[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ledgerdesk';
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ header: `${c.zh} ${c.en}`, width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) {
    ws.addRow(columns.map((c) => {
      const v = c.value(r);
      return typeof v === 'string' ? neutralizeCell(v) : v;
    }));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
