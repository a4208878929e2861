/**
 * The app's background exports (spec 01 §7), kept outside every page. A list page unmounts when the
 * user goes to another tab; an export it started must still be polled, downloaded when ready and
 * reported (ready / failed / timed out) wherever the user is. So each task runs its own
 * export-progress machine here, for as long as the app runs (or until the session ends), and pages
 * only read it: `useExportProgress` (export-progress.tsx) draws the bar of its own task and knows
 * whether one is running, so a second export of the same list is refused while the first runs.
 *
 * Tasks are keyed by their owner (the tab's path plus the page's slot, e.g. `/customer/list` +
 * `transfer:customer`): one task at a time per key, any number side by side under different keys.
 * The store takes its effects (fetch, download, notices) as arguments, so it is tested without a
 * server or a DOM; `exportTasks` below is the app's instance.
 */
import { createActor, type Actor } from 'xstate';
import { notifications } from '@mantine/notifications';
import { exportProgressMachine, type ExportProgressInput, type FetchTask } from '../../../../machines/export-progress.machine';
import { fetchExportTask } from '../../queries/export';
import { sessionStore } from '../../session/store';
import { i18n } from '../../i18n';

/** What a page shows of its task: nothing, the start call on its way, the bar running, the bar at 100 %. */
export type ExportTaskPhase = 'idle' | 'starting' | 'running' | 'done' | 'failed';

export interface ExportTaskView {
  phase: ExportTaskPhase;
  /** 0–100. */
  progress: number;
}

/** What the user is told about a task, wherever they are. */
export type ExportNotice =
  | { kind: 'generating' }
  | { kind: 'ready' }
  /** `message`: the server's reason (already localized), null for the generic one; `timedOut`: out of polls. */
  | { kind: 'failed'; message: string | null; timedOut: boolean };

export interface ExportTaskEffects {
  fetchTask: FetchTask;
  download: (url: string) => void;
  notify: (notice: ExportNotice) => void;
}

const IDLE: ExportTaskView = { phase: 'idle', progress: 0 };

type TaskActor = Actor<typeof exportProgressMachine>;

interface Entry {
  actor: TaskActor;
  /** The export call is on its way (no token yet): the key counts as busy already. */
  starting: boolean;
  view: ExportTaskView;
}

/** Whether a task in this phase blocks another export under its key. */
export const isBusy = (view: ExportTaskView): boolean => view.phase === 'starting' || view.phase === 'running';

/**
 * A store of background export tasks. `timing` overrides the machine's intervals (tests).
 */
export function createExportTasks(effects: ExportTaskEffects, timing: Omit<ExportProgressInput, 'fetchTask'> = {}) {
  const entries = new Map<string, Entry>();
  const listeners = new Map<string, Set<() => void>>();
  const emit = (key: string) => listeners.get(key)?.forEach((l) => l());

  const viewOf = (entry: Entry): ExportTaskView => {
    const s = entry.actor.getSnapshot();
    if (s.matches('running')) return { phase: 'running', progress: s.context.progress };
    if (entry.starting) return { phase: 'starting', progress: 0 };
    if (s.matches('done')) return { phase: 'done', progress: 100 };
    if (s.matches('failed')) return { phase: 'failed', progress: s.context.progress };
    return IDLE;
  };
  /** Recomputes the key's view; a new object (and listeners told) only when it changed. */
  const refresh = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    const next = viewOf(entry);
    if (next.phase === entry.view.phase && next.progress === entry.view.progress) return;
    entry.view = next;
    emit(key);
  };

  const machine = exportProgressMachine.provide({
    actions: {
      remind: () => effects.notify({ kind: 'generating' }),
      download: ({ context }) => {
        if (context.result) {
          effects.download(context.result);
          effects.notify({ kind: 'ready' });
        } else effects.notify({ kind: 'failed', message: null, timedOut: false });
      },
      reportFailure: ({ context }) =>
        effects.notify({ kind: 'failed', message: context.error, timedOut: context.error === null && context.polls >= context.maxPolls }),
    },
  });

  const entryOf = (key: string): Entry => {
    let entry = entries.get(key);
    if (!entry) {
      const actor = createActor(machine, { input: { ...timing, fetchTask: effects.fetchTask } });
      entry = { actor, starting: false, view: IDLE };
      entries.set(key, entry);
      actor.subscribe(() => refresh(key));
      actor.start();
    }
    return entry;
  };

  const store = {
    /** The key's task as a page shows it (the same object until it changes: useSyncExternalStore). */
    view: (key: string): ExportTaskView => entries.get(key)?.view ?? IDLE,
    /** Whether an export under this key is starting or running (a second one is refused). */
    busy: (key: string): boolean => isBusy(store.view(key)),
    subscribe(key: string, l: () => void): () => void {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(l);
      return () => {
        set.delete(l);
        if (!set.size) listeners.delete(key);
      };
    },
    /** Follows the task of `token` under `key` (ignored while one runs there, as the machine does). */
    start(key: string, token: string): void {
      const entry = entryOf(key);
      entry.starting = false;
      entry.actor.send({ type: 'export.start', token });
      refresh(key);
    },
    /**
     * Starts an export under `key` and follows its task: the key is busy from the call on (a second
     * Enter while the call is on its way is refused too). Answers false when refused because busy;
     * a failed call frees the key and rejects with its error.
     */
    async run(key: string, begin: () => Promise<{ token: string }>): Promise<boolean> {
      if (store.busy(key)) return false;
      const entry = entryOf(key);
      entry.starting = true;
      refresh(key);
      let token: string;
      try {
        token = (await begin()).token;
      } catch (err) {
        entry.starting = false;
        refresh(key);
        throw err;
      }
      // The session may have ended meanwhile (cancelAll dropped the entry).
      if (entries.get(key) !== entry) return false;
      store.start(key, token);
      return true;
    },
    /** Stops following every task (the session ended: their polls would be refused). */
    cancelAll(): void {
      const keys = [...entries.keys()];
      for (const entry of entries.values()) entry.actor.stop();
      entries.clear();
      keys.forEach(emit);
    },
  };
  return store;
}

export type ExportTasks = ReturnType<typeof createExportTasks>;

/** Downloads a file URL (the server answers it as an attachment), from no page in particular. */
export function downloadUrl(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** A notice about a task, in the language of the moment it is shown. */
export function showExportNotice(notice: ExportNotice): void {
  if (notice.kind === 'generating') notifications.show({ color: 'blue', message: i18n.t('common:exportGenerating') });
  else if (notice.kind === 'ready') notifications.show({ color: 'green', message: i18n.t('common:exportReady') });
  else notifications.show({ color: 'red', message: notice.message ?? i18n.t(notice.timedOut ? 'common:exportTimedOut' : 'common:exportFail') });
}

/** The app's export tasks: they outlive the pages that start them, not the session. */
export const exportTasks = createExportTasks({ fetchTask: fetchExportTask, download: downloadUrl, notify: showExportNotice });

let signedIn = !!sessionStore.getState().token;
sessionStore.subscribe(() => {
  const now = !!sessionStore.getState().token;
  if (signedIn && !now) exportTasks.cancelAll();
  signedIn = now;
});
