import { describe, expect, it } from 'vitest';
import type { ReimburseHeader } from './reimburse-editor-state';
import { firstRefusedField, headerFieldOf, headerRuleBreaks, refusedHeaderFields, serverHeaderRefusal } from './reimburse-header-refusals';

const header = (p: Partial<ReimburseHeader> = {}): ReimburseHeader => ({ markAt: '2026-11-05', submitAt: '', submitterId: 7, submitter: { id: 7, code: 'E07', name: 'Li Lei' }, payAt: '', payAmount: '', ...p });
const message = (rule: string) => `msg:${rule}`;

describe('the header field a refusal concerns', () => {
  it('maps the editor rules and the server codes of header fields; anything else concerns no field', () => {
    expect(headerFieldOf('reimburse:rules.markAt')).toBe('markAt');
    expect(headerFieldOf('reimburse:rules.payAmount')).toBe('payAmount');
    expect(headerFieldOf('REIMBURSE_SUBMITTER_DISABLED')).toBe('submitterId');
    expect(headerFieldOf('REIMBURSE_CODE_EXHAUSTED')).toBe('markAt');
    expect(headerFieldOf('REIMBURSE_MARK_DATE_OUT_OF_RANGE')).toBe('markAt');
    for (const lineOrOther of ['REIMBURSE_INVOICE_DUPLICATE', 'REIMBURSE_LINE_INCOMPLETE', 'REIMBURSE_NO_VALID_DATA', 'NO_PERMISSION', 'STALE_DATA', 'NETWORK']) expect(headerFieldOf(lineOrOther)).toBeNull();
  });
});

describe('the editor header rules', () => {
  it('refuses a missing or malformed mark date and a pay amount that is not 0 to the maximum cost, in reading order', () => {
    expect(headerRuleBreaks(header())).toEqual([]);
    expect(headerRuleBreaks(header({ payAmount: '21,000,000.00' }))).toEqual([]);
    expect(headerRuleBreaks(header({ markAt: '' }))).toEqual(['reimburse:rules.markAt']);
    expect(headerRuleBreaks(header({ payAmount: '21000000.01' }))).toEqual(['reimburse:rules.payAmount']);
    expect(headerRuleBreaks(header({ payAmount: '1.2.3' }))).toEqual(['reimburse:rules.payAmount']);
    expect(headerRuleBreaks(header({ payAmount: '99999999', markAt: '2026-11' }))).toEqual(['reimburse:rules.markAt', 'reimburse:rules.payAmount']);
  });
});

describe('the refused header fields', () => {
  it('shows broken rules only once a save was tried, and each only while it is broken', () => {
    const bad = header({ markAt: '', payAmount: '99999999' });
    expect(refusedHeaderFields(bad, { saveTried: false, server: null, message })).toEqual({});
    const refused = refusedHeaderFields(bad, { saveTried: true, server: null, message });
    expect(refused).toEqual({ markAt: 'msg:reimburse:rules.markAt', payAmount: 'msg:reimburse:rules.payAmount' });
    expect(firstRefusedField(refused)).toBe('markAt');
    const dateFixed = refusedHeaderFields({ ...bad, markAt: '2026-11-06' }, { saveTried: true, server: null, message });
    expect(dateFixed).toEqual({ payAmount: 'msg:reimburse:rules.payAmount' });
    expect(firstRefusedField(dateFixed)).toBe('payAmount');
    expect(firstRefusedField(refusedHeaderFields(header(), { saveTried: true, server: null, message }))).toBeNull();
  });

  it("keeps the server's refusal on its field while the field holds the refused value", () => {
    const sent = header();
    expect(serverHeaderRefusal('REIMBURSE_INVOICE_DUPLICATE', 'taken', sent)).toBeNull();
    const server = serverHeaderRefusal('REIMBURSE_SUBMITTER_DISABLED', 'The submitter is disabled', sent);
    expect(server).toEqual({ field: 'submitterId', message: 'The submitter is disabled', value: 7 });
    expect(refusedHeaderFields(sent, { saveTried: true, server, message })).toEqual({ submitterId: 'The submitter is disabled' });
    expect(refusedHeaderFields(header({ submitterId: 8 }), { saveTried: true, server, message })).toEqual({});
    expect(refusedHeaderFields(header({ submitterId: null }), { saveTried: true, server, message })).toEqual({});
    // Reading order over both kinds: the mark date comes before the submitter.
    expect(firstRefusedField(refusedHeaderFields(header({ markAt: '' }), { saveTried: true, server, message }))).toBe('markAt');
  });
});
