import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeText, deleteByFilterSchema, deleteIds, listQuerySchema, optionalText } from './common';
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

describe('list query conventions (spec 01 §7)', () => {
  const issues = (v: unknown) => {
    const r = listQuerySchema.safeParse(v);
    expect(r.success).toBe(false);
    return r.error!.issues;
  };

  it('takes a sort as JSON or in the plain form, and refuses malformed text instead of reading it as a key', () => {
    expect(listQuerySchema.parse({ sort: '{"code":"desc"}' }).sort).toEqual({ code: 'desc' });
    expect(listQuerySchema.parse({ sort: 'code' }).sort).toEqual({ code: 'asc' });
    expect(listQuerySchema.parse({ sort: 'code, -name' }).sort).toEqual({ code: 'asc', name: 'desc' });
    expect(listQuerySchema.parse({ order: 'markTime desc,code' }).sort).toEqual({ markTime: 'desc', code: 'asc' });
    for (const bad of ['{bad', 'code sideways', '{"code":"sideways"}', 'a;drop']) {
      expect(issues({ sort: bad })[0].path, bad).toEqual(['sort']);
    }
    expect(issues({ sort: '{bad' })[0].message).toBe('notJson');
  });

  it('hands the asked fields over, trimmed; none asked = all', () => {
    expect(listQuerySchema.parse({ fields: 'code, name,' }).fields).toEqual(['code', 'name']);
    expect('fields' in listQuerySchema.parse({})).toBe(false);
    expect('fields' in listQuerySchema.parse({ fields: ' ' })).toBe(false);
  });
});

describe('delete many', () => {
  it('refuses an empty id list, in the filter or as the id parameter, as too few items of filter.id / id', () => {
    for (const [q, path] of [[{ filter: '{"id":[]}' }, ['filter', 'id']], [{ id: '[]' }, ['id']], [{ filter: { id: [] } }, ['filter', 'id']]] as const) {
      const r = deleteByFilterSchema.safeParse(q);
      expect(r.success, JSON.stringify(q)).toBe(false);
      expect(r.error!.issues[0]).toMatchObject({ code: 'too_small', origin: 'array', minimum: 1, path });
    }
    expect(deleteByFilterSchema.parse({ filter: '{"id":3}' }).filter?.id).toEqual([3]);
    expect(deleteByFilterSchema.parse({ id: '1,2' }).id).toEqual([1, 2]);
    expect(deleteIds.safeParse([]).success).toBe(false);
    expect(deleteIds.parse(['4'])).toEqual([4]);
  });
});
