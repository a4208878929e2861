/**
 * docs/machines.md is generated from the voucher transition table. This test fails when the table
 * changed and the document is stale; `UPDATE_MACHINES_DOC=1 npx vitest run --project unit machines/machines-doc`
 * rewrites it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { voucherTransitions } from '../src/domain/voucher-lifecycle';
import { reimbursementTransitions } from '../src/domain/reimbursement-lifecycle';
import { renderMachinesDoc } from './machines-doc';

const file = join(import.meta.dirname, '..', 'docs', 'machines.md');

describe('docs/machines.md', () => {
  it('matches the voucher transition table', () => {
    const want = renderMachinesDoc();
    if (process.env.UPDATE_MACHINES_DOC) writeFileSync(file, want);
    expect(readFileSync(file, 'utf8')).toBe(want);
  });

  it('lists every row of the table', () => {
    const doc = renderMachinesDoc();
    for (const r of voucherTransitions) expect(doc).toContain(`| \`${r.from}\` | ${r.action} | \`${r.to}\` |`);
  });

  it('has the reimbursement lifecycle: every row of its table in the matrix', () => {
    const doc = renderMachinesDoc();
    expect(doc).toContain('## Reimbursement lifecycle');
    for (const r of reimbursementTransitions) if (r.from !== r.to) expect(doc).toContain(`  ${r.from} --> ${r.to}: ${r.action}`);
  });
});
