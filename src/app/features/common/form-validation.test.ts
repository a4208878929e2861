import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userCreateBody, roleCreateBody } from '../../../contract/idm';
import { companyCreateBody } from '../../../contract/company';
import { projectCreateBody } from '../../../contract/clients';
import { invoiceCreateBody } from '../../../contract/invoice';
import { validateObject, validateValue } from './form-validation';

describe('admin form validation with contract schemas', () => {
  const shape = userCreateBody.shape;
  it('reports required, format, password and mobile problems as message keys', () => {
    expect(validateValue(shape.username, '', true)).toEqual({ key: 'admin:validation.required' });
    expect(validateValue(shape.username, 'a b c')).toEqual({ key: 'admin:validation.format' });
    expect(validateValue(shape.username, 'x')).toEqual({ key: 'admin:validation.tooShort', values: { min: 2 } });
    expect(validateValue(shape.password, 'abc')).toEqual({ key: 'errors:INVALID_PASSWORD' });
    expect(validateValue(shape.password, 'abc123')).toBeNull();
    expect(validateValue(shape.mobileTel, '123')).toEqual({ key: 'admin:validation.mobile' });
    expect(validateValue(shape.mobileTel, '')).toBeNull();
    expect(validateValue(shape.mobileTel, '13800138000')).toBeNull();
    expect(validateValue(shape.email, 'nope')).toEqual({ key: 'admin:validation.email' });
    expect(validateValue(shape.name, 'a<b')).toEqual({ key: 'admin:validation.specialSymbols' });
    // A user's name is 2 to 18 characters (spec 01 §5).
    expect(validateValue(shape.name, '张')).toEqual({ key: 'admin:validation.tooShort', values: { min: 2 } });
    expect(validateValue(shape.name, 'x'.repeat(19))).toEqual({ key: 'admin:validation.tooLong', values: { max: 18 } });
    expect(validateValue(shape.name, '张记账')).toBeNull();
    expect(validateValue(shape.name, 'x'.repeat(18))).toBeNull();
  });

  it("says a number's bounds as values and a text's as lengths", () => {
    expect(validateValue(z.number().int().min(1).max(10), 12)).toEqual({ key: 'admin:validation.atMost', values: { max: 10 } });
    expect(validateValue(z.number().int().min(1).max(10), 0)).toEqual({ key: 'admin:validation.atLeast', values: { min: 1 } });
    expect(validateValue(z.number().positive(), 0)).toEqual({ key: 'admin:validation.aboveMin', values: { min: 0 } });
    expect(validateValue(z.number().lt(5), 5)).toEqual({ key: 'admin:validation.belowMax', values: { max: 5 } });
    expect(validateValue(z.string().max(3), 'abcd')).toEqual({ key: 'admin:validation.tooLong', values: { max: 3 } });
  });

  it("says a money field's bound in currency units, not cents (contract/money.ts)", () => {
    expect(validateValue(projectCreateBody.shape.amount, 2_500_000_000)).toEqual({ key: 'admin:validation.atMost', values: { max: '21,000,000.00' } });
    expect(validateValue(invoiceCreateBody.shape.redAmount, -1)).toEqual({ key: 'admin:validation.atLeast', values: { min: '0.00' } });
    expect(validateValue(projectCreateBody.shape.amount, 2_100_000_000)).toBeNull();
    const r = validateObject(projectCreateBody, { companyId: 1, code: 'P1', name: 'Case', amount: 2_100_000_001 });
    expect(r.ok ? null : r.errors.amount).toEqual({ key: 'admin:validation.atMost', values: { max: '21,000,000.00' } });
  });

  it('validates whole objects, keyed by field', () => {
    const r = validateObject(userCreateBody, { username: '', name: 'N', password: '1' }, ['username']);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.username).toEqual({ key: 'admin:validation.required' });
      expect(r.errors.password).toEqual({ key: 'errors:INVALID_PASSWORD' });
    }
    const ok = validateObject(roleCreateBody, { companyId: 1, name: 'Clerks' });
    expect(ok.ok).toBe(true);
    const c = validateObject(companyCreateBody, { name: 'A' });
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.errors.name.key).toBe('admin:validation.tooShort');
  });
});
