import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { EXPORT_BAR_HIDE_MS, EXPORT_MAX_POLLS, EXPORT_POLL_MS, EXPORT_REMIND_EVERY_POLLS } from '../src/domain/constants';
import { exportProgressMachine, type ExportProgressEvent, type ExportTaskState, type FetchTask } from './export-progress.machine';

const running = (progress: number): ExportTaskState => ({ progress, completed: false, failed: false, result: null, error: null });
const finished: ExportTaskState = { progress: 100, completed: true, failed: false, result: '/api/files/7?sig=abc', error: null };

/** An actor on a simulated clock whose polls answer from `answers` (the last one repeats). */
function start(answers: Array<ExportTaskState | Error>) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  let i = 0;
  const fetchTask: FetchTask = (token) => {
    calls.push(token);
    const a = answers[Math.min(i++, answers.length - 1)];
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  };
  const remind = vi.fn();
  const download = vi.fn();
  const reportFailure = vi.fn();
  const machine = exportProgressMachine.provide({
    actions: {
      remind,
      download: ({ context }) => download(context.result),
      reportFailure: ({ context }) => reportFailure(context.error),
    },
  });
  const actor = createActor(machine, { clock, input: { fetchTask } }).start();
  /** Advances by one poll interval and lets the poll's promise settle. */
  const tick = async (ms = EXPORT_POLL_MS) => {
    clock.increment(ms);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { clock, actor, calls, remind, download, reportFailure, tick };
}

describe('export progress machine (simulated clock)', () => {
  it('polls every 1.5 s, downloads the result when complete, and hides the bar 0.5 s later', async () => {
    const m = start([running(20), running(60), finished]);
    m.actor.send({ type: 'export.start', token: 'tok' });
    expect(m.actor.getSnapshot().matches({ running: 'waiting' })).toBe(true);
    m.clock.increment(EXPORT_POLL_MS - 1);
    expect(m.calls).toEqual([]);
    await m.tick(1);
    expect(m.calls).toEqual(['tok']);
    expect(m.actor.getSnapshot().context.progress).toBe(20);
    await m.tick();
    expect(m.actor.getSnapshot().context.progress).toBe(60);
    await m.tick();
    expect(m.actor.getSnapshot().value).toBe('done');
    expect(m.actor.getSnapshot().context.progress).toBe(100);
    expect(m.download).toHaveBeenCalledExactlyOnceWith('/api/files/7?sig=abc');
    m.clock.increment(EXPORT_BAR_HIDE_MS - 1);
    expect(m.actor.getSnapshot().value).toBe('done');
    m.clock.increment(1);
    expect(m.actor.getSnapshot().value).toBe('idle');
    expect(m.calls).toHaveLength(3);
    expect(m.reportFailure).not.toHaveBeenCalled();
  });

  it('reminds every 6 polls and reports a failure after 20 polls without completion', async () => {
    const m = start([running(5)]);
    m.actor.send({ type: 'export.start', token: 'slow' });
    for (let n = 1; n < EXPORT_MAX_POLLS; n++) await m.tick();
    expect(m.calls).toHaveLength(EXPORT_MAX_POLLS - 1);
    expect(m.remind).toHaveBeenCalledTimes(Math.floor((EXPORT_MAX_POLLS - 1) / EXPORT_REMIND_EVERY_POLLS));
    expect(m.actor.getSnapshot().matches('running')).toBe(true);
    await m.tick();
    expect(m.calls).toHaveLength(EXPORT_MAX_POLLS);
    expect(m.actor.getSnapshot().value).toBe('failed');
    expect(m.reportFailure).toHaveBeenCalledExactlyOnceWith(null);
    expect(m.download).not.toHaveBeenCalled();
    await m.tick();
    expect(m.calls).toHaveLength(EXPORT_MAX_POLLS);
    expect(m.actor.getSnapshot().value).toBe('idle');
  });

  it("stops at a failed task or a refused poll with the server's message", async () => {
    const m = start([running(10), { ...running(40), failed: true, error: 'Export fail' }]);
    m.actor.send({ type: 'export.start', token: 't' });
    await m.tick();
    await m.tick();
    expect(m.actor.getSnapshot().value).toBe('failed');
    expect(m.reportFailure).toHaveBeenCalledExactlyOnceWith('Export fail');

    const r = start([new Error('The generated file has been cleared')]);
    r.actor.send({ type: 'export.start', token: 't' });
    await r.tick();
    expect(r.actor.getSnapshot().value).toBe('failed');
    expect(r.reportFailure).toHaveBeenCalledExactlyOnceWith('The generated file has been cleared');
  });

  it('cancel stops polling; a late answer of a cancelled poll is ignored', async () => {
    let resolve!: (t: ExportTaskState) => void;
    const fetchTask: FetchTask = () => new Promise((r) => (resolve = r));
    const clock = new SimulatedClock();
    const download = vi.fn();
    const actor = createActor(exportProgressMachine.provide({ actions: { download } }), { clock, input: { fetchTask } }).start();
    actor.send({ type: 'export.start', token: 't' });
    clock.increment(EXPORT_POLL_MS);
    expect(actor.getSnapshot().matches({ running: 'fetching' })).toBe(true);
    actor.send({ type: 'export.cancel' });
    resolve(finished);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(download).not.toHaveBeenCalled();
  });
});

describe('export progress machine (xstate/graph)', () => {
  // Small limits keep the graph small: a reminder every 2 polls, failure after 3. The timers are
  // fed as their own events (xstate.after.<delay>.<state id>), so the graph can walk through them.
  const input = { remindEvery: 2, maxPolls: 3 };
  const timer = (delay: string, stateId: string) => ({ type: `xstate.after.${delay}.exportProgress.${stateId}` }) as unknown as ExportProgressEvent;
  const pollTimer = timer('pollInterval', 'running.waiting');
  const events: ExportProgressEvent[] = [
    { type: 'export.start', token: 't' },
    pollTimer,
    { type: 'export.polled', task: running(50) },
    { type: 'export.polled', task: finished },
    { type: 'export.polled', task: { ...running(50), failed: true, error: 'Export fail' } },
    { type: 'export.pollFailed', message: 'No permission to operate' },
    { type: 'export.cancel' },
    timer('hideDelay', 'done'),
    timer('hideDelay', 'failed'),
  ];
  const key = (v: unknown) => JSON.stringify(v);
  const types = (p: { steps: Array<{ event: { type: string } }> }) => p.steps.map((s) => s.event.type).filter((t) => t !== 'xstate.init');

  it('reaches every state by a shortest path', () => {
    const paths = getShortestPaths(exportProgressMachine, { events, input });
    const reached = new Set(paths.map((p) => key(p.state.value)));
    for (const v of ['idle', { running: 'waiting' }, { running: 'fetching' }, 'done', 'failed']) expect(reached).toContain(key(v));
    const toDone = paths.find((p) => p.state.value === 'done')!;
    expect(types(toDone)).toEqual(['export.start', pollTimer.type, 'export.polled']);
    expect(toDone.state.context).toMatchObject({ progress: 100, result: finished.result, polls: 1 });
  });

  it('fails after maxPolls polls without completion, reminding every remindEvery polls', () => {
    const remind = vi.fn();
    const actor = createActor(exportProgressMachine.provide({ actions: { remind } }), { input }).start();
    actor.send({ type: 'export.start', token: 't' });
    for (let n = 1; n <= input.maxPolls; n++) {
      expect(actor.getSnapshot().matches('running')).toBe(true);
      actor.send(pollTimer);
      actor.send({ type: 'export.polled', task: running(10 * n) });
    }
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ polls: 3, progress: 30, error: null });
    expect(remind).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('every simple path keeps the poll count and progress in range; done always carries the result', () => {
    const paths = getSimplePaths(exportProgressMachine, { events, input });
    expect(paths.length).toBeGreaterThanOrEqual(6);
    for (const p of paths) {
      const { polls, progress, result } = p.state.context;
      expect(polls).toBeLessThanOrEqual(input.maxPolls);
      expect(progress).toBeGreaterThanOrEqual(0);
      expect(progress).toBeLessThanOrEqual(100);
      if (p.state.value === 'done') expect({ progress, result }).toEqual({ progress: 100, result: finished.result });
      if (p.state.value === 'idle') expect(p.state.context).toMatchObject({ token: null, polls: 0, progress: 0 });
    }
  });
});
