import { describe, expect, it } from 'vitest';
import { filterLookup, matchLookup, type LookupOption } from './lookup-match';

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
