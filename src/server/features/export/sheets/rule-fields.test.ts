/**
 * Every business rule a master-data import can break names the cell it is about: each result code
 * the services a sheet writes through can answer is in one of its sheets' `ruleFields` (mapped to a
 * column the sheet imports) or declared here as not a cell's rule (about the row as a whole, or
 * raised only by operations an import never runs). A rule added to a service without saying which
 * column it is about fails here, instead of reaching users as an error that names no column.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DomainError, isResultCode, type ResultCode } from '../../../../domain/result-codes';
import type { AnySheetDef, SheetRow } from '../sheet';
import { rowRefusal } from '../sheet';
import { transfers } from './index';
import { subjectSheet } from './subject';
import { budgetSheet, vendorSheet } from './budget';
import { customerSheet, projectSheet } from './clients';
import { departmentSheet, employeeSheet } from './staff';
import { invoiceSheet } from './invoice';
import { bankAccountSheet } from './cashier-settings';

const root = resolve(__dirname, '../../../../..');
const codesIn = (file: string): ResultCode[] =>
  [...new Set([...readFileSync(resolve(root, file), 'utf8').matchAll(/'([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]))].filter(isResultCode);

/** About the row as a whole: whose it is, its version, the year or ledger set it is in. */
const ROW_WIDE: ResultCode[] = ['NO_PERMISSION', 'STALE_DATA', 'MISSING_ACCOUNT_OR_PERIOD', 'PERIOD_SETTLED'];
/** INVALID_INPUT raised by a service names its field itself ({field, rule}): rowRefusal reads it. */
const SELF_NAMED: ResultCode[] = ['INVALID_INPUT'];

/** The services each sheet writes through, with the codes of theirs an import's create or update never meets. */
const SERVICES: Array<{ files: string[]; sheets: AnySheetDef[]; notImported: ResultCode[] }> = [
  // Binding accounts and deleting are not imports.
  { files: ['src/server/features/staff/service.ts'], sheets: [departmentSheet, employeeSheet], notImported: ['ACCOUNT_ALREADY_BOUND', 'ACCOUNT_NOT_BINDABLE', 'IN_USE'] },
  { files: ['src/server/features/clients/service.ts', 'src/domain/clients.ts'], sheets: [customerSheet, projectSheet], notImported: ['IN_USE'] },
  { files: ['src/server/features/budget/service.ts'], sheets: [budgetSheet, vendorSheet], notImported: ['IN_USE'] },
  // Attachments are uploaded in the invoice popup, never imported.
  { files: ['src/server/features/invoice/service.ts', 'src/domain/invoice.ts'], sheets: [invoiceSheet], notImported: ['ATTACHMENT_MISSING', 'ATTACHMENT_TOO_LARGE', 'INVOICE_ATTACHMENT_REQUIRED', 'PDF_ONLY'] },
  // Deletes, the code rule and the subject relations are other screens; a used subject's new types are refused as SUBJECT_AUX_IMPORT_ADD (importRefusal).
  {
    files: ['src/server/features/subject/service.ts'], sheets: [subjectSheet],
    notImported: ['SUBJECT_NOT_LEAF', 'SUBJECT_IN_USE', 'SUBJECT_CODE_RULE_INVALID', 'SUBJECT_CODE_RULE_IN_USE', 'SPECIFIC_SUBJECT_INVALID', 'SUBJECT_RELATION_SAME_LEDGER', 'SUBJECT_AUX_VALUES_REQUIRED'],
  },
  // Banks and income/outcome kinds have their own forms; deletes are not imports.
  { files: ['src/server/features/cashier-settings/service.ts'], sheets: [bankAccountSheet], notImported: ['BANK_CODE_DUPLICATE', 'CASHIER_KIND_CODE_DUPLICATE', 'CASHIER_SUBJECT_CASH_OR_BANK', 'IN_USE'] },
];

const row = (key: string): SheetRow => ({ row: 7, key, create: {}, update: {}, texts: {} });

describe('import rules name their column', () => {
  it('covers every sheet of the imports', () => {
    const covered = new Set(SERVICES.flatMap((s) => s.sheets));
    for (const t of transfers) expect(covered.has(t.sheet), t.sheet.kind).toBe(true);
    expect(covered.has(subjectSheet)).toBe(true);
  });

  it.each(SERVICES.map((s) => [s.files[0], s] as const))('every rule of %s names a column or is declared not a cell\'s', (_file, s) => {
    const mapped = new Set(s.sheets.flatMap((d) => Object.keys(d.ruleFields)));
    const thrown = s.files.flatMap(codesIn);
    const unnamed = thrown.filter((c) => !mapped.has(c) && !ROW_WIDE.includes(c) && !SELF_NAMED.includes(c) && !s.notImported.includes(c));
    expect(unnamed).toEqual([]);
  });

  it.each(SERVICES.flatMap((s) => s.sheets).map((d) => [d.kind, d] as const))('%s: each rule names a column the sheet imports', (_kind, d) => {
    const importable = new Set(d.columns.flatMap((c) => (c.field ? [c.field] : [])));
    for (const [code, rule] of Object.entries(d.ruleFields)) {
      const fields = typeof rule === 'function' ? ['6001', '600101', '60010'].map((k) => rule(new DomainError(code as ResultCode), row(k))) : [rule];
      for (const f of fields) expect(importable.has(String(f)), `${d.kind} ${code} → ${f}`).toBe(true);
    }
  });

  it('a refused row names the column in the language; a row-wide refusal names none', () => {
    expect(rowRefusal(employeeSheet, new DomainError('DEPARTMENT_NOT_LEAF'), row('E1'), 'en_US')).toEqual([{ row: 7, column: 'Department code', message: 'Only last-level departments can be chosen!' }]);
    expect(rowRefusal(employeeSheet, new DomainError('DEPARTMENT_NOT_LEAF'), row('E1'), 'zh_CN')).toEqual([{ row: 7, column: '部门编码', message: '只能选择末级部门！' }]);
    expect(rowRefusal(budgetSheet, new DomainError('BUDGET_CODE_INVALID', { code: '60010' }), row('60010'), 'en_US')?.[0]?.column).toBe('Code');
    expect(rowRefusal(budgetSheet, new DomainError('BUDGET_CODE_INVALID', { code: '600101' }), row('600101'), 'en_US')?.[0]?.column).toBe('Kind');
    expect(rowRefusal(employeeSheet, new DomainError('STALE_DATA'), row('E1'), 'en_US')?.[0]?.column).toBeNull();
    expect(rowRefusal(subjectSheet, new DomainError('INVALID_INPUT', { field: 'direction', rule: 'childDirection' }), row('100201'), 'en_US'))
      .toEqual([{ row: 7, column: 'Balance direction', message: "cannot be changed: a child subject keeps its parent's balance direction" }]);
    // Not a refusal of the row: thrown on.
    expect(rowRefusal(employeeSheet, new Error('boom'), row('E1'), 'en_US')).toBeNull();
  });

  it('a used subject\'s new auxiliary type: the import says to add it in the subject form', () => {
    const [e] = rowRefusal(subjectSheet, new DomainError('SUBJECT_AUX_VALUES_REQUIRED', {}, { auxTypeIds: [1, 4] }), row('1001'), 'en_US')!;
    expect(e).toEqual({ row: 7, column: 'Auxiliary types', message: expect.stringMatching(/^The subject 1001 is already in use: add the auxiliary type DEPARTMENT, \w+ in the subject form/) });
  });
});
