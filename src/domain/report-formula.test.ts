import { describe, expect, it } from 'vitest';
import { checkDefinition, evaluateDefinition, formatFormula, parseFormula, type FormulaFunction } from './report-formula';
import { STANDARD_LAYOUTS } from './report-layouts';
import { pairSides } from './report-layouts';
import { SMALL_ENTERPRISE_CHART } from './standard-chart';

describe('report formulas', () => {
  it('parses signed subject and row terms, spaces and case ignored', () => {
    const p = parseFormula(' d(1001) + D(1002)-c( 1602 ) - r15 +DP(1122)');
    expect(p).toEqual({ ok: true, terms: [
      { sign: 1, kind: 'subject', fn: 'D', code: '1001' },
      { sign: 1, kind: 'subject', fn: 'D', code: '1002' },
      { sign: -1, kind: 'subject', fn: 'C', code: '1602' },
      { sign: -1, kind: 'row', lineNo: 15 },
      { sign: 1, kind: 'subject', fn: 'DP', code: '1122' },
    ] });
    expect(p.ok && formatFormula(p.terms)).toBe('D(1001)+D(1002)-C(1602)-R15+DP(1122)');
    expect(parseFormula('-R3')).toEqual({ ok: true, terms: [{ sign: -1, kind: 'row', lineNo: 3 }] });
    expect(parseFormula('   ')).toEqual({ ok: true, terms: [] });
  });

  it('refuses malformed formulas with the position', () => {
    expect(parseFormula('D(1001) D(1002)')).toEqual({ ok: false, problem: { error: 'SYNTAX', at: 8 } });
    expect(parseFormula('D(1001')).toEqual({ ok: false, problem: { error: 'SYNTAX', at: 6 } });
    expect(parseFormula('D(x)')).toEqual({ ok: false, problem: { error: 'SYNTAX', at: 2 } });
    expect(parseFormula('R')).toEqual({ ok: false, problem: { error: 'SYNTAX', at: 1 } });
    expect(parseFormula('1001')).toEqual({ ok: false, problem: { error: 'SYNTAX', at: 0 } });
    expect(parseFormula('SUM(1001)')).toEqual({ ok: false, problem: { error: 'UNKNOWN_FUNCTION', at: 0, name: 'SUM' } });
    expect(parseFormula('D(1001)+')).toEqual({ ok: false, problem: { error: 'SYNTAX', at: 8 } });
    expect(parseFormula('x'.repeat(2001)).ok).toBe(false);
  });

  it('checks functions per report, subjects against the chart, rows and cycles', () => {
    const chart = new Set(['1001', '5001']);
    const has = (c: string) => chart.has(c);
    const problems = checkDefinition('BALANCE_SHEET', [
      { lineNo: 1, formula: 'D(1001)' },
      { lineNo: 2, formula: 'CR(5001)' },
      { lineNo: 3, formula: 'D(9999)' },
      { lineNo: 4, formula: 'R1+R77' },
      { lineNo: 5, formula: 'R6' },
      { lineNo: 6, formula: 'R5' },
      { lineNo: 7, formula: 'R1+R8' },
      { lineNo: 8, formula: 'R8' },
      { lineNo: null, formula: '' },
      { lineNo: 9, formula: 'R1+R1' },
    ], has);
    expect(problems.get(0)).toBeUndefined();
    expect(problems.get(1)).toEqual({ error: 'FUNCTION_NOT_FOR_REPORT', name: 'CR' });
    expect(problems.get(2)).toEqual({ error: 'UNKNOWN_SUBJECT', code: '9999' });
    expect(problems.get(3)).toEqual({ error: 'UNKNOWN_ROW', lineNo: 77 });
    expect([problems.get(4), problems.get(5)].filter(Boolean)).toEqual([{ error: 'CYCLE', lineNo: 5 }]);
    expect(problems.get(7)).toEqual({ error: 'CYCLE', lineNo: 8 });
    expect(problems.get(8)).toBeUndefined();
    expect(problems.get(9)).toBeUndefined();
    expect(checkDefinition('INCOME_STATEMENT', [{ lineNo: 1, formula: 'DP(1001)' }], has).get(0)).toEqual({ error: 'FUNCTION_NOT_FOR_REPORT', name: 'DP' });
  });

  it('evaluates rows in cents with forward and backward row references', () => {
    const figures: Record<string, number> = { 'D:1001': 150_00, 'D:1002': 1_000_000_01, 'C:1602': 33_33, 'D:1601': 500_00 };
    const figure = (fn: FormulaFunction, code: string) => figures[`${fn}:${code}`] ?? 0;
    const values = evaluateDefinition([
      { lineNo: 3, formula: 'R1+R2' },
      { lineNo: 1, formula: 'D(1001)+D(1002)' },
      { lineNo: 2, formula: 'D(1601)-C(1602)' },
      { lineNo: null, formula: '' },
      { lineNo: 4, formula: '-R3' },
      { lineNo: 5, formula: 'R6' },
      { lineNo: 6, formula: 'R5+D(1001)' },
    ], figure);
    expect(values.slice(0, 5)).toEqual([1_000_150_01 + 466_67, 1_000_150_01, 466_67, 0, -(1_000_150_01 + 466_67)]);
    // A cycle (refused when saved) evaluates without hanging.
    expect(values.slice(5).every(Number.isInteger)).toBe(true);
  });

  it('the standard layouts check clean against the standard chart and every balance sheet subject is used once', () => {
    const codes = new Set(SMALL_ENTERPRISE_CHART.map((s) => s.code));
    for (const kind of ['BALANCE_SHEET', 'INCOME_STATEMENT'] as const) {
      expect([...checkDefinition(kind, STANDARD_LAYOUTS[kind], (c) => codes.has(c))]).toEqual([]);
    }
    const bs = STANDARD_LAYOUTS.BALANCE_SHEET;
    expect(bs.filter((r) => r.lineNo !== null).map((r) => r.lineNo)).toEqual(Array.from({ length: 53 }, (_, i) => i + 1));
    expect(STANDARD_LAYOUTS.INCOME_STATEMENT.map((r) => r.lineNo)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    // With one cent in every balance sheet subject (debit side), assets = liabilities + equity only if each
    // asset-, liability- and equity-class subject appears exactly once (the detail 其中 rows excepted).
    const sheetCodes = SMALL_ENTERPRISE_CHART.filter((s) => s.code < '5').map((s) => s.code);
    for (const code of sheetCodes) {
      // Post 1 cent debit to the subject and 1 cent credit to 1001: the sheet must still balance.
      const bal = (c: string) => (c === code ? 1 : 0) - (c === '1001' ? 1 : 0);
      const figure = (fn: FormulaFunction, c: string) => (fn === 'D' ? bal(c) : fn === 'C' ? -bal(c) : fn === 'DP' ? Math.max(bal(c), 0) : Math.max(-bal(c), 0));
      const values = evaluateDefinition(bs, figure);
      const total = (role: string) => values[bs.findIndex((r) => r.role === role)];
      expect(total('ASSETS_TOTAL'), code).toBe(total('LIABILITIES_EQUITY_TOTAL'));
    }
  });

  it('pairs the two sides with the totals on one line', () => {
    expect(pairSides<number | string>([1, 2, 3, 4], ['a', 'b'])).toEqual([{ left: 1, right: 'a' }, { left: 2, right: undefined }, { left: 3, right: undefined }, { left: 4, right: 'b' }]);
    expect(pairSides<number | string>([1], ['a', 'b'])).toEqual([{ left: undefined, right: 'a' }, { left: 1, right: 'b' }]);
    expect(pairSides<string>([], ['a'])).toEqual([{ left: undefined, right: 'a' }]);
  });
});
