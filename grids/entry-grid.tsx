/**
 * The entry grid: the AG Grid binding of the kit that the voucher, reimbursement, cash-bank
 * journal and auxiliary-rows screens plug their column data into.
 *
 * The grid never owns or mutates rows. It renders `state.rows` (read-only edit, `getRowId`) and
 * turns every edit, key command, menu choice and paste into a `SheetEvent` for `dispatch` — the
 * screen's reducer or machine applies `reduceSheet` and hands the new state back. To move the
 * caret right after an edit (before the screen re-renders) the grid applies the same pure
 * reducer to its latest state as a preview; the contract that makes this safe is in ENTRY-KIT.md
 * ("The preview contract"). A read-only grid neither previews nor sends edits, and says why.
 *
 * The parts, each a hook over the shared refs of `use-grid-core.ts`:
 * - `use-sheet-preview.ts`  the preview contract: draw an event at once, dispatch it, fall back;
 * - `use-caret.ts`          caret and navigation: focus, entry order, arrows, Tab, rows added;
 * - `use-cell-range.ts`     the Shift+arrows block; `use-clipboard.ts` Ctrl+C / Ctrl+V;
 * - `use-grid-commands.ts`  commands (row operations, undo / redo, `=`, space, F7…);
 * - `use-grid-keys.ts`      keys without an open editor (`key-bindings.ts` is the table);
 * - `use-kit-context.ts`    what the editors call (commit and move, `..` / `//`…);
 * - `use-grid-messages.ts`  reports and refusals; `use-row-menu.ts` the row menu;
 * - `use-entry-ag-grid.tsx` the AG Grid element and its options.
 */
import './entry-grid.css';
import { useEffect, useId, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { entryGridHeightPx, entryRowsIn } from './entry-grid-setup';
import { useFillHeight } from './list/use-fill-height';
import { firstEntryColId } from './entry-order';
import { ENTRY_AUTOFOCUS_ATTR } from './focus-first-cell';
import { landTypeAhead } from './type-ahead';
import type { EntryGridProps } from './entry-grid-types';
import type { GridCommand } from './key-bindings';
import { RowMenu } from './row-menu';
import { canRedo, canUndo } from './sheet';
import type { SheetRow } from './sheet-schema';
import { useCaret } from './use-caret';
import { useCellRange } from './use-cell-range';
import { useClipboard } from './use-clipboard';
import { useEntryAgGrid } from './use-entry-ag-grid';
import { useGridCommands } from './use-grid-commands';
import { useGridCore } from './use-grid-core';
import { useGridKeys } from './use-grid-keys';
import { useGridMessages } from './use-grid-messages';
import { useKitContext } from './use-kit-context';
import { useRowMenu } from './use-row-menu';
import { useSheetPreview } from './use-sheet-preview';

export type { EntryGridHandle, EntryGridProps, GridReport, PickerHook, PickerRequest } from './entry-grid-types';

/** No box to measure: a grid without `fillPage`. */
const NO_BOX = { current: null };

/** Commands a read-only grid still runs from its handle (toolbar buttons): the caret's and Ctrl+C. */
const READ_ONLY_COMMANDS: ReadonlySet<GridCommand> = new Set(['moveNext', 'movePrevious', 'copyCell']);

export function EntryGrid<R extends SheetRow>(props: EntryGridProps<R>) {
  const { schema, state, dispatch, pickers, totalsLabel, onReport, lockReason, lockMessage, height = 'auto', autoFocus = false, caretAt, onInteractive, testId, handleRef, fillPage } = props;
  const { t, i18n } = useTranslation('grid');
  const readOnly = Boolean(props.readOnly) || state.locked;
  const scope = `entry-grid-${useId()}`;

  const core = useGridCore(schema, state, readOnly);
  // `fillPage`: the rows that fit the window under `maxRows` (the page's height measured, not guessed).
  const filled = useFillHeight(fillPage ? core.containerRef : NO_BOX, entryGridHeightPx(fillPage?.minRows ?? 1));
  const maxRows = fillPage && filled !== undefined && props.maxRows !== undefined ? Math.min(props.maxRows, Math.max(fillPage.minRows, entryRowsIn(filled))) : props.maxRows;
  const messages = useGridMessages(schema, t, scope, onReport, lockReason, lockMessage);
  const range = useCellRange(core);
  const preview = useSheetPreview(core, state.rows, i18n.language, dispatch, range.clear);
  // A grid that scrolls its rows itself: a fixed height, or more rows than `maxRows` (it keeps the
  // height of `maxRows` rows). Only then does the caret ask AG Grid to bring its row into view.
  const scrolls = height !== 'auto' || (maxRows !== undefined && state.rows.length > maxRows);
  const fixedHeight = height !== 'auto' ? height : scrolls && maxRows !== undefined ? entryGridHeightPx(maxRows) : undefined;
  const scrollsRef = useRef(scrolls);
  scrollsRef.current = scrolls;
  const caret = useCaret(core, scrollsRef, preview.send);
  // Rows added past `maxRows` switch the grid to scrolling its rows: keep the caret's row in view.
  useEffect(() => {
    const api = core.apiRef.current;
    const cell = api?.getFocusedCell();
    if (scrolls && api && cell && !cell.rowPinned) api.ensureIndexVisible(cell.rowIndex);
  }, [core, scrolls]);
  const rowMenu = useRowMenu<R>(caret.focusCell);
  const commands = useGridCommands({ core, caret, send: preview.send, messages, pickers, openMenuAt: rowMenu.openMenuAt });
  useKitContext({ core, readOnly, t, caret, send: preview.send, commands, messages, totalsLabel });
  useGridKeys(core, scope, caret, range, commands, messages);
  useClipboard(core, caret, range, preview.send, messages, t);

  useImperativeHandle(
    handleRef,
    () => ({
      focusCell: caret.focusCell,
      focusFirstCell: () => {
        const first = core.latest.current.rows[0];
        if (first) caret.focusCell(first.id, firstEntryColId(schema, first));
        landTypeAhead(core.containerRef.current);
      },
      runCommand: (command: GridCommand) => {
        if (core.readOnlyRef.current && !READ_ONLY_COMMANDS.has(command)) {
          messages.refuseLocked();
          return;
        }
        commands.run(command, caret.focusedCell());
      },
      api: () => core.apiRef.current,
      element: () => core.containerRef.current,
    }),
    [core, schema, caret, commands, messages],
  );

  const grid = useEntryAgGrid({ core, t, language: i18n.language, scrolls, keepScrollbar: maxRows !== undefined, autoFocus, caretAt, onInteractive, caret, preview, range, rowMenu, messages });

  const onMenuCommand = (command: GridCommand) => {
    const cell = rowMenu.takeMenuCell();
    if (!cell) return;
    requestAnimationFrame(() => {
      caret.focusCell(cell.rowId, cell.colId);
      commands.run(command, cell);
    });
  };

  return (
    <div
      ref={core.containerRef}
      className={`ld-entry-grid${readOnly ? ' ld-entry-grid--readonly' : ''}`}
      data-testid={testId ?? schema.id}
      data-readonly={readOnly || undefined}
      {...(autoFocus ? { [ENTRY_AUTOFOCUS_ATTR]: '' } : {})}
      style={fixedHeight === undefined ? undefined : { height: fixedHeight }}
    >
      {grid}
      {rowMenu.menu && (
        <RowMenu
          anchor={rowMenu.menu}
          readOnly={readOnly}
          canUndo={canUndo(state)}
          canRedo={canRedo(state)}
          onCommand={onMenuCommand}
          onClose={rowMenu.onMenuClose}
          testId={`${testId ?? schema.id}-menu`}
        />
      )}
    </div>
  );
}
