/**
 * A screen's "something is running" flag, read synchronously. `busy` draws disabled buttons; key and
 * click paths ask `busyNow()`, which a handler made in an older render still reads right: a key
 * pressed just after an answer is not dropped by a render that has not caught up, and two presses in
 * one frame (Ctrl+S twice) do not both start.
 */
import { useCallback, useRef, useState } from 'react';

export function useBusy() {
  const [busy, setBusyState] = useState(false);
  const ref = useRef(false);
  const setBusy = useCallback((on: boolean) => {
    ref.current = on;
    setBusyState(on);
  }, []);
  const busyNow = useCallback(() => ref.current, []);
  /**
   * Runs `work` unless something runs already (then answers `refused`). Busy is taken before
   * `work`'s first await, so a second call in the same frame is refused.
   */
  const exclusive = useCallback(async <T, R>(work: () => Promise<T>, refused: R): Promise<T | R> => {
    if (ref.current) return refused;
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  }, [setBusy]);
  return { busy, busyNow, setBusy, exclusive };
}
