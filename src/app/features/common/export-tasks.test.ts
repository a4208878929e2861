import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportTaskState } from '../../../../machines/export-progress.machine';
import { createExportTasks, type ExportNotice } from './export-tasks';

const running = (progress: number): ExportTaskState => ({ progress, completed: false, failed: false, result: null, error: null });
const finished = (result: string): ExportTaskState => ({ progress: 100, completed: true, failed: false, result, error: null });

/** A store whose server answers the scripted states of each token in turn (the last one repeats). */
function setup(script: Record<string, ExportTaskState[]>) {
  const polls: string[] = [];
  const downloads: string[] = [];
  const notices: ExportNotice[] = [];
  const tasks = createExportTasks({
    fetchTask: async (token) => {
      polls.push(token);
      const states = script[token]!;
      return states.length > 1 ? states.shift()! : states[0]!;
    },
    download: (url) => downloads.push(url),
    notify: (n) => notices.push(n),
  });
  return { tasks, polls, downloads, notices };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('background export tasks (no page involved)', () => {
  it('polls a task every 1.5 s, downloads the result and says it is ready, with nobody watching', async () => {
    const { tasks, polls, downloads, notices } = setup({ t1: [running(40), finished('/api/files/1?sig=x')] });
    tasks.start('/customer/list\u0000transfer:customer', 't1');
    expect(tasks.view('/customer/list\u0000transfer:customer')).toEqual({ phase: 'running', progress: 0 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(tasks.view('/customer/list\u0000transfer:customer')).toEqual({ phase: 'running', progress: 40 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(polls).toEqual(['t1', 't1']);
    expect(downloads).toEqual(['/api/files/1?sig=x']);
    expect(notices).toEqual([{ kind: 'ready' }]);
    expect(tasks.view('/customer/list\u0000transfer:customer').phase).toBe('done');
    // The bar hides 0.5 s later; the store stops polling.
    await vi.advanceTimersByTimeAsync(500);
    expect(tasks.view('/customer/list\u0000transfer:customer').phase).toBe('idle');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls).toHaveLength(2);
  });

  it('one export at a time per key, from the call on; other keys run side by side', async () => {
    const { tasks, downloads } = setup({ a: [running(10), finished('/a')], b: [finished('/b')] });
    let answer!: (v: { token: string }) => void;
    const first = tasks.run('k1', () => new Promise((resolve) => (answer = resolve)));
    // The call is on its way: busy already, a second Enter is refused without a call.
    expect(tasks.view('k1').phase).toBe('starting');
    expect(tasks.busy('k1')).toBe(true);
    const second = vi.fn(() => Promise.resolve({ token: 'x' }));
    await expect(tasks.run('k1', second)).resolves.toBe(false);
    expect(second).not.toHaveBeenCalled();
    answer({ token: 'a' });
    await expect(first).resolves.toBe(true);
    expect(tasks.view('k1').phase).toBe('running');
    await expect(tasks.run('k1', second)).resolves.toBe(false);
    // Another list is free.
    expect(tasks.busy('k2')).toBe(false);
    await expect(tasks.run('k2', () => Promise.resolve({ token: 'b' }))).resolves.toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    expect(downloads).toEqual(['/b']);
    expect(tasks.busy('k1')).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    expect(downloads).toEqual(['/b', '/a']);
    expect(tasks.busy('k1')).toBe(false);
  });

  it('a refused export call frees the key and rejects with its error', async () => {
    const { tasks } = setup({});
    await expect(tasks.run('k', () => Promise.reject(new Error('There is no data to export!')))).rejects.toThrow('no data');
    expect(tasks.view('k').phase).toBe('idle');
    expect(tasks.busy('k')).toBe(false);
  });

  it('a failed task is reported with the server message; one never done in 20 polls as timed out', async () => {
    const { tasks, notices, downloads } = setup({
      bad: [{ progress: 20, completed: false, failed: true, result: null, error: 'Export failed on the server' }],
      slow: [running(5)],
    });
    tasks.start('k1', 'bad');
    tasks.start('k2', 'slow');
    await vi.advanceTimersByTimeAsync(1500);
    expect(notices).toContainEqual({ kind: 'failed', message: 'Export failed on the server', timedOut: false });
    expect(tasks.view('k1').phase).toBe('failed');
    await vi.advanceTimersByTimeAsync(1500 * 20);
    expect(notices).toContainEqual({ kind: 'failed', message: null, timedOut: true });
    // Reminders on polls 6, 12 and 18 while it ran.
    expect(notices.filter((n) => n.kind === 'generating')).toHaveLength(3);
    expect(downloads).toEqual([]);
    expect(tasks.busy('k2')).toBe(false);
  });

  it('tells the pages of a key when its task changes, and nobody else', async () => {
    const { tasks } = setup({ t: [running(50), finished('/f')] });
    const mine = vi.fn();
    const other = vi.fn();
    tasks.subscribe('k', mine);
    tasks.subscribe('other', other);
    tasks.start('k', 't');
    const seen = tasks.view('k');
    expect(tasks.view('k')).toBe(seen);
    await vi.advanceTimersByTimeAsync(3000);
    expect(mine).toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
  });

  it('the end of the session stops every task', async () => {
    const { tasks, polls, downloads } = setup({ t: [running(50), finished('/f')] });
    tasks.start('k', 't');
    tasks.cancelAll();
    expect(tasks.view('k').phase).toBe('idle');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls).toEqual([]);
    expect(downloads).toEqual([]);
  });
});
