/**
 * The keys every list screen (ListGrid inside a list page) answers, as the shortcuts dialog (F1)
 * lists them, each beside where it is implemented. New's key is the standard action's own
 * (list-actions.ts); src/app/shell/list-key-help.test.ts checks the page turn against paging.ts,
 * and that every line has its text in both languages (`grid:listKeys.<id>`).
 */
import { shortcutHint, standardActions } from './list-actions';

export interface ListKeyHelp {
  id: string;
  /** The key as shown (platform-neutral: lists use no Cmd keys). */
  keys: string;
}

export const LIST_KEY_HELP: readonly ListKeyHelp[] = [
  // list-actions.ts standardActions.new: on every list with a New button.
  { id: 'new', keys: shortcutHint(standardActions.new.shortcut) },
  // grids/list/list-grid.tsx onCellKeyDown: Enter on a row opens it (a multi picker ticks it).
  { id: 'open', keys: 'Enter' },
  // AG Grid's row selection: Space ticks the focused row.
  { id: 'tick', keys: 'Space' },
  // list-page.tsx onKeyDown: Delete asks to delete the ticked rows.
  { id: 'delete', keys: 'Delete' },
  // AG Grid's own: Home / End to the first cell of the first row / the last cell of the last row.
  { id: 'edges', keys: 'Home / End' },
  // grids/list/edge-rows.ts (list-grid.tsx and read-grid.tsx): the same column, first / last row.
  { id: 'edgeRows', keys: 'Ctrl+Home / Ctrl+End' },
  // grids/list/paging.ts edgePageTurn: PageDown on the last row, PageUp on the first, turn the page.
  { id: 'pages', keys: 'PageDown / PageUp' },
  // grids/list/list-grid.tsx keyword box: Enter searches, ↓ goes to the first row.
  { id: 'search', keys: 'Enter' },
  { id: 'intoList', keys: '↓' },
  // list-actions.ts shortcutHint: a toolbar button with a key of its own shows it in its label.
  { id: 'buttons', keys: 'Alt+…' },
];
