/**
 * The screen's side of commands held with the type-ahead (grids/type-ahead.ts): a command key
 * pressed while a save is under way, or while the caret is being re-seated, waits its turn with the
 * keys typed around it and is run here, by the screen that has the caret when that turn comes,
 * which may be another page than the one it was pressed on (a new voucher shown under its id).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { onHeldCommand } from '../../../../grids/type-ahead';

export function useHeldCommands(rootRef: RefObject<HTMLElement | null>, run: (command: string) => Promise<unknown>): void {
  const latest = useRef(run);
  useLayoutEffect(() => {
    latest.current = run;
  });
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    return onHeldCommand(root, (command) => latest.current(command));
  }, [rootRef]);
}
