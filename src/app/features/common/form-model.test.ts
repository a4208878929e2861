import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { mergeErrors, sameValues, serverErrorToForm } from './form-model';

describe('form model', () => {
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
    expect(mergeErrors({ name: required, year: tooSmall }, {}, { year: range, name: range })).toEqual({ name: required, year: range });
    expect(mergeErrors({}, { endAt: before, startAt: undefined })).toEqual({ endAt: before });
    // A schema error wins over a rule on the same field.
    expect(mergeErrors({ endAt: required }, { endAt: before })).toEqual({ endAt: required });
  });
});
