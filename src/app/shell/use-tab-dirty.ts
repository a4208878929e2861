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
 */
import { useEffect, useRef } from 'react';
import { tabsStore } from './tabs-store';
import { useTabPath } from './tab-state';

export function useTabDirty(dirty: boolean, onCloseRequest?: (close: () => void) => void, options: { kept?: boolean; save?: () => Promise<boolean> } = {}): void {
  // The page's own tab (its route match), not the router's location: while the page being left is
  // still drawn with the next page's location, a location-keyed flag marked the next tab unsaved.
  const path = useTabPath();
  const handler = useRef(onCloseRequest);
  useEffect(() => {
    handler.current = onCloseRequest;
  });
  useEffect(() => {
    tabsStore.setDirty(path, dirty);
  }, [path, dirty]);
  // Leaving a page that does not keep its state drops the unsaved changes, and the flag with them.
  const kept = !!options.kept;
  useEffect(() => (kept ? undefined : () => tabsStore.setDirty(path, false)), [path, kept]);
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
