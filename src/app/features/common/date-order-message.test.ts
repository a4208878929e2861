/**
 * A reversed date pair in a form (contract/date-order.ts): the contract's issue becomes a message on
 * the later field, worded with the earlier field's label in the form's language.
 */
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { employeeCreateBody } from '../../../contract/staff';
import { periodUpdateBody } from '../../../contract/account';
import { crossFieldErrors, validateObject, type MessageRef } from './form-validation';
import enAdmin from '../../../../locales/en_US/admin.json';
import zhAdmin from '../../../../locales/zh_CN/admin.json';
import enErrors from '../../../../locales/en_US/errors.json';
import zhErrors from '../../../../locales/zh_CN/errors.json';

const i18n = createInstance();
void i18n.init({
  lng: 'en_US',
  resources: { en_US: { admin: enAdmin, errors: enErrors }, zh_CN: { admin: zhAdmin, errors: zhErrors } },
  defaultNS: 'admin',
  interpolation: { escapeValue: false },
});
/** As use-entity-form.ts shows a message. */
const shown = (m: MessageRef, lng: string) => i18n.getFixedT(lng)(m.key, m.values);

const employee = { companyId: 1, code: 'E1', name: '王小明', departmentId: 2 };

describe('date order messages in forms', () => {
  it('puts a leave date before the entry date on the leave date, naming the entry date', () => {
    const r = validateObject(employeeCreateBody, { ...employee, entryDate: '2024-03-01', leaveDate: '2024-02-29' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors)).toEqual(['leaveDate']);
    expect(r.errors.leaveDate).toEqual({ key: 'admin:validation.dateOrder', values: { after: 'entryDate' } });
    expect(shown(r.errors.leaveDate, 'en_US')).toBe('Cannot be before Entry date');
    expect(shown(r.errors.leaveDate, 'zh_CN')).toBe('不能早于入职日期');
  });

  it('names the birthday for an entry date before it', () => {
    const r = validateObject(employeeCreateBody, { ...employee, birthday: '1990-05-01', entryDate: '1990-04-30' });
    expect(!r.ok && shown(r.errors.entryDate, 'en_US')).toBe('Cannot be before Birthday');
    expect(!r.ok && shown(r.errors.entryDate, 'zh_CN')).toBe('不能早于出生日期');
  });

  it('shows a reversed range with the catalogue message of PERIOD_END_BEFORE_START', () => {
    const r = validateObject(periodUpdateBody, { startAt: '2026-03-10', endAt: '2026-03-09' });
    expect(!r.ok && r.errors.endAt).toEqual({ key: 'errors:PERIOD_END_BEFORE_START' });
    expect(!r.ok && shown(r.errors.endAt, 'en_US')).toBe('The period end cannot be before its start');
  });

  it('takes an open or one-day range', () => {
    expect(validateObject(employeeCreateBody, { ...employee, entryDate: '2024-03-01', leaveDate: null }).ok).toBe(true);
    expect(validateObject(employeeCreateBody, { ...employee, entryDate: '2024-03-01', leaveDate: '2024-03-01' }).ok).toBe(true);
  });
});

describe('crossFieldErrors', () => {
  it('gives the messages of the rules between fields, not those of a field on its own', () => {
    expect(crossFieldErrors(employeeCreateBody, { ...employee, entryDate: '2024-03-01', leaveDate: '2024-02-29' })).toEqual({ leaveDate: { key: 'admin:validation.dateOrder', values: { after: 'entryDate' } } });
    // A name too short is its own field's rule; the dates are in order.
    expect(crossFieldErrors(employeeCreateBody, { ...employee, name: '王', entryDate: '2024-03-01', leaveDate: '2024-03-02' })).toEqual({});
    // Both at once: only the date order.
    expect(Object.keys(crossFieldErrors(employeeCreateBody, { ...employee, name: '王', entryDate: '2024-03-01', leaveDate: '2024-02-29' }))).toEqual(['leaveDate']);
  });
});
