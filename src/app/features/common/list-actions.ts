/**
 * The pure half of the list-page scaffold (list-page.tsx): which declared actions a toolbar or a
 * row shows and whether they are enabled for the rows they would act on, and the delete run that
 * deletes records one by one and reports per record. No React here, so it is unit-tested.
 */
import type { ReactNode } from 'react';
import { keyNameOf, parseChords, type KeyLike } from '../../../../grids/key-bindings';
import type { SortParam } from '../../../../grids/list/columns';

/** What a toolbar button needs selected: nothing, exactly one row, or at least one row. */
export type ActionSelection = 'none' | 'one' | 'some';
/** Toolbar button, icon in the row's actions cell, or both. */
export type ActionPlacement = 'toolbar' | 'row' | 'both';
export type ActionTone = 'primary' | 'default' | 'danger';

/** Actions every master-data list offers; they bring their label, icon, selection rule and tone. */
export const standardActions = {
  // Alt+N: New on every list, as in the voucher editor (Kingdee's 新增 key).
  new: { labelKey: 'common:new', selection: 'none', tone: 'primary', shortcut: 'alt+n' },
  edit: { labelKey: 'common:edit', selection: 'one', tone: 'default' },
  view: { labelKey: 'common:view', selection: 'one', tone: 'default' },
  copy: { labelKey: 'common:copy', selection: 'one', tone: 'default' },
  enable: { labelKey: 'common:enable', selection: 'some', tone: 'default' },
  disable: { labelKey: 'common:disable', selection: 'some', tone: 'default' },
  import: { labelKey: 'common:import', selection: 'none', tone: 'default' },
  template: { labelKey: 'common:importTemplate', selection: 'none', tone: 'default' },
  export: { labelKey: 'common:export', selection: 'some', tone: 'default' },
  delete: { labelKey: 'common:delete', selection: 'some', tone: 'danger' },
} as const satisfies Record<string, { labelKey: string; selection: ActionSelection; tone: ActionTone; shortcut?: string }>;

export type StandardActionKey = keyof typeof standardActions;

export interface ListAction<T> {
  /** Identifies the action; a standard key brings defaults. Row icons get data-testid `row-action-<key>`. */
  key: StandardActionKey | (string & {});
  /** Shown text (already translated); defaults to the standard action's label. */
  label?: string;
  /** Icon of the button and the row icon (standard actions have one). */
  icon?: ReactNode;
  /** Selection a toolbar button needs (standard default, else 'none'). A row icon always acts on its row. */
  selection?: ActionSelection;
  /** Further condition on the rows acted on (e.g. "not the main ledger", "not yourself"). */
  when?: (rows: T[]) => boolean;
  /**
   * Why the action may not run on these rows (translated text), or null: a refusal disables it like
   * `when`, is the tooltip of its disabled button and row icon, and the notice its key shows.
   */
  refusal?: (rows: T[]) => string | null;
  /** false hides the action altogether (the caller lacks the right). Default true. */
  allowed?: boolean;
  placement?: ActionPlacement;
  /**
   * Which rows get its icon (default every row): an action that never applies to a kind of row (a
   * parent budget's delete, spec 02 §2.2) shows no icon there rather than a greyed one.
   */
  rowIcon?: (row: T) => boolean;
  tone?: ActionTone;
  /** A mutation is running: the button spins and refuses clicks. */
  loading?: boolean;
  /** data-testid of the toolbar button (default `list-action-<key>`). */
  testId?: string;
  /**
   * The list's own key for the toolbar button ('alt+b', hotkeys syntax): pressed anywhere in the list
   * (a row, the keyword box) it runs the action on the selection like a click; the button shows it.
   */
  shortcut?: string;
  /** Runs on the rows acted on; `shown` is what the list shows (an export takes its keyword). */
  run: (rows: T[], shown: ListShown) => void;
}

/**
 * What the list shows when an action runs: the keyword it was searched with (not text still being
 * typed in the box) and its sort. An export of "the filter" adds them to the screen's own filters,
 * so the file holds the rows on the screen.
 */
export interface ListShown {
  keyword: string;
  sort: SortParam;
}

export interface ResolvedAction<T> extends ListAction<T> {
  labelKey?: string;
  selection: ActionSelection;
  placement: ActionPlacement;
  tone: ActionTone;
  allowed: boolean;
}

const isStandard = (key: string): key is StandardActionKey => Object.prototype.hasOwnProperty.call(standardActions, key);

/** Fills in the standard defaults; explicit fields win. */
export function resolveAction<T>(action: ListAction<T>): ResolvedAction<T> {
  const std = isStandard(action.key) ? standardActions[action.key] : null;
  return {
    ...action,
    labelKey: action.label === undefined ? std?.labelKey : undefined,
    selection: action.selection ?? std?.selection ?? 'none',
    placement: action.placement ?? 'toolbar',
    tone: action.tone ?? std?.tone ?? 'default',
    shortcut: action.shortcut ?? (std && 'shortcut' in std ? std.shortcut : undefined),
    allowed: action.allowed ?? true,
  };
}

type Gate<T> = Pick<ResolvedAction<T>, 'selection' | 'when' | 'loading' | 'refusal'>;
const selectionFits = <T>(action: Gate<T>, rows: T[]) =>
  !action.loading && !(action.selection === 'one' && rows.length !== 1) && !(action.selection === 'some' && rows.length === 0);

/** Whether the action may run on these rows (the selection for a toolbar button, [row] for a row icon). */
export function actionEnabled<T>(action: Gate<T>, rows: T[]): boolean {
  if (!selectionFits(action, rows)) return false;
  if (action.refusal?.(rows)) return false;
  return action.when ? action.when(rows) : true;
}

/** Why the action may not run on these rows, once the selection fits (its `refusal`); null if nothing refuses. */
export function actionRefusal<T>(action: Gate<T>, rows: T[]): string | null {
  return selectionFits(action, rows) ? action.refusal?.(rows) || null : null;
}

export interface ActionState<T> {
  action: ResolvedAction<T>;
  enabled: boolean;
  /** The refusal shown on the disabled button or icon (null: none). */
  reason: string | null;
}

/** The toolbar's buttons for the current selection, in declaration order; disallowed ones are left out. */
export function toolbarActions<T>(actions: ListAction<T>[], selected: T[]): ActionState<T>[] {
  return actions
    .map(resolveAction)
    .filter((a) => a.allowed && a.placement !== 'row')
    .map((action) => ({ action, enabled: actionEnabled(action, selected), reason: actionRefusal(action, selected) }));
}

/** The icons of one row's actions cell; a row icon ignores the selection rule (it acts on its row). */
export function rowActions<T>(actions: ListAction<T>[], row: T): ActionState<T>[] {
  return actions
    .map(resolveAction)
    .filter((a) => a.allowed && a.placement !== 'toolbar' && (a.rowIcon?.(row) ?? true))
    .map((action) => ({ action, enabled: actionEnabled({ ...action, selection: 'none' }, [row]), reason: actionRefusal({ ...action, selection: 'none' }, [row]) }));
}

const KEY_LABELS: Record<string, string> = { enter: 'Enter', delete: 'Delete', insert: 'Insert', space: 'Space', escape: 'Esc' };

/** A shortcut as the button shows it ('alt+b' → 'Alt+B'). */
export function shortcutHint(shortcut: string): string {
  const [c] = parseChords(shortcut);
  return [c.ctrl && 'Ctrl', c.meta && '⌘', c.alt && 'Alt', c.shift && 'Shift', KEY_LABELS[c.key] ?? c.key.toUpperCase()].filter(Boolean).join('+');
}

/** The toolbar action whose shortcut the key event is, if any (allowed ones only; enabled or not). */
export function actionForKey<T>(actions: ListAction<T>[], event: KeyLike): ResolvedAction<T> | undefined {
  const name = keyNameOf(event);
  return actions.map(resolveAction).find((a) => a.allowed && a.placement !== 'row' && !!a.shortcut
    && parseChords(a.shortcut).some((c) => c.key === name && c.ctrl === event.ctrlKey && c.alt === event.altKey && c.meta === event.metaKey && c.shift === event.shiftKey));
}

/** Changes whenever what the actions show could change, so the grid redraws its action cells then. */
export function actionsSignature<T>(actions: ListAction<T>[]): string {
  return actions.map((a) => `${a.key}:${a.allowed ?? true}:${!!a.loading}:${a.label ?? ''}`).join('|');
}

export interface DeleteFailure<Id> {
  id: Id;
  label: string;
  message: string;
}

export interface DeleteOutcome<Id> {
  deleted: Id[];
  failed: DeleteFailure<Id>[];
}

/**
 * Deletes the rows one at a time (in order, so the server sees one request per record as the spec
 * describes) and keeps going after a failure: every record gets its own result.
 */
export async function runDeletes<T, Id extends string | number>(
  rows: T[],
  deleteOne: (row: T) => Promise<unknown>,
  getRowId: (row: T) => Id,
  rowLabel: (row: T) => string = (row) => String(getRowId(row)),
): Promise<DeleteOutcome<Id>> {
  const outcome: DeleteOutcome<Id> = { deleted: [], failed: [] };
  for (const row of rows) {
    try {
      await deleteOne(row);
      outcome.deleted.push(getRowId(row));
    } catch (err) {
      outcome.failed.push({ id: getRowId(row), label: rowLabel(row), message: err instanceof Error ? err.message : String(err) });
    }
  }
  return outcome;
}

/**
 * The summary notice after deleting several records with some failures (single deletes and
 * complete successes need none: the mutation already said so). Values for `admin:list.deletePartial`.
 */
export function deleteSummary<Id>(outcome: DeleteOutcome<Id>): { key: string; values: Record<string, string | number> } | null {
  const total = outcome.deleted.length + outcome.failed.length;
  if (total < 2 || outcome.failed.length === 0) return null;
  const failures = outcome.failed.map((f) => `${f.label}: ${f.message}`).join('; ');
  return { key: 'admin:list.deletePartial', values: { deleted: outcome.deleted.length, total, failures } };
}
