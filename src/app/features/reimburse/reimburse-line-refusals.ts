/**
 * Which line and cell a refused save of a reimbursement is about: the server names the lines it
 * refuses in `appendix.lines` ({index, row, kind, …}: the index in the lines sent, which are the
 * sheet's rows, blank ones included), with the same problems the editor checks itself (domain
 * `checkLines`). Every named line is mapped here, whatever the result code, so the refused cell is
 * flagged and takes the caret (a kind disabled meanwhile, a number reimbursed meanwhile…); the
 * flag stays while the cell keeps the value the server refused.
 */
import type { ReimburseRow } from '../../../../grids/reimburse.columns';
import { lineProblemField, type LineProblem, type RequiredLineField } from '../../../domain/reimbursement';

/** A line the server refused: the row (by id), the refused cell and the value it held. */
export interface ServerLineRefusal {
  rowId: string;
  field: RequiredLineField;
  value: ReimburseRow[RequiredLineField];
  problem: LineProblem;
}

const PROBLEM_KINDS: ReadonlySet<string> = new Set<LineProblem['kind']>(['incomplete', 'duplicate', 'amountTooLarge', 'kindDisabled', 'issueAfterMark']);

function problemOf(x: unknown): LineProblem | null {
  if (typeof x !== 'object' || x === null) return null;
  const p = x as { index?: unknown; kind?: unknown; fields?: unknown };
  if (typeof p.index !== 'number' || !Number.isInteger(p.index) || typeof p.kind !== 'string' || !PROBLEM_KINDS.has(p.kind)) return null;
  if (p.kind === 'incomplete' && !(Array.isArray(p.fields) && p.fields.length > 0)) return null;
  return x as LineProblem;
}

/**
 * The lines a refusal names, as cells of the rows that were sent (`sent`: the sheet's rows at the
 * save, in the order sent), in line order. An answer naming no line (or lines the sheet no longer
 * has) gives none.
 */
export function serverLineRefusals(appendix: unknown, sent: readonly ReimburseRow[]): ServerLineRefusal[] {
  const lines = (appendix as { lines?: unknown } | null | undefined)?.lines;
  if (!Array.isArray(lines)) return [];
  const out: ServerLineRefusal[] = [];
  for (const x of lines) {
    const problem = problemOf(x);
    const row = problem ? sent[problem.index] : undefined;
    if (!problem || !row) continue;
    const field = lineProblemField(problem);
    out.push({ rowId: row.id, field, value: row[field], problem });
  }
  return out.sort((a, b) => a.problem.index - b.problem.index);
}

/** The refusals still standing: the row is there and its cell still holds the refused value. */
export function standingLineRefusals(refusals: readonly ServerLineRefusal[], rows: readonly ReimburseRow[]): ServerLineRefusal[] {
  if (!refusals.length) return [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return refusals.filter((r) => {
    const row = byId.get(r.rowId);
    return row !== undefined && row[r.field] === r.value;
  });
}
