import { describe, expect, it } from 'vitest';
import { standingBlockers } from './standing-blockers';

const check = (code: string, level = 'BLOCKER') => ({ code, level });

describe('the blockers that keep Settle disabled', () => {
  it('every blocker, warnings aside', () => {
    expect(standingBlockers([check('NOT_AUDITED'), check('CODE_GAPS', 'WARNING'), check('PERIOD_UNBALANCED')], false).map((c) => c.code)).toEqual(['NOT_AUDITED', 'PERIOD_UNBALANCED']);
  });
  it('not the balance table against the vouchers once "recompute balances before settling" is ticked (the settle repairs it)', () => {
    expect(standingBlockers([check('PERIOD_UNBALANCED')], true)).toEqual([]);
    expect(standingBlockers([check('PERIOD_UNBALANCED'), check('NOT_BOOKKEPT')], true).map((c) => c.code)).toEqual(['NOT_BOOKKEPT']);
  });
});
