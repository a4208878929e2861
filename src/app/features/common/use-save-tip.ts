/**
 * The save-tip question for an editor with unsaved changes: `const tip = useSaveTip();` then
 * `await tip.ask()` answers 'yes' | 'no' | 'cancel', and `<SaveTipDialog {...tip.dialog} />` shows it.
 * leaveWithSaveTip (save-tip.ts) runs the usual flow: Yes saves then proceeds, No proceeds, Cancel stays.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { createSaveTip, type SaveTipAnswer } from './save-tip';

export interface SaveTip {
  ask: () => Promise<SaveTipAnswer>;
  opened: boolean;
  /** Props of <SaveTipDialog>. */
  dialog: { opened: boolean; onAnswer: (a: SaveTipAnswer) => void };
}

export function useSaveTip(): SaveTip {
  const tip = useMemo(() => createSaveTip(), []);
  const opened = useSyncExternalStore(tip.subscribe, tip.isOpen, tip.isOpen);
  return { ask: tip.ask, opened, dialog: { opened, onAnswer: tip.answer } };
}
