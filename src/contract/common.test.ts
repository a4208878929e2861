import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeText, optionalText } from './common';
import { customerUpdateBody } from './clients';
import { commonSummaryCreateBody } from './summary';

describe('optionalText', () => {
  const body = z.object({ remark: optionalText(5) });

  it('keeps an absent field absent, so an update leaves it alone', () => {
    expect(body.parse({})).toEqual({});
    expect('remark' in body.parse({})).toBe(false);
  });

  it('clears with blank, whitespace or null (stored as null, never as "")', () => {
    expect(body.parse({ remark: '' }).remark).toBeNull();
    expect(body.parse({ remark: '   ' }).remark).toBeNull();
    expect(body.parse({ remark: null }).remark).toBeNull();
  });

  it('trims text and refuses more than the limit', () => {
    expect(body.parse({ remark: '  ab ' }).remark).toBe('ab');
    expect(body.safeParse({ remark: 'abcdef' }).success).toBe(false);
    expect(body.safeParse({ remark: ' abcde ' }).success).toBe(true);
  });

  it('applies a narrower rule to the trimmed text', () => {
    const code = optionalText(4, (s) => s.regex(/^\d*$/));
    expect(code.parse(' 12 ')).toBe('12');
    expect(code.parse('')).toBeNull();
    expect(code.safeParse('1a').success).toBe(false);
  });

  it('is what the resources use: a blank summary code and a blank bank name clear the field', () => {
    expect(commonSummaryCreateBody.parse({ companyId: 1, summary: '付房租', code: ' ' }).code).toBeNull();
    expect(customerUpdateBody.parse({ bankName: '' }).bankName).toBeNull();
    expect('bankName' in customerUpdateBody.parse({})).toBe(false);
  });
});

describe('codeText', () => {
  it('keeps a code in its half-width form: full-width digits and letters (全角) are the same code, blank is refused', () => {
    const code = codeText(8);
    expect(code.parse(' Ｃ００１ ')).toBe('C001');
    expect(code.parse('\u3000E 01\u3000')).toBe('E 01');
    expect(code.safeParse('\u3000').success).toBe(false);
    expect(code.safeParse('１２３４５６７８９').success).toBe(false);
    expect(customerUpdateBody.parse({ code: 'ＫＨ０１', version: 0 }).code).toBe('KH01');
  });
});
