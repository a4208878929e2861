import { describe, expect, it } from 'vitest';
import { bilingualOption, filterLookup, lookupRank, matchLookup, type LookupOption } from './lookup-match';

const opt = (code: string, name: string): LookupOption => ({ value: code || name, code, name });
const summaries = [opt('01', '提取备用金'), opt('02', '支付房租'), opt('03', '支付办公室房租'), opt('', '房租押金退回'), opt('10', '收到房租')];
const subjects = [opt('1001', '库存现金'), opt('1002', '银行存款'), opt('100201', '工行 1002 户'), opt('2202', '应付账款 1002')];

describe('filterLookup', () => {
  it('gives the whole list, up to the limit, for an empty query', () => {
    expect(filterLookup('  ', summaries, 3).map((o) => o.value)).toEqual(['01', '02', '03']);
  });

  it('ranks a name starting with the text before names holding it, keeping the list order within a rank', () => {
    expect(filterLookup('房租', summaries, 10).map((o) => o.name)).toEqual(['房租押金退回', '支付房租', '支付办公室房租', '收到房租']);
  });

  it('ranks the exact code, then codes starting with the text, before names holding it', () => {
    expect(filterLookup('1002', subjects, 10).map((o) => o.code)).toEqual(['1002', '100201', '2202']);
    expect(filterLookup('10', subjects, 10).map((o) => o.code)).toEqual(['1001', '1002', '100201', '2202']);
  });

  it('finds a query across code and name, and nothing for a text nowhere', () => {
    expect(filterLookup('1001 库存', subjects, 10).map((o) => o.code)).toEqual(['1001']);
    expect(filterLookup('差旅', summaries, 10)).toEqual([]);
  });

  it('keeps the limit after ranking (the best ones stay)', () => {
    expect(filterLookup('房租', summaries, 1).map((o) => o.name)).toEqual(['房租押金退回']);
  });
});

describe('matchLookup', () => {
  it('takes an exact code, an exact name or a single candidate; several are ambiguous', () => {
    expect(matchLookup('1002', subjects)).toEqual({ ok: true, value: '1002' });
    expect(matchLookup('库存现金', subjects)).toEqual({ ok: true, value: '1001' });
    expect(matchLookup('银行', subjects)).toEqual({ ok: true, value: '1002' });
    expect(matchLookup('100', subjects)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(matchLookup('9999', subjects)).toEqual({ ok: false, reason: 'notFound' });
  });
});

describe('one matcher for the cell and the pickers: either language and pinyin initials', () => {
  const named = [
    { value: '1', code: '1001', name: '库存现金', nameEn: 'Cash on hand', initials: 'kcxj' },
    { value: '2', code: '1002', name: '银行存款', nameEn: 'Bank deposits', initials: 'yhck', abbr: 'BANK' },
    { value: '3', code: '6602', name: '管理费用', nameEn: 'Administrative expenses', initials: 'glfy' },
    { value: '4', code: '6603', name: '财务费用', nameEn: '  ', initials: 'cwfy' },
  ];
  const en = named.map((s) => bilingualOption(s, 'en_US'));
  const zh = named.map((s) => bilingualOption(s, 'zh_CN'));

  it('names an option in the reader\'s language and keeps the other name, the initials and the mnemonic to find it by', () => {
    expect(en[2]).toEqual({ value: '3', code: '6602', name: 'Administrative expenses', aliases: ['管理费用'], initials: ['glfy'] });
    expect(zh[1]).toEqual({ value: '2', code: '1002', name: '银行存款', aliases: ['Bank deposits'], initials: ['yhck', 'bank'] });
    // A blank English name: the Chinese one shows, no alias.
    expect(en[3]).toEqual({ value: '4', code: '6603', name: '财务费用', initials: ['cwfy'] });
  });

  it('finds by pinyin initials and mnemonic (their start) and by either name, in both languages', () => {
    expect(filterLookup('yhck', zh, 10).map((o) => o.code)).toEqual(['1002']);
    expect(filterLookup('yhck', en, 10).map((o) => o.code)).toEqual(['1002']);
    expect(filterLookup('bank', zh, 10).map((o) => o.code)).toEqual(['1002']);
    expect(filterLookup('Administrative', en, 10).map((o) => o.name)).toEqual(['Administrative expenses']);
    expect(filterLookup('administrative', zh, 10).map((o) => o.name)).toEqual(['管理费用']);
    expect(filterLookup('费用', en, 10).map((o) => o.code)).toEqual(['6602', '6603']);
    expect(filterLookup('6602 admin', en, 10).map((o) => o.code)).toEqual(['6602']);
  });

  it('ranks code, exact name, code prefix, initials, then names starting with or holding the text', () => {
    const o = zh[1];
    expect(lookupRank('1002', o)).toBe(0);
    expect(lookupRank('bank deposits', o)).toBe(1);
    expect(lookupRank('10', o)).toBe(2);
    expect(lookupRank('yhck', o)).toBe(3);
    expect(lookupRank('yh', o)).toBe(4);
    expect(lookupRank('银行', o)).toBe(5);
    expect(lookupRank('存款', o)).toBe(6);
    expect(lookupRank('hck', o)).toBeNull();
  });

  it('resolves typed text by either name or by whole initials; initials shared by two are ambiguous', () => {
    expect(matchLookup('yhck', en)).toEqual({ ok: true, value: '2' });
    expect(matchLookup('银行存款', en)).toEqual({ ok: true, value: '2' });
    expect(matchLookup('Cash on hand', zh)).toEqual({ ok: true, value: '1' });
    expect(matchLookup('1001 cash on hand', zh)).toEqual({ ok: true, value: '1' });
    const twins = [...zh, { value: '5', code: '6604', name: '广力飞扬', initials: ['glfy'] }];
    expect(matchLookup('glfy', twins)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(matchLookup('qqqq', zh)).toEqual({ ok: false, reason: 'notFound' });
  });

  it('resolves the start of initials that only one option\'s initials start with (a client typed as bjkj)', () => {
    const clients = [
      { value: '31', code: 'C0001', name: '北京科技有限公司', initials: ['bjkjyxgs'] },
      { value: '32', code: 'C0002', name: '北京贸易有限公司', initials: ['bjmyyxgs'] },
    ];
    expect(matchLookup('bjkj', clients)).toEqual({ ok: true, value: '31' });
    expect(matchLookup('BJMY', clients)).toEqual({ ok: true, value: '32' });
    expect(matchLookup('bj', clients)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(matchLookup('kj', clients)).toEqual({ ok: false, reason: 'notFound' });
    // Whole initials still win over another option's longer ones that start with them.
    expect(matchLookup('glfy', [...zh, { value: '5', code: '6605', name: '高龄福阳', initials: ['glfyx'] }])).toEqual({ ok: true, value: '3' });
  });
});
