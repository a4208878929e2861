import { describe, expect, it } from 'vitest';
import { projectKeyword } from './invoice-dialog';

describe('the invoice popup\'s project search', () => {
  const known = [{ id: 7, code: 'P2026012', name: 'Blue River IP licensing' }];
  it('does not search by the chosen project\'s own label (the text the select shows)', () => {
    expect(projectKeyword('P2026012 Blue River IP licensing', '7', known)).toBe('');
  });
  it('searches by what is typed', () => {
    expect(projectKeyword('P2025', '7', known)).toBe('P2025');
    expect(projectKeyword('Blue', null, known)).toBe('Blue');
    expect(projectKeyword('P2026012 Blue River IP licensing', null, known)).toBe('P2026012 Blue River IP licensing');
    expect(projectKeyword('', '7', known)).toBe('');
  });
});
