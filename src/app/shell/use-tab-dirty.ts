/**
 * For editor screens: report unsaved changes of the current page so its tab is not closed
 * silently. While `dirty` is true, closing the tab (close, close others, close all) raises a
 * close request instead: `onCloseRequest(close)` when given (show a save dialog, call `close()`
 * to discard and close), else the shell's default "close without saving?" confirmation.
 *
 *   useTabDirty(form.dirty, (close) => openSaveDialog({ onDiscard: close }), { kept: true });
 *
 * `kept`: the page keeps its unsaved state with the tab (tab-state.ts), so the tab stays dirty
 * after the page unmounts (the user went to another tab); otherwise leaving the page drops the
 * changes and the flag with them.
 *
 * `save`: the page's own save, resolving whether it went through; leaving the application with
 * its changes (logout, a company switch: dirty-guard.tsx) then asks Yes / No / Cancel and Yes
 * saves them.
 *
 * Several editors of one tab may report (a page and a form dialog over it): the tab is unsaved
 * while any of them is. A dialog that closes, or goes with its page, takes back only its own
 * report, never the page's kept one (it used to clear the tab's flag with it).
 */
import { useEffect, useRef, useState } from 'react';
import { tabsStore } from './tabs-store';
import { useTabPath } from './tab-state';

/** Who reports for a tab: the page's kept state (one per tab, the same when the page comes back), or one mounted editor. */
type Reporter = symbol;
const KEPT: Reporter = Symbol('kept');
/** Per tab, the reporters with unsaved changes. */
const reporting = new Map<string, Set<Reporter>>();
tabsStore.onTabsGone((paths) => paths.forEach((p) => reporting.delete(p)));

function report(path: string, who: Reporter, dirty: boolean) {
  let set = reporting.get(path);
  if (!set) reporting.set(path, (set = new Set()));
  if (dirty) set.add(who);
  else set.delete(who);
  tabsStore.setDirty(path, set.size > 0);
}

export function useTabDirty(dirty: boolean, onCloseRequest?: (close: () => void) => void, options: { kept?: boolean; save?: () => Promise<boolean> } = {}): void {
  // The page's own tab (its route match), not the router's location: while the page being left is
  // still drawn with the next page's location, a location-keyed flag marked the next tab unsaved.
  const path = useTabPath();
  const handler = useRef(onCloseRequest);
  useEffect(() => {
    handler.current = onCloseRequest;
  });
  const kept = !!options.kept;
  const [own] = useState<Reporter>(() => Symbol('editor'));
  const who = kept ? KEPT : own;
  useEffect(() => {
    report(path, who, dirty);
  }, [path, who, dirty]);
  // Leaving a page that does not keep its state drops the unsaved changes, and the flag with them.
  useEffect(() => (kept ? undefined : () => report(path, who, false)), [path, who, kept]);
  const saver = useRef(options.save);
  useEffect(() => {
    saver.current = options.save;
  });
  const hasSaver = options.save !== undefined;
  useEffect(() => {
    if (!hasSaver) return;
    return tabsStore.registerSaver(path, async () => (saver.current ? saver.current() : false));
  }, [path, hasSaver]);
  const hasHandler = onCloseRequest !== undefined;
  useEffect(() => {
    if (!hasHandler) return;
    return tabsStore.registerCloseHandler(path, (close) => handler.current?.(close));
  }, [path, hasHandler]);
}
