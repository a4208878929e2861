/**
 * For editor screens: report unsaved changes of the current page so its tab is not closed
 * silently. While `dirty` is true, closing the tab (close, close others, close all) raises a
 * close request instead: `onCloseRequest(close)` when given (show a save dialog, call `close()`
 * to discard and close), else the shell's default "close without saving?" confirmation.
 *
 *   useTabDirty(form.isDirty(), (close) => openSaveDialog({ onDiscard: close }));
 */
import { useEffect, useRef } from 'react';
import { useLocation } from '@tanstack/react-router';
import { tabsStore } from './tabs-store';

export function useTabDirty(dirty: boolean, onCloseRequest?: (close: () => void) => void): void {
  const path = useLocation({ select: (l) => l.pathname });
  const handler = useRef(onCloseRequest);
  useEffect(() => {
    handler.current = onCloseRequest;
  });
  useEffect(() => {
    tabsStore.setDirty(path, dirty);
  }, [path, dirty]);
  // Leaving the page drops its unsaved state, so the tab is no longer dirty.
  useEffect(() => () => tabsStore.setDirty(path, false), [path]);
  const hasHandler = onCloseRequest !== undefined;
  useEffect(() => {
    if (!hasHandler) return;
    return tabsStore.registerCloseHandler(path, (close) => handler.current?.(close));
  }, [path, hasHandler]);
}
