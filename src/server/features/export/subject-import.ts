/**
 * Subject import (spec 02 §5 "Import", issue 7): an .xlsx in the export's layout, all or nothing.
 * Every row is checked with the form's schema (subjectCreateBody) and written with the form's rules
 * (subject service: code rule, duplicates, parents), parents before children, in one transaction;
 * any wrong row answers IMPORT_ROWS_INVALID naming the first, with every row's error in the
 * appendix, and nothing is written. Rows that change nothing are not written.
 */
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { subjectCreateBody } from '../../../contract/subject';
import type { ImportResultDto, ImportRowErrorDto } from '../../../contract/export';
import { messageOf, translate } from '../../http/messages';
import * as subjectQueries from '../subject/queries';
import * as subjectService from '../subject/service';
import { columnOfHeader, parseAuxTypes, parseDirection, parseFlag, unneutralize, SUBJECT_COLUMNS, type SubjectImportField } from './subject-sheet';

type Parsed = ReturnType<typeof subjectCreateBody.parse>;
interface SheetRow { row: number; input: Parsed; present: Set<SubjectImportField> }

const label = (field: SubjectImportField | string, lang: Language) => {
  const c = SUBJECT_COLUMNS.find((x) => x.field === field);
  return c ? (lang === 'en_US' ? c.en : c.zh) : field;
};

async function loadSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('FILE_TYPE_NOT_ALLOWED');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new DomainError('IMPORT_FILE_REQUIRED');
  return ws;
}

/** Reads and checks every row against the form's schema; answers the rows and the errors. */
export async function readSubjectSheet(file: Buffer, accountYearId: number, lang: Language): Promise<{ rows: SheetRow[]; errors: ImportRowErrorDto[] }> {
  const ws = await loadSheet(file);
  const fieldAt = new Map<number, SubjectImportField>();
  ws.getRow(1).eachCell((cell, col) => {
    const c = columnOfHeader(cell.text);
    if (c?.field) fieldAt.set(col, c.field);
  });
  const errors: ImportRowErrorDto[] = [];
  const have = new Set(fieldAt.values());
  for (const f of ['code', 'name'] as const) {
    if (!have.has(f)) errors.push({ row: 1, column: label(f, lang), message: translate('validation.required', lang) });
  }
  if (errors.length) return { rows: [], errors };

  const rows: SheetRow[] = [];
  const seen = new Map<string, number>();
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const raw: Record<string, unknown> = { accountYearId };
    const present = new Set<SubjectImportField>();
    let empty = true;
    let bad: ImportRowErrorDto | null = null;
    for (const [col, field] of fieldAt) {
      const cell = row.getCell(col);
      const text = unneutralize(cell.text ?? '').trim();
      if (text !== '' || typeof cell.value === 'boolean') empty = false;
      if (field === 'direction') {
        const d = parseDirection(text);
        if (d === 'invalid') bad ??= { row: r, column: label(field, lang), message: translate('validation.invalid', lang) };
        else if (d !== undefined) raw.direction = d;
      } else if (field === 'auxTypeIds') {
        const a = parseAuxTypes(text);
        if (a === 'invalid') bad ??= { row: r, column: label(field, lang), message: translate('validation.invalid', lang) };
        else raw.auxTypeIds = a;
      } else if (field === 'beCash' || field === 'disabled') {
        const b = parseFlag(cell.value, text);
        if (b === 'invalid') bad ??= { row: r, column: label(field, lang), message: translate('validation.invalid', lang) };
        else raw[field] = b;
      } else {
        raw[field] = text === '' ? (field === 'code' || field === 'name' ? '' : null) : text;
      }
      present.add(field);
    }
    if (empty) continue;
    if (bad) {
      errors.push(bad);
      continue;
    }
    const parsed = subjectCreateBody.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? '');
      const missing = raw[field] === '' || raw[field] === undefined;
      errors.push({ row: r, column: label(field, lang), message: translate(missing ? 'validation.required' : 'validation.invalid', lang) });
      continue;
    }
    const first = seen.get(parsed.data.code);
    if (first !== undefined) {
      errors.push({ row: r, column: label('code', lang), message: messageOf('SUBJECT_CODE_DUPLICATE', lang, { code: parsed.data.code }) });
      continue;
    }
    seen.set(parsed.data.code, r);
    rows.push({ row: r, input: parsed.data, present });
  }
  return { rows, errors };
}

function fail(all: ImportRowErrorDto[], failFast: boolean): never {
  const sorted = [...all].sort((a, b) => a.row - b.row);
  const errors = failFast ? sorted.slice(0, 1) : sorted;
  const first = errors[0];
  const message = first.column ? `${first.column}: ${first.message}` : first.message;
  throw new DomainError('IMPORT_ROWS_INVALID', { row: first.row, message, count: new Set(errors.map((e) => e.row)).size }, { errors });
}

/** Imports the sheet into the year: all rows or none. */
export async function importSubjects(db: Db, v: { companyId: number; accountYearId: number; file: Buffer; failFast: boolean; lang: Language }): Promise<ImportResultDto> {
  const { rows, errors } = await readSubjectSheet(v.file, v.accountYearId, v.lang);
  // The good rows still go through the service's rules (in a transaction that is then rolled back),
  // so every wrong row is reported at once (failFast: only the first, by row number).
  if (errors.length && !rows.length) fail(errors, v.failFast);
  // Nothing to import: success without a write.
  if (!rows.length) return { created: 0, updated: 0, unchanged: 0 };
  // Parents first: shorter codes, then by code.
  const ordered = [...rows].sort((a, b) => a.input.code.length - b.input.code.length || a.input.code.localeCompare(b.input.code));
  return withTx(db, async (tx) => {
    const result = { created: 0, updated: 0, unchanged: 0 };
    for (const r of ordered) {
      try {
        const existing = await subjectQueries.findSubjectByCode(tx, v.accountYearId, r.input.code);
        if (!existing) {
          await subjectService.createSubject(tx, v.companyId, { ...r.input, accountYearId: v.accountYearId });
          result.created++;
          continue;
        }
        const patch: subjectService.SubjectPatch = {};
        if (r.present.has('name')) patch.name = r.input.name;
        if (r.present.has('nameEn')) patch.nameEn = r.input.nameEn ?? null;
        if (r.present.has('abbr')) patch.abbr = r.input.abbr ?? null;
        if (r.present.has('disabled')) patch.disabled = r.input.disabled;
        if (r.present.has('beCash')) patch.beCash = r.input.beCash;
        if (r.present.has('auxTypeIds') && r.input.auxTypeIds) patch.auxTypeIds = r.input.auxTypeIds;
        // A child's direction follows its parent: only a level-1 row's direction is applied.
        if (r.present.has('direction') && r.input.direction !== undefined && existing.parentId === null) patch.direction = r.input.direction;
        const after = await subjectService.updateSubject(tx, existing.id, patch);
        if (after.version === existing.version) result.unchanged++;
        else result.updated++;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        errors.push({ row: r.row, column: null, message: messageOf(err.code, v.lang, err.params) });
      }
    }
    // Any wrong row undoes every row (the transaction rolls back).
    if (errors.length) fail(errors, v.failFast);
    return result;
  });
}
