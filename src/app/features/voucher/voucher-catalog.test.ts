import { describe, expect, it } from 'vitest';
import { filterLookup } from '../../../../grids/lookup-match';
import { createVoucherCatalog, type CatalogSubject } from './voucher-catalog';

const subjects: CatalogSubject[] = [
  { id: 12, code: '1002', name: '银行存款', nameEn: 'Bank deposits', abbr: null, initials: 'yhck', auxTypeIds: [] },
  { id: 11, code: '1001', name: '库存现金', nameEn: 'Cash on hand', abbr: 'XJ', initials: 'kcxj', auxTypeIds: [] },
  { id: 14, code: '6602', name: '管理费用', nameEn: 'Administrative expenses', abbr: null, initials: 'glfy', auxTypeIds: [1] },
];

describe('the subject options the F7 picker gets (the cell\'s own search)', () => {
  it('lists every subject in code order, named in the reader\'s language', () => {
    const en = createVoucherCatalog(subjects, {}, { language: 'en_US' });
    expect(en.subjectOptions.map((o) => `${o.code} ${o.name}`)).toEqual(['1001 Cash on hand', '1002 Bank deposits', '6602 Administrative expenses']);
    const zh = createVoucherCatalog(subjects, {}, { language: 'zh_CN' });
    expect(zh.subjectOptions.map((o) => o.name)).toEqual(['库存现金', '银行存款', '管理费用']);
  });

  it('a picker searching them finds what the cell finds: initials, mnemonic, either name', () => {
    for (const language of ['zh_CN', 'en_US']) {
      const catalog = createVoucherCatalog(subjects, {}, { language });
      const picker = (q: string) => filterLookup(q, catalog.subjectOptions, 100).map((o) => o.value);
      for (const q of ['yhck', 'xj', 'Administrative', '管理', '100', 'cash']) {
        expect(picker(q), `${language} ${q}`).toEqual(catalog.searchSubjects(q).map((o) => o.value));
        expect(picker(q).length, `${language} ${q}`).toBeGreaterThan(0);
      }
      expect(catalog.resolveSubject('yhck')).toEqual({ ok: true, value: '12' });
      expect(catalog.resolveSubject('xj')).toEqual({ ok: true, value: '11' });
    }
  });
});

describe('auxiliary values typed by the pinyin initials the server keeps', () => {
  const aux = {
    1: [
      { id: 1, code: '02', name: '管理部', initials: 'glb' },
      { id: 7, code: '0202', name: '行政组', path: ['管理部'], initials: 'xzz' },
    ],
    3: [
      { id: 31, code: 'C0001', name: '北京科技有限公司', initials: 'bjkjyxgs' },
      { id: 32, code: 'C0002', name: '北京贸易有限公司', initials: 'bjmyyxgs' },
      { id: 33, code: 'C0003', name: 'Blue River Ltd', initials: null },
    ],
  };
  const catalog = createVoucherCatalog([...subjects, { id: 15, code: '1122', name: '应收账款', abbr: null, initials: 'yszk', auxTypeIds: [3] }], aux);

  it('a cell resolves a value by its initials (a department by its own name\'s, not its path\'s)', () => {
    expect(catalog.resolveAux('15', 'bjkjyxgs')).toEqual({ ok: true, value: '3:31' });
    expect(catalog.resolveAux('14', 'xzz')).toEqual({ ok: true, value: '1:7' });
    // The start of one value's initials takes it; a start shared by two is for the picker to settle.
    expect(catalog.resolveAux('15', 'bjkj')).toEqual({ ok: true, value: '3:31' });
    expect(catalog.resolveAux('15', 'bj')).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it('the aux picker finds by their start, as the server\'s keyword does', () => {
    expect(filterLookup('bj', catalog.auxOptions(3), 10).map((o) => o.value)).toEqual(['31', '32']);
    expect(filterLookup('bjmy', catalog.auxOptions(3), 10).map((o) => o.value)).toEqual(['32']);
    expect(catalog.auxOptions(3)[2].initials).toBeUndefined();
  });
});
