import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS } from '../src/domain/constants';
import { sessionIdleMachine, type SessionIdleEvent } from './session-idle.machine';

function start() {
  const clock = new SimulatedClock();
  clock.set(1_000_000);
  const relogin = vi.fn();
  const actor = createActor(sessionIdleMachine.provide({ actions: { relogin } }), { clock, input: { now: () => clock.now() } });
  actor.start();
  return { clock, actor, relogin };
}

describe('session idle machine (simulated clock)', () => {
  it('times out one hour after the last activity, at the next 5 s check', () => {
    const { clock, actor } = start();
    clock.increment(IDLE_TIMEOUT_MS - IDLE_CHECK_INTERVAL_MS);
    expect(actor.getSnapshot().value).toBe('active');
    clock.increment(IDLE_CHECK_INTERVAL_MS);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });

  it('activity restarts the hour', () => {
    const { clock, actor } = start();
    clock.increment(IDLE_TIMEOUT_MS - 10_000);
    actor.send({ type: 'session.activity' });
    clock.increment(IDLE_TIMEOUT_MS - 10_000);
    expect(actor.getSnapshot().value).toBe('active');
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });

  it('is not fooled by a check that comes late (throttled timers): real time decides', () => {
    const { clock, actor } = start();
    // One check long after the hour (a background tab): times out at once.
    clock.increment(IDLE_TIMEOUT_MS + 60_000);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });

  it('after the time-out clicks do nothing; only re-login leaves, calling the relogin action once', () => {
    const { clock, actor, relogin } = start();
    clock.increment(IDLE_TIMEOUT_MS);
    actor.send({ type: 'session.activity' });
    clock.increment(IDLE_TIMEOUT_MS);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(relogin).not.toHaveBeenCalled();
    actor.send({ type: 'session.relogin' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(relogin).toHaveBeenCalledTimes(1);
  });

  it('re-login is ignored while the session is active', () => {
    const { actor, relogin } = start();
    actor.send({ type: 'session.relogin' });
    expect(actor.getSnapshot().value).toBe('active');
    expect(relogin).not.toHaveBeenCalled();
  });
});

describe('session idle machine (xstate/graph)', () => {
  // Fixed time: activity at 0 and checks before / at the hour cover both guard outcomes.
  const events: SessionIdleEvent[] = [
    { type: 'session.activity', at: 0 },
    { type: 'session.check', now: IDLE_TIMEOUT_MS - 1 },
    { type: 'session.check', now: IDLE_TIMEOUT_MS },
    { type: 'session.relogin' },
  ];
  const input = { now: () => 0 };

  it('reaches every state by a shortest path', () => {
    const paths = getShortestPaths(sessionIdleMachine, { events, input });
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect(reached).toEqual(new Set(['active', 'timedOut', 'loggedOut']));
    const toLoggedOut = paths.find((p) => p.state.value === 'loggedOut')!;
    expect(toLoggedOut.steps.map((s) => s.event.type as string).filter((t) => t !== 'xstate.init')).toEqual(['session.check', 'session.relogin']);
  });

  it('every event from every reachable state keeps the machine in a known state', () => {
    const paths = getSimplePaths(sessionIdleMachine, { events, input });
    expect(paths.length).toBeGreaterThanOrEqual(3);
    for (const path of paths) {
      const actor = createActor(sessionIdleMachine, { input }).start();
      for (const step of path.steps) if ((step.event.type as string) !== 'xstate.init') actor.send(step.event);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      for (const e of events) {
        const probe = createActor(sessionIdleMachine, { input, snapshot: actor.getPersistedSnapshot() }).start();
        probe.send(e);
        expect(['active', 'timedOut', 'loggedOut']).toContain(probe.getSnapshot().value);
        // Checks before the hour never end the session; the relogin event only matters once timed out.
        if (e.type === 'session.check' && e.now < IDLE_TIMEOUT_MS && actor.getSnapshot().value === 'active') expect(probe.getSnapshot().value).toBe('active');
        if (e.type === 'session.relogin' && actor.getSnapshot().value === 'active') expect(probe.getSnapshot().value).toBe('active');
        probe.stop();
      }
      actor.stop();
    }
  });
});
