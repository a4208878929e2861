/**
 * The export progress bar of spec 01 §7 / spec 02 §4: an export call answers a task token; the
 * task is polled every 1.5 s; while it runs, a 'document is being generated, please wait' reminder
 * shows every 6 polls; after 20 polls without completion the export is reported as failed; once
 * complete the result is downloaded and the bar hides 0.5 s later.
 *
 * The machine only decides. The app provides `fetchTask` (input) and the `remind`, `download` and
 * `reportFailure` actions; one poll is the `poll` actor, which answers with an `export.polled` or
 * `export.pollFailed` event, so tests (and xstate/graph) can feed poll results as plain events.
 */
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { EXPORT_BAR_HIDE_MS, EXPORT_MAX_POLLS, EXPORT_POLL_MS, EXPORT_REMIND_EVERY_POLLS } from '../src/domain/constants';

/** What one poll reports (the fields of /system/export/{token} the bar needs). */
export interface ExportTaskState {
  progress: number;
  completed: boolean;
  failed: boolean;
  result: string | null;
  error: string | null;
}

export type FetchTask = (token: string) => Promise<ExportTaskState>;

export interface ExportProgressInput {
  fetchTask?: FetchTask;
  pollIntervalMs?: number;
  remindEvery?: number;
  maxPolls?: number;
  hideDelayMs?: number;
}

export interface ExportProgressContext {
  fetchTask: FetchTask;
  pollIntervalMs: number;
  remindEvery: number;
  maxPolls: number;
  hideDelayMs: number;
  token: string | null;
  /** Polls answered so far for the current task. */
  polls: number;
  progress: number;
  result: string | null;
  /** Why the export failed: the server's message, or null for the generic 'Export fail' (too many polls). */
  error: string | null;
}

export type ExportProgressEvent =
  | { type: 'export.start'; token: string }
  | { type: 'export.polled'; task: ExportTaskState }
  | { type: 'export.pollFailed'; message: string }
  | { type: 'export.cancel' };

const notProvided: FetchTask = () => Promise.reject(new Error('fetchTask not provided'));

/** One poll: fetches the task and answers with an event; a stale answer after leaving the state is dropped. */
const pollActor = fromCallback<EventObject, { token: string; fetchTask: FetchTask }>(({ sendBack, input }) => {
  let live = true;
  input.fetchTask(input.token).then(
    (task) => live && sendBack({ type: 'export.polled', task }),
    (err: unknown) => live && sendBack({ type: 'export.pollFailed', message: err instanceof Error ? err.message : String(err) }),
  );
  return () => {
    live = false;
  };
});

const nextPoll = (context: ExportProgressContext) => context.polls + 1;

export const exportProgressMachine = setup({
  types: {
    input: {} as ExportProgressInput,
    context: {} as ExportProgressContext,
    events: {} as ExportProgressEvent,
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
    hideDelay: ({ context }) => context.hideDelayMs,
  },
  actors: { poll: pollActor },
  guards: {
    completed: ({ event }) => event.type === 'export.polled' && event.task.completed,
    taskFailed: ({ event }) => event.type === 'export.polled' && event.task.failed,
    outOfPolls: ({ context }) => nextPoll(context) >= context.maxPolls,
    reminderDue: ({ context }) => nextPoll(context) % context.remindEvery === 0,
  },
  actions: {
    begin: assign(({ event }) => ({ token: event.type === 'export.start' ? event.token : null, polls: 0, progress: 0, result: null, error: null })),
    recordPoll: assign(({ context, event }) =>
      event.type === 'export.polled'
        ? { polls: nextPoll(context), progress: event.task.completed ? 100 : Math.max(context.progress, event.task.progress), result: event.task.result, error: event.task.failed ? (event.task.error ?? null) : null }
        : {}),
    recordPollError: assign(({ context, event }) => ({ polls: nextPoll(context), error: event.type === 'export.pollFailed' ? event.message : null })),
    clear: assign({ token: null, polls: 0, progress: 0, result: null, error: null }),
    /** Provided by the app: 'Document is being generated, please wait'. */
    remind: () => {},
    /** Provided by the app: downloads context.result. */
    download: () => {},
    /** Provided by the app: context.error, or 'Export fail'. */
    reportFailure: () => {},
  },
}).createMachine({
  id: 'exportProgress',
  context: ({ input }) => ({
    fetchTask: input.fetchTask ?? notProvided,
    pollIntervalMs: input.pollIntervalMs ?? EXPORT_POLL_MS,
    remindEvery: input.remindEvery ?? EXPORT_REMIND_EVERY_POLLS,
    maxPolls: input.maxPolls ?? EXPORT_MAX_POLLS,
    hideDelayMs: input.hideDelayMs ?? EXPORT_BAR_HIDE_MS,
    token: null,
    polls: 0,
    progress: 0,
    result: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': { target: 'running', actions: 'begin' } },
    },
    running: {
      initial: 'waiting',
      on: { 'export.cancel': { target: 'idle', actions: 'clear' } },
      states: {
        waiting: { after: { pollInterval: 'fetching' } },
        fetching: {
          invoke: { src: 'poll', input: ({ context }) => ({ token: context.token!, fetchTask: context.fetchTask }) },
          on: {
            'export.polled': [
              { guard: 'completed', target: '#exportProgress.done', actions: 'recordPoll' },
              { guard: 'taskFailed', target: '#exportProgress.failed', actions: 'recordPoll' },
              { guard: 'outOfPolls', target: '#exportProgress.failed', actions: ['recordPoll', assign({ error: null })] },
              { guard: 'reminderDue', target: 'waiting', actions: ['recordPoll', 'remind'] },
              { target: 'waiting', actions: 'recordPoll' },
            ],
            'export.pollFailed': { target: '#exportProgress.failed', actions: 'recordPollError' },
          },
        },
      },
    },
    /** The bar shows 100 % and the result downloads; the bar hides 0.5 s later. */
    done: {
      entry: 'download',
      after: { hideDelay: { target: 'idle', actions: 'clear' } },
      on: { 'export.start': { target: 'running', actions: 'begin' } },
    },
    failed: {
      entry: 'reportFailure',
      after: { hideDelay: { target: 'idle', actions: 'clear' } },
      on: { 'export.start': { target: 'running', actions: 'begin' } },
    },
  },
});
