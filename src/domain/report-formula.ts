/**
 * Report definitions' formulas (资产负债表 / 利润表 rows as data, decision 033): a row's figure is a
 * sum of signed terms over subject balances and other rows.
 *
 *   D(1001)   the subject's (and its subtree's) balance, debit positive (借方余额; a credit balance counts negative)
 *   C(2001)   the same, credit positive
 *   DP(1122)  the debit balances of the leaf subjects under 1122 only (应收账款 takes the customers who owe)
 *   CP(1122)  the credit balances of the leaf subjects under 1122 only (they go to 预收账款)
 *   DR(5601)  debit movement (借方发生额) — income statement
 *   CR(5001)  credit movement (贷方发生额) — income statement
 *   R15       row 15 of the same report (行次), e.g. 流动资产合计 = R1+R2+…
 *
 * Terms are joined with + and -; a leading + is optional; spaces are ignored. Which balance or
 * movement a function reads comes from the column: 期末余额 / 年初余额 on the balance sheet (D, C,
 * DP, CP), 本月金额 / 本年累计金额 on the income statement (D, C as net movements, DR, CR).
 * Pure: parsing, checking against a chart and evaluating with figures the caller supplies.
 */

export const reportKinds = ['BALANCE_SHEET', 'INCOME_STATEMENT'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const formulaFunctions = ['D', 'C', 'DP', 'CP', 'DR', 'CR'] as const;
export type FormulaFunction = (typeof formulaFunctions)[number];

/** The functions each report kind reads. */
export const functionsOf: Record<ReportKind, readonly FormulaFunction[]> = {
  BALANCE_SHEET: ['D', 'C', 'DP', 'CP'],
  INCOME_STATEMENT: ['D', 'C', 'DR', 'CR'],
};

export type FormulaTerm =
  | { sign: 1 | -1; kind: 'subject'; fn: FormulaFunction; code: string }
  | { sign: 1 | -1; kind: 'row'; lineNo: number };

export type FormulaError =
  | { error: 'SYNTAX'; at: number }
  | { error: 'UNKNOWN_FUNCTION'; at: number; name: string }
  | { error: 'FUNCTION_NOT_FOR_REPORT'; name: string }
  | { error: 'UNKNOWN_SUBJECT'; code: string }
  | { error: 'UNKNOWN_ROW'; lineNo: number }
  | { error: 'CYCLE'; lineNo: number };

export type ParseResult = { ok: true; terms: FormulaTerm[] } | { ok: false; problem: FormulaError };

const MAX_LENGTH = 2000;

/** Parses a formula; an empty (or blank) formula is no terms (a heading or a row left to be filled). */
export function parseFormula(text: string): ParseResult {
  if (text.length > MAX_LENGTH) return { ok: false, problem: { error: 'SYNTAX', at: MAX_LENGTH } };
  const terms: FormulaTerm[] = [];
  let i = 0;
  const skip = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  skip();
  if (i === text.length) return { ok: true, terms };
  let first = true;
  while (i < text.length) {
    let sign: 1 | -1 = 1;
    if (text[i] === '+' || text[i] === '-') {
      sign = text[i] === '-' ? -1 : 1;
      i++;
      skip();
    } else if (!first) {
      return { ok: false, problem: { error: 'SYNTAX', at: i } };
    }
    first = false;
    const word = /^[A-Za-z]+/.exec(text.slice(i));
    if (!word) return { ok: false, problem: { error: 'SYNTAX', at: i } };
    const name = word[0].toUpperCase();
    const at = i;
    i += word[0].length;
    if (name === 'R') {
      const n = /^\d{1,4}/.exec(text.slice(i));
      if (!n) return { ok: false, problem: { error: 'SYNTAX', at: i } };
      i += n[0].length;
      terms.push({ sign, kind: 'row', lineNo: Number(n[0]) });
    } else {
      if (!(formulaFunctions as readonly string[]).includes(name)) return { ok: false, problem: { error: 'UNKNOWN_FUNCTION', at, name: word[0] } };
      skip();
      if (text[i] !== '(') return { ok: false, problem: { error: 'SYNTAX', at: i } };
      i++;
      skip();
      const code = /^\d{1,40}/.exec(text.slice(i));
      if (!code) return { ok: false, problem: { error: 'SYNTAX', at: i } };
      i += code[0].length;
      skip();
      if (text[i] !== ')') return { ok: false, problem: { error: 'SYNTAX', at: i } };
      i++;
      terms.push({ sign, kind: 'subject', fn: name as FormulaFunction, code: code[0] });
    }
    skip();
  }
  return { ok: true, terms };
}

/** The canonical text of parsed terms (what is stored: `D(1001)+D(1002)-R3`). */
export function formatFormula(terms: readonly FormulaTerm[]): string {
  return terms.map((t, i) => {
    const body = t.kind === 'row' ? `R${t.lineNo}` : `${t.fn}(${t.code})`;
    return t.sign < 0 ? `-${body}` : i === 0 ? body : `+${body}`;
  }).join('');
}

export interface DefinitionRow {
  /** 行次; rows without one (section headings) cannot be referred to. */
  lineNo: number | null;
  formula: string;
}

/**
 * Checks every row of one report: formulas parse, use the report's functions, name subjects of the
 * chart and rows that exist, and rows do not refer to themselves through other rows. Answers the
 * first problem per row index (absent: the row is fine).
 */
export function checkDefinition(kind: ReportKind, rows: readonly DefinitionRow[], hasSubject: (code: string) => boolean): Map<number, FormulaError> {
  const problems = new Map<number, FormulaError>();
  const parsed = rows.map((r) => parseFormula(r.formula));
  const lineNos = new Set(rows.flatMap((r) => (r.lineNo === null ? [] : [r.lineNo])));
  parsed.forEach((p, index) => {
    if (!p.ok) {
      problems.set(index, p.problem);
      return;
    }
    for (const t of p.terms) {
      if (t.kind === 'subject' && !functionsOf[kind].includes(t.fn)) return void problems.set(index, { error: 'FUNCTION_NOT_FOR_REPORT', name: t.fn });
      if (t.kind === 'subject' && !hasSubject(t.code)) return void problems.set(index, { error: 'UNKNOWN_SUBJECT', code: t.code });
      if (t.kind === 'row' && !lineNos.has(t.lineNo)) return void problems.set(index, { error: 'UNKNOWN_ROW', lineNo: t.lineNo });
    }
  });
  // Cycles: a depth-first walk over row references.
  const byLine = new Map<number, number>();
  rows.forEach((r, index) => {
    if (r.lineNo !== null) byLine.set(r.lineNo, index);
  });
  const state = new Map<number, 'open' | 'done'>();
  const visit = (index: number): number | null => {
    if (state.get(index) === 'done') return null;
    if (state.get(index) === 'open') return index;
    state.set(index, 'open');
    const p = parsed[index];
    if (p.ok) {
      for (const t of p.terms) {
        if (t.kind !== 'row') continue;
        const next = byLine.get(t.lineNo);
        if (next === undefined) continue;
        const hit = visit(next);
        if (hit !== null) return hit;
      }
    }
    state.set(index, 'done');
    return null;
  };
  rows.forEach((r, index) => {
    if (problems.has(index) || state.get(index) === 'done') return;
    const hit = visit(index);
    if (hit !== null && !problems.has(hit)) problems.set(hit, { error: 'CYCLE', lineNo: rows[hit].lineNo ?? 0 });
    // A cycle leaves rows 'open': settle them so other rows are still checked.
    for (const [k, v] of state) if (v === 'open') state.set(k, 'done');
  });
  return problems;
}

/** What a subject term reads for one column: cents, for a code of the chart. */
export type SubjectFigure = (fn: FormulaFunction, code: string) => number;

/**
 * Evaluates every row of one report for one column; rows are answered by index. Integer cents in,
 * integer cents out (sums only). Unparsable rows and references that cannot be resolved (a cycle,
 * a missing row) count as 0 — definitions are checked when saved, so this only guards old data.
 */
export function evaluateDefinition(rows: readonly DefinitionRow[], figure: SubjectFigure): number[] {
  const parsed = rows.map((r) => parseFormula(r.formula));
  const byLine = new Map<number, number>();
  rows.forEach((r, index) => {
    if (r.lineNo !== null && !byLine.has(r.lineNo)) byLine.set(r.lineNo, index);
  });
  const values: Array<number | undefined> = rows.map(() => undefined);
  const open = new Set<number>();
  const value = (index: number): number => {
    const known = values[index];
    if (known !== undefined) return known;
    if (open.has(index)) return 0;
    open.add(index);
    const p = parsed[index];
    let sum = 0;
    if (p.ok) {
      for (const t of p.terms) {
        if (t.kind === 'subject') sum += t.sign * figure(t.fn, t.code);
        else {
          const ref = byLine.get(t.lineNo);
          sum += ref === undefined ? 0 : t.sign * value(ref);
        }
      }
    }
    open.delete(index);
    values[index] = sum;
    return sum;
  };
  return rows.map((_, index) => value(index));
}
