/**
 * Guard for "tests build their own world" (issue 6 §6): API tests read ids from answers (factories;
 * `demoCompanyId()` and `userIdByName()` for the seed's rows by name), never from literals that
 * happen to match the seed or an earlier test's rows. This scans tests/api/*.test.ts for the shapes
 * a literal id takes and names the file and line of each. Right numbers (`rightIds: [1, 4]`,
 * auxiliary type numbers (`auxTypeIds: [1, 4]`, the spec's fixed aux kinds),
 * `RIGHTS.*`) are not ids and pass; for a row that must not exist use MISSING_ID from factories.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const self = basename(fileURLToPath(import.meta.url));

/** Each rule: a name and a pattern matched against one source line. */
const rules: Array<[string, RegExp]> = [
  ['a literal id in an API path (/api/<resource>/<digits>)', /\/api\/(?:[\w-]+\/)*\d+(?=[/?'"`\s,)]|$)/],
  ['a literal id in a query string (?id=<digits>)', /[?&]\w*[iI]d=\d/],
  ['a literal id as a value (companyId: 1, userId: 2, id: 3)', /\b(?!rightId\b|parentId\b|auxTypeId\b)(?:id|\w+Id)\s*:\s*-?\d/],
  ['a literal id in a list (companyIds: [1], id: [2])', /\b(?!rightIds\b|auxTypeIds\b)(?:id|\w+Ids?)\s*:\s*\[\s*-?\d/],
  ['an id compared with a literal (x.id === 1, ….toBe(1) on an id)', /\.id\s*[!=]==?\s*\d|\.id\s*,\s*\d+\s*\)|[iI]d\)\.(?:toBe|toEqual)\(\s*\d/],
  ['a named constant for a seed id (const CLERK = 2)', /^\s*(?:export\s+)?const\s+[A-Z_]*(?:ADMIN|CLERK|AUDITOR|CASHIER|COMPANY|ROLE|USER|ACCOUNT|PERIOD|YEAR|ID)[A-Z_]*\s*=\s*\d+\s*;/],
  ['a guard called with a literal company/period id', /\bguard\w*\(\s*\w+\s*,\s*\d/],
];

export function literalIds(source: string): Array<{ line: number; rule: string; text: string }> {
  const found: Array<{ line: number; rule: string; text: string }> = [];
  source.split('\n').forEach((text, i) => {
    for (const [rule, re] of rules) if (re.test(text)) found.push({ line: i + 1, rule, text: text.trim() });
  });
  return found;
}

describe('API tests name no seed ids', () => {
  it('recognizes literal ids and lets rights and answers through', () => {
    const bad = [
      "await t.call('GET', '/api/account/1', { token });",
      'await t.call(\'DELETE\', "/api/idm/role/4");',
      "t.call('POST', '/api/idm/user/1/disable', { token })",
      "url: '/api/account/period/12?x=1'",
      "await t.app.inject({ url: '/api/system/userData?id=3' })",
      'body: { companyId: 1, name: "x" }',
      'query: { accountYearId: 2 }',
      'expect(user).toMatchObject({ currentCompanyId: 1 })',
      'body: { userId: 2, roleId: 1 }',
      'filter: { id: [1, 2] }',
      'body: { companyIds: [2] }',
      'roleIds: [1]',
      'expect(a.id === 1).toBe(true)',
      'expect(main.id).toBe(1)',
      'expect(sw.json().data.currentCompanyId).toBe(2)',
      'where(eq(users.id, 1))',
      'const CLERK = 2;',
      'const CLERK_ROLE = 1; // voucher rights',
      'guardCompany(req, 1);',
    ];
    for (const line of bad) expect(literalIds(line), line).not.toEqual([]);
    const good = [
      "await t.call('GET', `/api/account/${w.accountId}`, { token });",
      "body: { companyId: w.companyId, name: 'x', rightIds: [1, 10101, 4, 401] }",
      'body: { roleId: role.id, rightIds: [2010101] }',
      "create({ code: '22020101', name: 'x', auxTypeIds: [4, 1, 4] })",
      "expect(r).toMatchObject({ name: 'Audit', parentId: 20101 })",
      'query: { accountYearId: MISSING_ID }',
      'filter: { id: [w.companyId, BIG] }',
      'expect(role.version).toBe(0)',
      "expect(r.id === RIGHTS.ACCOUNT_MANAGE).toBe(true)",
      'const BIG = 2 ** 31;',
      'const SAMPLES = 25;',
      "body: { startAt: '2026-01-01', year: 2026, limit: 1000 }",
      "url: '/api/idm/user/current'",
      'guardCompany(req, home);',
    ];
    for (const line of good) expect(literalIds(line), line).toEqual([]);
  });

  it('finds none in tests/api/*.test.ts', () => {
    const files = readdirSync(here).filter((f) => f.endsWith('.test.ts') && f !== self);
    expect(files.length).toBeGreaterThan(5);
    const offences = files.flatMap((f) => literalIds(readFileSync(join(here, f), 'utf8')).map((o) => `${f}:${o.line}: ${o.rule}\n    ${o.text}`));
    expect(offences, 'build the row with ./factories.ts (or look a seed row up by name) and use the id from the answer').toEqual([]);
  });
});
