/**
 * Commands a page offers in the command palette while it is shown (e.g. "New voucher", "Export"):
 * a page calls usePageCommands([...]) and the palette lists them above the screens. Commands go
 * when the page unmounts. Labels come from the page's own locale texts.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

export interface PageCommand {
  /** Unique within the page. */
  id: string;
  label: string;
  /** More names to find it by (the other language, pinyin initials, synonyms). */
  keywords?: string[];
  /** Shown on the right of the entry, e.g. the page's own key for it. */
  shortcut?: string;
  run: () => void;
}

type Listener = () => void;

export function createPageCommandRegistry() {
  const owners = new Map<symbol, readonly PageCommand[]>();
  const listeners = new Set<Listener>();
  let snapshot: readonly PageCommand[] = [];
  const commit = () => {
    snapshot = [...owners.values()].flat();
    listeners.forEach((l) => l());
  };
  return {
    /** Registers an owner's commands (replacing its earlier ones); returns the unregister function. */
    register(owner: symbol, commands: readonly PageCommand[]) {
      owners.set(owner, commands);
      commit();
      return () => {
        if (owners.delete(owner)) commit();
      };
    },
    getSnapshot: () => snapshot,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

export const pageCommands = createPageCommandRegistry();

/** Offers commands in the palette while the calling component is mounted. */
export function usePageCommands(commands: readonly PageCommand[]): void {
  const [owner] = useState(() => Symbol('page-commands'));
  const latest = useRef(commands);
  useEffect(() => {
    latest.current = commands;
  });
  // Re-register only when what the palette shows changes; `run` always calls the latest closure.
  const shape = JSON.stringify(commands.map((c) => [c.id, c.label, c.keywords, c.shortcut]));
  useEffect(() => {
    const wrapped = latest.current.map((c) => ({ ...c, run: () => latest.current.find((x) => x.id === c.id)?.run() }));
    return pageCommands.register(owner, wrapped);
  }, [owner, shape]);
}

export function usePageCommandList(): readonly PageCommand[] {
  return useSyncExternalStore(pageCommands.subscribe, pageCommands.getSnapshot, pageCommands.getSnapshot);
}
