import { describe, expect, it } from 'vitest';
import { loadAllPages } from '../../api/all-pages';
import { loadPinyinInitials } from '../../../../grids/pinyin-initials';
import { capAnswer, employeeDisabledFilter, leafDepartments, leafRefusal, mergeChosen, recordOptionsFilter, remoteKeyword, searchSubjectsLocally, PICKER_SIZES, type RecordOption } from './picker-rules';

const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

describe('picker rules', () => {
  it('searches remotely only for a non-empty keyword', () => {
    expect(remoteKeyword('')).toBeNull();
    expect(remoteKeyword('   ')).toBeNull();
    expect(remoteKeyword(' Li ')).toBe('Li');
  });

  it('caps keyword results at 100 and cuts the page that reaches past it', () => {
    const a = capAnswer({ content: rows(91, 15), total: 250 }, { index: 6, size: 15, keyword: 'x' });
    expect(a.capped).toBe(true);
    expect(a.answer.total).toBe(100);
    expect(a.answer.content).toHaveLength(10);
    expect(capAnswer({ content: rows(106, 15), total: 250 }, { index: 7, size: 15, keyword: 'x' }).answer.content).toHaveLength(0);
  });

  it('does not cap without a keyword or within 100', () => {
    expect(capAnswer({ content: rows(1, 10), total: 250 }, { index: 0, size: 10, keyword: '' })).toEqual({ answer: { content: rows(1, 10), total: 250 }, capped: false });
    expect(capAnswer({ content: rows(1, 10), total: 100 }, { index: 0, size: 10, keyword: 'a' }).capped).toBe(false);
  });

  it('loads pages one after another until the total', async () => {
    const calls: number[] = [];
    const all = await loadAllPages(async (index, size) => {
      calls.push(index);
      return { content: rows(index * size + 1, Math.min(size, 7 - index * size)), total: 7 };
    }, 3);
    expect(calls).toEqual([0, 1, 2]);
    expect(all.content.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(all.total).toBe(7);
  });

  it('stops on an empty page even when the total promised more', async () => {
    let n = 0;
    const all = await loadAllPages(async () => (n++ === 0 ? { content: rows(1, 2), total: 10 } : { content: [], total: 10 }), 2);
    expect(n).toBe(2);
    expect(all.content).toHaveLength(2);
  });

  it('hides disabled employees unless showAll or hide-disabled is off', () => {
    expect(employeeDisabledFilter({})).toBe(false);
    expect(employeeDisabledFilter({ hideDisabled: true })).toBe(false);
    expect(employeeDisabledFilter({ hideDisabled: false })).toBeUndefined();
    expect(employeeDisabledFilter({ showAll: true })).toBeUndefined();
  });

  it('lists last-level departments only with their ancestor path', () => {
    const depts = [
      { id: 1, code: '01', name: 'Head office', parentId: null, leaf: false },
      { id: 3, code: '0102', name: 'Audit', parentId: 1, leaf: true },
      { id: 2, code: '0101', name: 'Finance', parentId: 1, leaf: false },
      { id: 4, code: '010101', name: 'Payables', parentId: 2, leaf: true },
      { id: 5, code: '02', name: 'Branch', parentId: null, leaf: true },
    ];
    expect(leafDepartments(depts).map((l) => [l.department.id, l.path])).toEqual([
      [4, 'Head office / Finance / Payables'],
      [3, 'Head office / Audit'],
      [5, 'Branch'],
    ]);
  });

  it('refuses non-leaf rows in leaf-only pickers', () => {
    expect(leafRefusal({ leaf: true })).toBeNull();
    expect(leafRefusal({ leaf: false })).toBe('notLeaf');
    expect(leafRefusal(null)).toBe('none');
  });

  it('adds ticked rows to the chosen ones without duplicates', () => {
    expect(mergeChosen([{ id: 2 }, { id: 1 }], [{ id: 1 }, { id: 3 }]).map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it('uses the spec popup sizes', () => {
    expect(PICKER_SIZES.employee).toEqual({ width: 1000, height: 700 });
    expect(PICKER_SIZES.employeeLarge).toEqual({ width: 1000, height: 800 });
    expect(PICKER_SIZES.employeeMulti).toEqual({ width: 1000, height: 600 });
    expect(PICKER_SIZES.subject).toEqual({ width: 1000, height: 700 });
    expect(PICKER_SIZES.customer).toEqual({ width: 1000, height: 800 });
    expect(PICKER_SIZES.budget).toEqual({ width: 850, height: 700 });
    expect(PICKER_SIZES.project).toEqual({ width: 960, height: 600 });
  });
});

describe('the subject picker\'s keyword search (as the voucher cell searches)', () => {
  const subjects = [
    { id: 1, code: '1001', name: '库存现金', nameEn: 'Cash on hand', abbr: null, kind: 'ASSETS', disabled: false },
    { id: 2, code: '1002', name: '银行存款', nameEn: 'Bank deposits', abbr: null, kind: 'ASSETS', disabled: false },
    { id: 3, code: '100201', name: '工商银行', nameEn: null, abbr: 'ICBC', kind: 'ASSETS', disabled: false },
    { id: 4, code: '6602', name: '管理费用', nameEn: 'Administrative expenses', abbr: null, kind: 'PROFIT', disabled: false },
    { id: 5, code: '660201', name: '办公费', nameEn: 'Office expenses', abbr: null, kind: 'PROFIT', disabled: true },
  ];
  const req = (keyword: string, more: Partial<{ index: number; size: number; sort: Record<string, 'asc' | 'desc'> }> = {}) => ({ index: 0, size: 10, keyword, ...more });
  const codes = (a: { content: { code: string }[] }) => a.content.map((s) => s.code);

  it('finds by pinyin initials, mnemonic and either language\'s name', async () => {
    const initials = await loadPinyinInitials();
    expect(initials).not.toBeNull();
    expect(codes(searchSubjectsLocally(subjects, {}, req('yhck'), 'zh_CN', initials))).toEqual(['1002']);
    expect(codes(searchSubjectsLocally(subjects, {}, req('gsyh'), 'en_US', initials))).toEqual(['100201']);
    expect(codes(searchSubjectsLocally(subjects, {}, req('icbc'), 'zh_CN', initials))).toEqual(['100201']);
    expect(codes(searchSubjectsLocally(subjects, {}, req('Administrative'), 'en_US', initials))).toEqual(['6602']);
    expect(codes(searchSubjectsLocally(subjects, {}, req('管理费用'), 'en_US', initials))).toEqual(['6602']);
    // Without pinyin (not loaded yet) the rest still works.
    expect(codes(searchSubjectsLocally(subjects, {}, req('yhck'), 'zh_CN', null))).toEqual([]);
    expect(codes(searchSubjectsLocally(subjects, {}, req('bank'), 'zh_CN', null))).toEqual(['1002']);
  });

  it('keeps the tree node and show-disabled filters, best matches first unless sorted by code, one page of the total', () => {
    expect(codes(searchSubjectsLocally(subjects, { kind: 'PROFIT' }, req('expenses'), 'en_US', null))).toEqual(['6602', '660201']);
    expect(codes(searchSubjectsLocally(subjects, { kind: 'PROFIT', disabled: false }, req('expenses'), 'en_US', null))).toEqual(['6602']);
    expect(codes(searchSubjectsLocally(subjects, { codePrefix: '1002' }, req('银行'), 'zh_CN', null))).toEqual(['1002', '100201']);
    // The exact code first, then codes starting with it.
    expect(codes(searchSubjectsLocally(subjects, {}, req('1002'), 'zh_CN', null))).toEqual(['1002', '100201']);
    expect(codes(searchSubjectsLocally(subjects, {}, req('1002', { sort: { code: 'desc' } }), 'zh_CN', null))).toEqual(['100201', '1002']);
    const page = searchSubjectsLocally(subjects, {}, req('1', { index: 1, size: 2 }), 'zh_CN', null);
    // Codes starting with 1, then one holding it ("660201 办公费" holds "1").
    expect(page.total).toBe(4);
    expect(codes(page)).toEqual(['100201', '660201']);
  });
});

describe('the searchable selects over master data', () => {
  const options: RecordOption[] = [
    { value: '1', label: 'E001 王伟', initials: 'ww' },
    { value: '2', label: 'E010 李芳静', initials: 'lfj' },
    { value: '3', label: 'E011 Lee Fang', initials: null },
  ];
  const shown = (search: string, limit = 100) => recordOptionsFilter({ options, search, limit }).map((o) => ('value' in o ? o.value : o.group));

  it('find a record by its label or by the start of its pinyin initials, as the server\'s keyword does', () => {
    expect(shown('lfj')).toEqual(['2']);
    expect(shown('LF')).toEqual(['2']);
    expect(shown('李芳')).toEqual(['2']);
    expect(shown('e01')).toEqual(['2', '3']);
    expect(shown('lee')).toEqual(['3']);
    expect(shown('fj')).toEqual([]);
    expect(shown('')).toEqual(['1', '2', '3']);
    expect(shown('', 2)).toEqual(['1', '2']);
  });
});
