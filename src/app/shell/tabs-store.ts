/**
 * Visited-page tabs (spec 01 §2 shell layout). Each visited page path is a tab; affix tabs
 * (home, /common) cannot be closed. A tab whose page reported unsaved changes (useTabDirty) is
 * not closed: a close request is raised instead, which the page (or the shell's default
 * confirmation) answers. Closing the active tab moves to the last remaining tab, else root.
 * Kept in sessionStorage so a reload of /common keeps them; logout and refresh clear them.
 *
 * A tab keeps its page's draft while the user works elsewhere (tab-state.ts keeps the state of
 * editor pages per tab; it is dropped when the tab closes), so a background tab can be dirty:
 * closing it — directly, by close others or close all — raises the close request too.
 *
 * The decisions are pure functions (closeTabs); the store wires them to state and listeners.
 */
import { useSyncExternalStore } from 'react';

export interface Tab {
  /** Pathname: the tab's identity. */
  path: string;
  /** Last full location (path + search) to return to. */
  href: string;
  /** Route-table page key (title from menu.json). */
  pageKey: string;
  affix: boolean;
}

export interface CloseRequest {
  path: string;
  /** Close anyway (discarding the unsaved changes). */
  close: () => void;
}

export interface CloseOutcome {
  tabs: Tab[];
  /** Dirty tabs that were asked to close: they stay open and raise a close request. */
  refused: Tab[];
  /** Where to go when the active tab was closed, else null. */
  navigateTo: string | null;
}

/** Pure: closes `toClose` (paths) unless affix or dirty; decides where the active tab goes. */
export function closeTabs(tabs: readonly Tab[], toClose: readonly string[], dirty: ReadonlySet<string>, activePath: string, rootPath = '/'): CloseOutcome {
  const closing = new Set(toClose);
  const refused: Tab[] = [];
  const kept: Tab[] = [];
  for (const t of tabs) {
    if (!closing.has(t.path) || t.affix) kept.push(t);
    else if (dirty.has(t.path)) {
      refused.push(t);
      kept.push(t);
    } else {
      /* closed */
    }
  }
  const activeClosed = !kept.some((t) => t.path === activePath) && tabs.some((t) => t.path === activePath);
  return { tabs: kept, refused, navigateTo: activeClosed ? (kept.at(-1)?.href ?? rootPath) : null };
}

/**
 * Pure: the tab `delta` steps from the active one, wrapping around (the tabs.next / tabs.previous
 * keys); null when there is nowhere else to go. A page without a tab yet (just opened: its tab is
 * recorded after it draws) counts as the last tab, where its tab will be: previous is the last
 * tab so far, next the first.
 */
export function adjacentTab(tabs: readonly Tab[], activePath: string, delta: number): Tab | null {
  if (!tabs.length) return null;
  const i = tabs.findIndex((t) => t.path === activePath);
  if (i < 0) return delta < 0 ? tabs[tabs.length - 1] : tabs[0];
  if (tabs.length === 1) return null;
  return tabs[(((i + delta) % tabs.length) + tabs.length) % tabs.length];
}

const STORAGE_KEY = 'ledgerdesk.tabs';

function load(): Tab[] {
  try {
    const raw = typeof sessionStorage !== 'undefined' ? sessionStorage.getItem(STORAGE_KEY) : null;
    return raw ? (JSON.parse(raw) as Tab[]) : [];
  } catch {
    return [];
  }
}

type Listener = () => void;

function createTabsStore() {
  let tabs: Tab[] = load();
  let dirty = new Set<string>();
  const listeners = new Set<Listener>();
  const closeListeners = new Set<(r: CloseRequest) => void>();
  /** Told about every tab that goes (closed, discarded, cleared), so per-tab state is dropped. */
  const goneListeners = new Set<(paths: readonly string[]) => void>();
  /** Saves of the pages showing now (useTabDirty's `save`), by tab path. */
  const savers = new Map<string, () => Promise<boolean>>();
  /** Tabs whose page can save its changes when asked from outside (it registered a save while it showed). */
  const savable = new Set<string>();
  const saverListeners = new Set<() => void>();
  const gone = (paths: readonly string[]) => {
    for (const p of paths) savable.delete(p);
    if (paths.length) goneListeners.forEach((l) => l(paths));
  };
  /** Close handlers registered by pages (useTabDirty's second argument), by tab path. */
  const pageHandlers = new Map<string, (close: () => void) => void>();
  const emit = () => {
    if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
    listeners.forEach((l) => l());
  };
  let snapshot = { tabs, dirty };
  const commit = () => {
    snapshot = { tabs, dirty };
    emit();
  };

  const store = {
    getSnapshot: () => snapshot,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    /** Records a visit; affix tabs are kept first. */
    visit(tab: Tab) {
      const i = tabs.findIndex((t) => t.path === tab.path);
      if (i >= 0) {
        if (tabs[i].href === tab.href && tabs[i].pageKey === tab.pageKey) return;
        tabs = tabs.map((t, j) => (j === i ? { ...t, href: tab.href, pageKey: tab.pageKey } : t));
      } else if (tab.affix) {
        const lastAffix = tabs.findLastIndex((t) => t.affix);
        tabs = [...tabs.slice(0, lastAffix + 1), tab, ...tabs.slice(lastAffix + 1)];
      } else tabs = [...tabs, tab];
      commit();
    },
    setDirty(path: string, isDirty: boolean) {
      if (dirty.has(path) === isDirty) return;
      dirty = new Set(dirty);
      if (isDirty) dirty.add(path);
      else dirty.delete(path);
      commit();
    },
    /** Subscribe to close requests of dirty tabs. Returns an unsubscribe function. */
    onCloseRequest(l: (r: CloseRequest) => void) {
      closeListeners.add(l);
      return () => {
        closeListeners.delete(l);
      };
    },
    /** A page answers its own tab's close requests (e.g. with a save dialog). */
    registerCloseHandler(path: string, handler: (close: () => void) => void) {
      pageHandlers.set(path, handler);
      return () => {
        if (pageHandlers.get(path) === handler) pageHandlers.delete(path);
      };
    },
    /**
     * Closes tabs; returns where to navigate when the active one closed. Dirty ones raise a close
     * request whose `close` closes that tab regardless.
     */
    close(paths: readonly string[], activePath: string, navigate: (href: string) => void) {
      const out = closeTabs(tabs, paths, dirty, activePath);
      const closed = tabs.filter((t) => !out.tabs.includes(t)).map((t) => t.path);
      tabs = out.tabs;
      commit();
      gone(closed);
      if (out.navigateTo) navigate(out.navigateTo);
      for (const t of out.refused) {
        const request: CloseRequest = {
          path: t.path,
          close: () => {
            store.setDirty(t.path, false);
            store.close([t.path], currentPath(), navigate);
          },
        };
        const own = pageHandlers.get(t.path);
        if (own) own(request.close);
        else closeListeners.forEach((l) => l(request));
      }
    },
    closeOthers(keep: string, activePath: string, navigate: (href: string) => void) {
      store.close(tabs.filter((t) => t.path !== keep).map((t) => t.path), activePath, navigate);
    },
    closeAll(activePath: string, navigate: (href: string) => void) {
      store.close(tabs.map((t) => t.path), activePath, navigate);
    },
    /**
     * A page saves its own changes when the shell asks (leaving with unsaved changes: logout, a
     * company switch). Resolves whether the save went through. Only while the page shows.
     */
    registerSaver(path: string, save: () => Promise<boolean>) {
      savers.set(path, save);
      savable.add(path);
      saverListeners.forEach((l) => l());
      return () => {
        if (savers.get(path) === save) savers.delete(path);
      };
    },
    /** Whether the tab's page can save its changes when asked (it shows now, or will once shown again). */
    canSave: (path: string) => savable.has(path),
    /** The save of the tab's page once it shows (resolves null after `timeoutMs` without one). */
    whenSaver(path: string, timeoutMs: number): Promise<(() => Promise<boolean>) | null> {
      const now = savers.get(path);
      if (now) return Promise.resolve(now);
      return new Promise((resolve) => {
        const done = (save: (() => Promise<boolean>) | null) => {
          clearTimeout(timer);
          saverListeners.delete(check);
          resolve(save);
        };
        const check = () => {
          const save = savers.get(path);
          if (save) done(save);
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        saverListeners.add(check);
      });
    },
    /** Subscribe to tabs going away (closed or cleared): drop what was kept for them. */
    onTabsGone(l: (paths: readonly string[]) => void) {
      goneListeners.add(l);
      return () => {
        goneListeners.delete(l);
      };
    },
    /** Paths of the tabs with unsaved changes, in tab order. */
    dirtyTabs(): Tab[] {
      return tabs.filter((t) => dirty.has(t.path));
    },
    /** Throws away a tab's unsaved changes (it stays open, clean, its kept state dropped). */
    discard(path: string) {
      store.setDirty(path, false);
      gone([path]);
    },
    /** Drops tabs the user may no longer open (after a company switch changed the rights). */
    retain(keep: (tab: Tab) => boolean, activePath: string, navigate: (href: string) => void) {
      const dropped = tabs.filter((t) => !t.affix && !keep(t));
      if (!dropped.length) return;
      const paths = dropped.map((t) => t.path);
      dirty = new Set([...dirty].filter((p) => !paths.includes(p)));
      const out = closeTabs(tabs, paths, dirty, activePath);
      tabs = out.tabs;
      commit();
      gone(paths);
      if (out.navigateTo) navigate(out.navigateTo);
    },
    /** Logout and application refresh: every tab goes. */
    clear() {
      const paths = tabs.map((t) => t.path);
      tabs = [];
      dirty = new Set();
      commit();
      gone(paths);
    },
  };
  return store;
}

const currentPath = () => (typeof window !== 'undefined' ? window.location.pathname : '/');

export const tabsStore = createTabsStore();

export function useTabs() {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.getSnapshot, tabsStore.getSnapshot);
}
