import { describe, expect, it } from 'vitest';
import { projectAmountCents, cardRows, projectProblem, visibleLeader } from './clients';

describe('client and project rules', () => {
  it('shows every row to admins and view-all holders, own rows to others, none without an employee', () => {
    expect(visibleLeader({ isAdmin: true, viewAll: false, employeeId: null })).toBeNull();
    expect(visibleLeader({ isAdmin: false, viewAll: true, employeeId: 3 })).toBeNull();
    expect(visibleLeader({ isAdmin: false, viewAll: false, employeeId: 3 })).toBe(3);
    expect(visibleLeader({ isAdmin: false, viewAll: false, employeeId: null })).toBe('none');
  });
  it('reads the typed amount as text into cents, never through float arithmetic', () => {
    expect(projectAmountCents(12.34)).toBe(1234);
    expect(projectAmountCents('1,234.5')).toBe(123450);
    // A comma that groups no three digits is a typo or a decimal comma: refused, never 125.00 or 123,456.00.
    for (const typo of ['12,5', '1 234,56', '1,23,4.5']) expect(projectAmountCents(typo)).toBeNaN();
    expect(projectAmountCents('0.29')).toBe(29);
    expect(projectAmountCents(1.1)).toBe(110);
    expect(projectAmountCents('')).toBe(0);
    expect(projectAmountCents('21000000')).toBe(2_100_000_000);
    expect(projectAmountCents('1.005')).toBeNaN();
    expect(projectAmountCents('abc')).toBeNaN();
  });
  it('asks for a client first, then a principal', () => {
    expect(projectProblem({ clientIds: [], principalIds: [] })).toBe('PROJECT_CLIENT_REQUIRED');
    expect(projectProblem({ clientIds: [1], principalIds: [] })).toBe('PROJECT_PRINCIPAL_REQUIRED');
    expect(projectProblem({ clientIds: [1], principalIds: [2] })).toBeNull();
  });
  it('cards show five rows until expanded', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7];
    expect(cardRows(rows, false)).toEqual([1, 2, 3, 4, 5]);
    expect(cardRows(rows, true)).toEqual(rows);
  });
});
