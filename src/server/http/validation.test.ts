import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_COST_CENTS } from '../../domain/constants';
import { projectCreateBody } from '../../contract/clients';
import { invoiceCreateBody } from '../../contract/invoice';
import { budgetCreateBody } from '../../contract/budget';
import { normalizeIssue, ruleOf } from './validation';

const issueOf = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  expect(r.success).toBe(false);
  return r.error!.issues[0] as unknown as Record<string, unknown>;
};

describe('ruleOf: a money field bound (contract/money.ts)', () => {
  const cases: Array<[z.ZodType, number, string]> = [
    [projectCreateBody.shape.amount, 2_500_000_000, '21,000,000.00'],
    [invoiceCreateBody.shape.amount, MAX_COST_CENTS + 1, '21,000,000.00'],
    [budgetCreateBody.shape.amount, 10_000_000_000_000, '99,999,999,999.99'],
  ];

  it('says the bound in currency units, in zh_CN and en_US, from either issue shape', () => {
    for (const [schema, value, max] of cases) {
      const issue = issueOf(schema, value);
      expect(ruleOf(normalizeIssue(issue), 'en_US', value)).toBe(`must be at most ${max}`);
      expect(ruleOf(normalizeIssue(issue), 'zh_CN', value)).toBe(`不能大于 ${max}`);
      // fastify-type-provider-zod's shape: the issue's fields under params.
      const { code, path, message, ...params } = issue;
      const routed = normalizeIssue({ keyword: code, instancePath: `/${(path as unknown[]).join('/')}`, message, params });
      expect(ruleOf(routed, 'en_US', value)).toBe(`must be at most ${max}`);
    }
    expect(ruleOf(normalizeIssue(issueOf(projectCreateBody.shape.amount, -1)), 'en_US', -1)).toBe('must be at least 0.00');
  });

  it('leaves a number that is not money as it was', () => {
    const issue = issueOf(projectCreateBody.shape.companyId, 3_000_000_000);
    expect(ruleOf(normalizeIssue(issue), 'en_US', 3_000_000_000)).toBe('must be at most 2147483647');
  });
});
