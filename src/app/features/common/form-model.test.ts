import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { mergeAnswer, mergeErrors, sameValues, serverErrorToForm } from './form-model';

describe('form model', () => {
  it('merges a save\'s answer into a draft edited meanwhile: untouched fields take the answer, edited ones stay', () => {
    const sent = { code: '7', name: ' 甲 ', ids: ['1'], version: 1 };
    const answer = { code: '007', name: '甲', ids: ['1'], version: 2 };
    expect(mergeAnswer({ ...sent, name: '乙' }, sent, answer)).toEqual({ code: '007', name: '乙', ids: ['1'], version: 2 });
    expect(mergeAnswer({ ...sent, ids: ['1', '2'] }, sent, answer)).toEqual({ code: '007', name: '甲', ids: ['1', '2'], version: 2 });
    // A blank sent as null and shown as '' is not an edit.
    expect(mergeAnswer({ code: '', name: 'x' }, { code: null, name: 'x' } as Record<string, unknown>, { code: 'A1', name: 'x' })).toEqual({ code: 'A1', name: 'x' });
  });

  it('treats blank values as equal and compares arrays by content', () => {
    expect(sameValues({ a: '', b: null }, { a: undefined })).toBe(true);
    expect(sameValues({ ids: ['1', '2'] }, { ids: ['1', '2'] })).toBe(true);
    expect(sameValues({ ids: ['1'] }, { ids: ['1', '2'] })).toBe(false);
    expect(sameValues({ main: false }, { main: true })).toBe(false);
    expect(sameValues({ year: 2026 }, { year: '2026' })).toBe(false);
  });

  it('puts a server refusal under its field when the code maps to one, else above the form', () => {
    const dup = new ApiError(409, 'DATA_DUPLICATION', '数据重复！');
    expect(serverErrorToForm(dup, { DATA_DUPLICATION: 'code' })).toEqual({ field: 'code', message: { key: 'common:operationFailed', text: '数据重复！' } });
    expect(serverErrorToForm(dup)).toEqual({ field: null, message: { key: 'common:operationFailed', text: '数据重复！' } });
    expect(serverErrorToForm('boom')).toEqual({ field: null, message: { key: 'common:operationFailed' } });
  });

  it('merges schema errors, field overrides and cross-field rules', () => {
    const required = { key: 'admin:validation.required' };
    const tooSmall = { key: 'admin:validation.tooShort', values: { min: 1990 } };
    const range = { key: 'admin:account.yearRange' };
    const before = { key: 'errors:PERIOD_END_BEFORE_START' };
    // The form's own message replaces the generic one, for an empty field too (spec 02 §5 texts).
    expect(mergeErrors({ name: required, year: tooSmall }, {}, { year: range, name: range }, { name: '', year: 12 })).toEqual({ name: range, year: range });
    expect(mergeErrors({ name: required, year: tooSmall }, {}, { year: range })).toEqual({ name: required, year: range });
    // `{ blank, invalid }` words an empty value and a wrong one apart.
    const enter = { key: 'admin:validation.pleaseEnter' };
    const tooLong = { key: 'admin:validation.tooLong', values: { max: 50 } };
    expect(mergeErrors({ a: required, b: tooLong }, {}, { a: { blank: enter }, b: { blank: enter } }, { a: ' ', b: 'x'.repeat(51) })).toEqual({ a: enter, b: tooLong });
    expect(mergeErrors({}, { endAt: before, startAt: undefined })).toEqual({ endAt: before });
    // A schema error wins over a rule on the same field.
    expect(mergeErrors({ endAt: required }, { endAt: before })).toEqual({ endAt: required });
  });
});
