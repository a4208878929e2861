import { describe, expect, it, vi } from 'vitest';
import { answerOfKey, createSaveTip, leaveWithSaveTip } from './save-tip';

describe('createSaveTip', () => {
  it('opens on ask, resolves with the answer once, and closes', async () => {
    const tip = createSaveTip();
    const seen = vi.fn();
    tip.subscribe(seen);
    expect(tip.isOpen()).toBe(false);
    const p = tip.ask();
    expect(tip.isOpen()).toBe(true);
    tip.answer('no');
    tip.answer('yes');
    await expect(p).resolves.toBe('no');
    expect(tip.isOpen()).toBe(false);
    expect(seen).toHaveBeenCalledTimes(2);
  });
  it('joins an open question instead of stacking a second one', async () => {
    const tip = createSaveTip();
    const a = tip.ask();
    const b = tip.ask();
    tip.answer('cancel');
    await expect(Promise.all([a, b])).resolves.toEqual(['cancel', 'cancel']);
  });
  it('ignores an answer with no question open', () => {
    const tip = createSaveTip();
    expect(() => tip.answer('yes')).not.toThrow();
    expect(tip.isOpen()).toBe(false);
  });
});

describe('answerOfKey', () => {
  it('maps Y, N and Esc; leaves other keys and chords alone', () => {
    expect(answerOfKey({ key: 'y' })).toBe('yes');
    expect(answerOfKey({ key: 'Y' })).toBe('yes');
    expect(answerOfKey({ key: 'n' })).toBe('no');
    expect(answerOfKey({ key: 'Escape' })).toBe('cancel');
    expect(answerOfKey({ key: 'Enter' })).toBeNull();
    expect(answerOfKey({ key: 'y', ctrlKey: true })).toBeNull();
  });
});

describe('leaveWithSaveTip', () => {
  const run = (dirty: boolean, answer: 'yes' | 'no' | 'cancel', save: () => Promise<unknown> = async () => undefined) => {
    const proceed = vi.fn();
    const ask = vi.fn(async () => answer);
    const saveSpy = vi.fn(save);
    return { result: leaveWithSaveTip({ dirty, ask, save: saveSpy, proceed }), proceed, ask, save: saveSpy };
  };
  it('proceeds at once without asking when nothing changed', async () => {
    const r = run(false, 'cancel');
    await expect(r.result).resolves.toBe(true);
    expect(r.ask).not.toHaveBeenCalled();
    expect(r.proceed).toHaveBeenCalledOnce();
  });
  it('Yes saves, then proceeds', async () => {
    const order: string[] = [];
    const proceed = vi.fn(() => order.push('proceed'));
    const ok = await leaveWithSaveTip({ dirty: true, ask: async () => 'yes', save: async () => order.push('save'), proceed });
    expect(ok).toBe(true);
    expect(order).toEqual(['save', 'proceed']);
  });
  it('Yes stays when the save fails or refuses', async () => {
    const failed = run(true, 'yes', async () => { throw new Error('refused'); });
    await expect(failed.result).resolves.toBe(false);
    expect(failed.proceed).not.toHaveBeenCalled();
    const refused = run(true, 'yes', async () => false);
    await expect(refused.result).resolves.toBe(false);
    expect(refused.proceed).not.toHaveBeenCalled();
  });
  it('No proceeds without saving; Cancel stays without saving', async () => {
    const no = run(true, 'no');
    await expect(no.result).resolves.toBe(true);
    expect(no.save).not.toHaveBeenCalled();
    expect(no.proceed).toHaveBeenCalledOnce();
    const cancel = run(true, 'cancel');
    await expect(cancel.result).resolves.toBe(false);
    expect(cancel.save).not.toHaveBeenCalled();
    expect(cancel.proceed).not.toHaveBeenCalled();
  });
});
