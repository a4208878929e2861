/**
 * The subject workbook's layout, shared by export and import (an exported workbook imports again):
 * one header row with bilingual headers, then one subject per row. `field` names the
 * subjectCreateBody field a column imports into; columns without one (kind, level) are derived.
 */
import { auxTypes } from '../../../domain/enums';
import type { SubjectRow } from '../subject/dto';
import type { SheetColumn } from './workbook';

const auxName = new Map<number, string>(auxTypes.map((a) => [a.id, a.type]));
const auxIdOf = new Map<string, number>(auxTypes.map((a) => [a.type, a.id]));

export type SubjectImportField = 'code' | 'name' | 'nameEn' | 'abbr' | 'direction' | 'auxTypeIds' | 'beCash' | 'disabled';

export const SUBJECT_COLUMNS: ReadonlyArray<SheetColumn<SubjectRow> & { field?: SubjectImportField }> = [
  { zh: '科目编码', en: 'Code', width: 16, value: (s) => s.code, field: 'code' },
  { zh: '科目名称', en: 'Name', width: 28, value: (s) => s.name, field: 'name' },
  { zh: '英文名称', en: 'English name', width: 28, value: (s) => s.nameEn, field: 'nameEn' },
  { zh: '助记码', en: 'Abbreviation', width: 14, value: (s) => s.abbr, field: 'abbr' },
  { zh: '科目类别', en: 'Kind', width: 12, value: (s) => s.kind },
  { zh: '余额方向', en: 'Balance direction', width: 14, value: (s) => (s.direction ? 'BORROWER' : 'LENDER'), field: 'direction' },
  { zh: '级次', en: 'Level', width: 8, value: (s) => s.level },
  { zh: '辅助核算', en: 'Auxiliary types', width: 24, value: (s) => s.auxTypeIds.map((id) => auxName.get(id) ?? String(id)).join(','), field: 'auxTypeIds' },
  { zh: '现金科目', en: 'Cash', width: 8, value: (s) => s.beCash, field: 'beCash' },
  { zh: '停用', en: 'Disabled', width: 8, value: (s) => s.disabled, field: 'disabled' },
];

/** The column a header cell names: '科目编码 Code', '科目编码' or 'Code' (any case). */
export function columnOfHeader(header: string): (typeof SUBJECT_COLUMNS)[number] | undefined {
  const h = header.trim().replace(/\s+/g, ' ').toLowerCase();
  return SUBJECT_COLUMNS.find((c) => h === `${c.zh} ${c.en}`.toLowerCase() || h === c.zh || h === c.en.toLowerCase());
}

/** Direction words of the sheet and the form: BORROWER/借/Debit → true, LENDER/贷/Credit → false. */
export function parseDirection(text: string): boolean | undefined | 'invalid' {
  const t = text.trim().toUpperCase();
  if (!t) return undefined;
  if (['BORROWER', '借', 'DEBIT'].includes(t)) return true;
  if (['LENDER', '贷', 'CREDIT'].includes(t)) return false;
  return 'invalid';
}

/** Auxiliary types by name (DEPARTMENT,EMPLOYEE) or id (1,2), separated by commas or 、. */
export function parseAuxTypes(text: string): number[] | 'invalid' {
  const parts = text.split(/[,，、;\s]+/).map((p) => p.trim().toUpperCase()).filter(Boolean);
  const ids: number[] = [];
  for (const p of parts) {
    const id = /^\d+$/.test(p) ? Number(p) : auxIdOf.get(p);
    if (id === undefined || !auxName.has(id)) return 'invalid';
    ids.push(id);
  }
  return ids;
}

/** A yes/no cell: TRUE/FALSE cells, or Y/Yes/是/1/true as text; empty = false. */
export function parseFlag(value: unknown, text: string): boolean | 'invalid' {
  if (typeof value === 'boolean') return value;
  const t = text.trim().toUpperCase();
  if (!t || ['N', 'NO', '否', '0', 'FALSE'].includes(t)) return false;
  if (['Y', 'YES', '是', '1', 'TRUE'].includes(t)) return true;
  return 'invalid';
}

/** Undoes the export's formula neutralization: an apostrophe before = + - @ is dropped. */
export function unneutralize(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
