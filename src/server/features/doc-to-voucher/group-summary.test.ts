/**
 * The summary of a grouped voucher's line standing for several documents: its words come from
 * locales/<lang>/docToVoucher.json (groupSummary) through localeWords, never from the code.
 */
import { describe, expect, it } from 'vitest';
import zh from '../../../../locales/zh_CN/docToVoucher.json' with { type: 'json' };
import en from '../../../../locales/en_US/docToVoucher.json' with { type: 'json' };
import { groupSummary } from './service';

describe('groupSummary', () => {
  it('names how many documents and their span, lowest to highest code, in the requester\'s language', () => {
    const labels = ['202609-0005', '202609-0001', '202609-0003'];
    expect(groupSummary('EXPENSE', labels, 'zh_CN')).toBe('报销 3 张 202609-0001–202609-0005');
    expect(groupSummary('EXPENSE', labels, 'en_US')).toBe('3 reimbursements 202609-0001–202609-0005');
    expect(groupSummary('JOURNAL', ['12', '9', '10'], 'zh_CN')).toBe('日记账 3 笔 9–12');
    expect(groupSummary('JOURNAL', ['12', '9', '10'], 'en_US')).toBe('3 journal lines 9–12');
  });

  it('takes the singular of the language for one document', () => {
    expect(groupSummary('EXPENSE', ['202609-0001'], 'en_US')).toBe('1 reimbursement 202609-0001');
    expect(groupSummary('JOURNAL', ['7'], 'en_US')).toBe('1 journal line 7');
    expect(groupSummary('EXPENSE', ['202609-0001'], 'zh_CN')).toBe('报销 1 张 202609-0001');
  });

  it('has the same plural keys in both locale files', () => {
    expect(Object.keys(en.groupSummary).sort()).toEqual(Object.keys(zh.groupSummary).sort());
    expect(Object.keys(zh.groupSummary).sort()).toEqual(['EXPENSE_one', 'EXPENSE_other', 'JOURNAL_one', 'JOURNAL_other']);
  });

  it('writes whatever the locale file says (reworded words reword the summary)', () => {
    const words = { EXPENSE_one: 'R1 {{span}}', EXPENSE_other: 'claims×{{count}}: {{span}}', JOURNAL_one: 'J1 {{span}}', JOURNAL_other: 'lines×{{count}}: {{span}}' };
    expect(groupSummary('EXPENSE', ['202609-0002', '202609-0001'], 'en_US', words)).toBe('claims×2: 202609-0001–202609-0002');
    expect(groupSummary('JOURNAL', ['3', '4'], 'zh_CN', words)).toBe('lines×2: 3–4');
    expect(groupSummary('EXPENSE', ['202609-0001'], 'en_US', words)).toBe('R1 202609-0001');
    // The default words are the locale files' (no second copy in the code).
    expect(groupSummary('EXPENSE', ['1', '2'], 'en_US')).toBe(groupSummary('EXPENSE', ['1', '2'], 'en_US', en.groupSummary));
    expect(groupSummary('JOURNAL', ['1'], 'zh_CN')).toBe(groupSummary('JOURNAL', ['1'], 'zh_CN', zh.groupSummary));
  });

  it('cuts a long span to the summary length', () => {
    const s = groupSummary('EXPENSE', ['x'.repeat(40), 'y'.repeat(40)], 'en_US');
    expect(s.length).toBe(50);
    expect(s.endsWith('…')).toBe(true);
  });
});
