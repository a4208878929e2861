/**
 * The idle time-out of spec 01 §4: after an hour without user activity (checked every 5 s) the
 * session is over; an alert whose only button is re-login is shown, and re-login logs out and
 * reloads. The machine only decides; the app provides the `relogin` action and feeds activity.
 *
 * Time is read through `input.now` (Date.now in the app, a simulated clock in tests) and the
 * check is a delayed transition, so the actor's clock drives it: `createActor(m, { clock })`.
 */
import { assign, raise, setup } from 'xstate';
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS } from '../src/domain/constants';

export interface SessionIdleInput {
  now?: () => number;
  idleTimeoutMs?: number;
  checkIntervalMs?: number;
}

export interface SessionIdleContext {
  now: () => number;
  idleTimeoutMs: number;
  checkIntervalMs: number;
  lastActivityAt: number;
}

export type SessionIdleEvent =
  | { type: 'session.activity'; at?: number }
  | { type: 'session.check'; now: number }
  | { type: 'session.relogin' };

export const sessionIdleMachine = setup({
  types: {
    input: {} as SessionIdleInput,
    context: {} as SessionIdleContext,
    events: {} as SessionIdleEvent,
  },
  delays: {
    checkInterval: ({ context }) => context.checkIntervalMs,
  },
  guards: {
    idleTooLong: ({ context, event }) => event.type === 'session.check' && event.now - context.lastActivityAt >= context.idleTimeoutMs,
  },
  actions: {
    recordActivity: assign({
      lastActivityAt: ({ context, event }) => (event.type === 'session.activity' ? (event.at ?? context.now()) : context.lastActivityAt),
    }),
    check: raise(({ context }) => ({ type: 'session.check' as const, now: context.now() })),
    /** Provided by the app: log out and reload. */
    relogin: () => {},
  },
}).createMachine({
  id: 'sessionIdle',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    return {
      now,
      idleTimeoutMs: input.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
      checkIntervalMs: input.checkIntervalMs ?? IDLE_CHECK_INTERVAL_MS,
      lastActivityAt: now(),
    };
  },
  initial: 'active',
  states: {
    active: {
      after: { checkInterval: { target: 'active', reenter: true, actions: 'check' } },
      on: {
        'session.activity': { actions: 'recordActivity' },
        'session.check': { guard: 'idleTooLong', target: 'timedOut' },
      },
    },
    /** The alert is up; clicks no longer count, only re-login leaves. */
    timedOut: {
      on: { 'session.relogin': { target: 'loggedOut', actions: 'relogin' } },
    },
    loggedOut: { type: 'final' },
  },
});
