import { describe, expect, it } from 'vitest';
import { amountToCents, cardRows, projectProblem, visibleLeader } from './clients';

describe('client and project rules', () => {
  it('shows every row to admins and view-all holders, own rows to others, none without an employee', () => {
    expect(visibleLeader({ isAdmin: true, viewAll: false, employeeId: null })).toBeNull();
    expect(visibleLeader({ isAdmin: false, viewAll: true, employeeId: 3 })).toBeNull();
    expect(visibleLeader({ isAdmin: false, viewAll: false, employeeId: 3 })).toBe(3);
    expect(visibleLeader({ isAdmin: false, viewAll: false, employeeId: null })).toBe('none');
  });
  it('saves the amount as value × 100 rounded', () => {
    expect(amountToCents(12.34)).toBe(1234);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents(1.005)).toBe(100);
    expect(amountToCents(21_000_000)).toBe(2_100_000_000);
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
