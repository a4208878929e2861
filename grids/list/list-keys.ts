/**
 * The keys every list screen (ListGrid inside a list page) answers, as the shortcuts dialog (F1)
 * lists them. Each line names where it is implemented; src/app/shell/list-key-help.test.ts checks
 * New's key against the standard action and the page turn against paging.ts, and that every line has
 * its text in both languages (the other lines are read from their comments, not tested).
 *
 * The texts are `grid:listKeys.<id>` in the catalogues.
 */
export interface ListKeyHelp {
  id: string;
  /** The key as shown (platform-neutral: lists use no Ctrl/Cmd keys). */
  keys: string;
}

export const LIST_KEY_HELP: readonly ListKeyHelp[] = [
  // features/common/list-actions.ts standardActions.new: Alt+N on every list with a New button.
  { id: 'new', keys: 'Alt+N' },
  // list-grid.tsx onCellKeyDown: Enter on a row opens it (a multi picker ticks it).
  { id: 'open', keys: 'Enter' },
  // AG Grid's row selection: Space ticks the focused row.
  { id: 'tick', keys: 'Space' },
  // features/common/list-page.tsx onKeyDown: Delete asks to delete the ticked rows.
  { id: 'delete', keys: 'Delete' },
  // edge-rows.ts: Home / End to the first / last row.
  { id: 'edges', keys: 'Home / End' },
  // paging.ts edgePageTurn: PageDown on the last row, PageUp on the first, turn the page.
  { id: 'pages', keys: 'PageDown / PageUp' },
  // list-grid.tsx keyword box: Enter searches, ↓ goes to the first row.
  { id: 'search', keys: 'Enter' },
  { id: 'intoList', keys: '↓' },
  // list-actions.ts shortcutHint: a toolbar button with a key of its own shows it in its label.
  { id: 'buttons', keys: 'Alt+…' },
];
