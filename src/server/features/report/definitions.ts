/**
 * Report definitions (decision 033): a company's rows of the balance sheet and the income
 * statement. New companies get the Small Enterprise layouts in their creating transaction (the
 * migration gave them to the companies that existed); every change is checked whole — formulas
 * parse, name subjects of the company's charts and rows that exist, and do not go round in a
 * circle — before it is written.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assertVersion, withTx, type Tx } from '../../db/tx';
import { reportRows, subjects } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import { checkDefinition, parseFormula, formatFormula, type FormulaError, type ReportKind } from '../../../domain/report-formula';
import { STANDARD_LAYOUTS, type ReportRole, type ReportSide } from '../../../domain/report-layouts';
import { SMALL_ENTERPRISE_CHART } from '../../../domain/standard-chart';
import type { ReportRowCreateBody, ReportRowDto, ReportRowUpdateBody } from '../../../contract/report';
import { translate } from '../../http/messages';
import type { Language } from '../../../domain/enums';

type Row = typeof reportRows.$inferSelect;

export function reportRowDto(r: Row): ReportRowDto {
  return {
    id: r.id, companyId: r.companyId, kind: r.kind as ReportKind, side: r.side as ReportSide, sort: r.sort, lineNo: r.lineNo,
    label: r.label, labelEn: r.labelEn, indent: r.indent, bold: r.bold, formula: r.formula, role: r.role as ReportRole | null, version: r.version,
  };
}

/** Writes the standard layouts of the reports for a company (new, or whose rows of that kind were just deleted). */
export async function seedReportDefinitions(tx: Tx, companyId: number, kinds: readonly ReportKind[] = ['BALANCE_SHEET', 'INCOME_STATEMENT']): Promise<void> {
  for (const kind of kinds) {
    const sorts: Record<ReportSide, number> = { LEFT: 0, RIGHT: 0 };
    const values = STANDARD_LAYOUTS[kind].map((r) => ({
      companyId, kind, side: r.side, sort: ++sorts[r.side], lineNo: r.lineNo, label: r.label, labelEn: r.labelEn,
      indent: r.indent, bold: r.bold, formula: r.formula, role: r.role,
    }));
    await tx.insert(reportRows).values(values);
  }
}

/** A company's rows of one report, in display order (left side first). */
export async function listReportRows(db: Db, companyId: number, kind: ReportKind): Promise<Row[]> {
  return db.select().from(reportRows).where(and(eq(reportRows.companyId, companyId), eq(reportRows.kind, kind)))
    .orderBy(asc(reportRows.side), asc(reportRows.sort), asc(reportRows.id));
}

/** Subject codes a formula may name: the standard chart's and every code of the company's charts. */
async function knownCodes(db: Db, companyId: number): Promise<Set<string>> {
  const rows = await db.selectDistinct({ code: subjects.code }).from(subjects).where(eq(subjects.companyId, companyId));
  return new Set([...SMALL_ENTERPRISE_CHART.map((s) => s.code), ...rows.map((r) => r.code)]);
}

const problemKey = (p: FormulaError) => JSON.stringify(p);

function problemText(p: FormulaError, lang: Language): string {
  const { error, ...params } = p;
  return translate(`reportFormula.${error}`, lang, { ...params, at: 'at' in p ? p.at + 1 : '' } as Record<string, string | number>);
}

/**
 * Refuses a proposed set of rows when it has a formula problem the current rows did not have (an old
 * problem — a subject since deleted from the chart — does not block unrelated edits).
 */
async function assertDefinition(db: Db, companyId: number, kind: ReportKind, before: readonly Row[], after: ReadonlyArray<Pick<Row, 'id' | 'lineNo' | 'formula'>>, lang: Language): Promise<void> {
  const codes = await knownCodes(db, companyId);
  const has = (c: string) => codes.has(c);
  const old = checkDefinition(kind, before, has);
  const oldById = new Map(before.map((r, i) => [r.id, old.get(i)]));
  const now = checkDefinition(kind, after, has);
  for (const [index, problem] of now) {
    const was = oldById.get(after[index].id);
    if (was && problemKey(was) === problemKey(problem)) continue;
    throw new DomainError('REPORT_FORMULA_INVALID', { lineNo: after[index].lineNo ?? '—', detail: problemText(problem, lang) });
  }
}

/** The canonical text of a formula (checked again by assertDefinition). */
function canonical(formula: string): string {
  const p = parseFormula(formula);
  return p.ok ? formatFormula(p.terms) : formula;
}

function assertLineFree(rows: readonly Row[], lineNo: number | null, exceptId?: number) {
  if (lineNo !== null && rows.some((r) => r.lineNo === lineNo && r.id !== exceptId)) throw new DomainError('DATA_DUPLICATION');
}

export async function createReportRow(db: Db, body: ReportRowCreateBody, lang: Language): Promise<ReportRowDto> {
  return withTx(db, async (tx) => {
    const before = await lockRows(tx, body.companyId, body.kind);
    const side: ReportSide = body.kind === 'INCOME_STATEMENT' ? 'LEFT' : body.side ?? 'LEFT';
    assertLineFree(before, body.lineNo);
    const sameSide = before.filter((r) => r.side === side);
    const last = sameSide.reduce((m, r) => Math.max(m, r.sort), 0);
    const sort = body.sort !== undefined && body.sort <= last ? body.sort : last + 1;
    const formula = canonical(body.formula ?? '');
    await assertDefinition(tx, body.companyId, body.kind, before, [...before, { id: 0, lineNo: body.lineNo, formula }], lang);
    if (sort <= last) {
      await tx.update(reportRows).set({ sort: sql`${reportRows.sort} + 1` })
        .where(and(eq(reportRows.companyId, body.companyId), eq(reportRows.kind, body.kind), eq(reportRows.side, side), gte(reportRows.sort, sort)));
    }
    const [row] = await tx.insert(reportRows).values({
      companyId: body.companyId, kind: body.kind, side, sort, lineNo: body.lineNo, label: body.label, labelEn: body.labelEn ?? null,
      indent: body.indent ?? 0, bold: body.bold ?? false, formula,
    }).returning();
    return reportRowDto(row);
  });
}

async function lockRows(tx: Tx, companyId: number, kind: ReportKind): Promise<Row[]> {
  return tx.select().from(reportRows).where(and(eq(reportRows.companyId, companyId), eq(reportRows.kind, kind)))
    .orderBy(asc(reportRows.side), asc(reportRows.sort), asc(reportRows.id)).for('update');
}

export async function findReportRow(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(reportRows).where(eq(reportRows.id, id)).limit(1);
  return row;
}

export async function updateReportRow(db: Db, id: number, body: ReportRowUpdateBody, lang: Language): Promise<ReportRowDto> {
  return withTx(db, async (tx) => {
    const current = await findReportRow(tx, id);
    if (!current) throw new DomainError('NO_PERMISSION');
    const kind = current.kind as ReportKind;
    const before = await lockRows(tx, current.companyId, kind);
    const row = before.find((r) => r.id === id)!;
    assertVersion(row.version, body.version);
    const lineNo = body.lineNo === undefined ? row.lineNo : body.lineNo;
    if (row.role !== null && lineNo === null) throw new DomainError('REPORT_ROW_IN_USE', { rows: String(row.lineNo) });
    assertLineFree(before, lineNo, id);
    const formula = body.formula === undefined ? row.formula : canonical(body.formula);
    await assertDefinition(tx, current.companyId, kind, before, before.map((r) => (r.id === id ? { id, lineNo, formula } : r)), lang);
    const [saved] = await tx.update(reportRows).set({
      lineNo, formula,
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.labelEn !== undefined ? { labelEn: body.labelEn } : {}),
      ...(body.indent !== undefined ? { indent: body.indent } : {}),
      ...(body.bold !== undefined ? { bold: body.bold } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
      version: row.version + 1,
    }).where(eq(reportRows.id, id)).returning();
    return reportRowDto(saved);
  });
}

export async function deleteReportRow(db: Db, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const current = await findReportRow(tx, id);
    if (!current) throw new DomainError('NO_PERMISSION');
    const before = await lockRows(tx, current.companyId, current.kind as ReportKind);
    if (current.role !== null) throw new DomainError('REPORT_ROW_IN_USE', { rows: String(current.lineNo) });
    if (current.lineNo !== null) {
      const users = before.filter((r) => {
        const p = parseFormula(r.formula);
        return r.id !== id && p.ok && p.terms.some((t) => t.kind === 'row' && t.lineNo === current.lineNo);
      });
      if (users.length) throw new DomainError('REPORT_ROW_IN_USE', { rows: users.map((r) => r.lineNo ?? r.label).join(', ') });
    }
    await tx.delete(reportRows).where(eq(reportRows.id, id));
  });
}

/** Puts the standard layout back for one report of the company (its own rows are deleted). */
export async function resetReportRows(db: Db, companyId: number, kind: ReportKind): Promise<ReportRowDto[]> {
  return withTx(db, async (tx) => {
    await lockRows(tx, companyId, kind);
    await tx.delete(reportRows).where(and(eq(reportRows.companyId, companyId), eq(reportRows.kind, kind)));
    await seedReportDefinitions(tx, companyId, [kind]);
    return (await listReportRows(tx, companyId, kind)).map(reportRowDto);
  });
}
