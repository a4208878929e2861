import { describe, expect, it } from 'vitest';
import type { SubjectDto } from '../../../contract/subject';
import { buildSubjectTree, filterOfNode } from './subject-tree';

const s = (id: number, code: string, parentId: number | null, leaf: boolean, kind: SubjectDto['kind'] = 'ASSET'): SubjectDto => ({
  id, code, parentId, leaf, kind, accountYearId: 1, name: `n${code}`, nameEn: null, abbr: null, direction: true, level: code.length === 4 ? 1 : 2, disabled: false, beCash: false, auxTypeIds: [], version: 0,
});

describe('subject tree', () => {
  const subjects = [s(1, '1001', null, true), s(2, '1002', null, false), s(3, '100201', 2, false), s(4, '10020101', 3, true), s(5, '2202', null, false, 'DEBT'), s(6, '220201', 5, true, 'DEBT')];

  it('nests parents under root all and their kind; leaves stay in the list', () => {
    const [root] = buildSubjectTree(subjects, { all: 'All', kind: (k) => k, language: 'zh_CN' });
    expect(root.value).toBe('all');
    expect(root.children!.map((c) => c.value)).toEqual(['kind:ASSET', 'kind:DEBT', 'kind:INTEREST', 'kind:COST', 'kind:PROFIT']);
    expect(root.children![0].children).toEqual([{ value: 's:2', label: '1002 n1002', children: [{ value: 's:3', label: '100201 n100201' }] }]);
    expect(root.children![1].children!.map((c) => c.value)).toEqual(['s:5']);
    expect(root.children![2].children).toBeUndefined();
  });

  it("names the subjects in the reader's language: the English name when set, else the Chinese one", () => {
    const named = subjects.map((x) => (x.code === '1002' ? { ...x, nameEn: 'Bank deposits' } : x));
    const asset = (language: string) => buildSubjectTree(named, { all: 'All', kind: (k) => k, language })[0]!.children![0]!.children!;
    expect(asset('en_US')).toEqual([{ value: 's:2', label: '1002 Bank deposits', children: [{ value: 's:3', label: '100201 n100201' }] }]);
    expect(asset('zh_CN')[0]!.label).toBe('1002 n1002');
  });

  it('filters the list by kind or by subtree', () => {
    expect(filterOfNode('all', subjects)).toEqual({});
    expect(filterOfNode('kind:DEBT', subjects)).toEqual({ kind: 'DEBT' });
    expect(filterOfNode('s:3', subjects)).toEqual({ codePrefix: '100201' });
    expect(filterOfNode('s:99', subjects)).toEqual({});
  });
});
