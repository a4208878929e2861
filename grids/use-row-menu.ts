/**
 * The row menu (Shift+F10 or a right click): where it opens, and the caret's return to its cell
 * when it closes or runs a command.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CellContextMenuEvent } from 'ag-grid-community';
import type { FocusTarget } from './entry-grid-types';
import type { RowMenuAnchor } from './row-menu';
import type { SheetRow } from './sheet-schema';

export interface RowMenuState<R extends SheetRow> {
  /** The open menu's anchor and cell, or null. */
  menu: (RowMenuAnchor & FocusTarget) | null;
  openMenuAt: (cell: FocusTarget, x: number, y: number) => void;
  /** AG Grid `onCellContextMenu`: a right click opens the menu at the pointer. */
  onCellContextMenu: (e: CellContextMenuEvent<R>) => void;
  /** Closes the menu for a chosen command: the cell to run it on, or null when the menu had closed already. */
  takeMenuCell: () => FocusTarget | null;
  /** Closes the menu without a command; the caret returns to its cell. */
  onMenuClose: () => void;
}

export function useRowMenu<R extends SheetRow>(focusCell: (rowId: string, colId: string) => void): RowMenuState<R> {
  const [menu, setMenu] = useState<(RowMenuAnchor & FocusTarget) | null>(null);
  const openMenuAt = useCallback((cell: FocusTarget, x: number, y: number) => setMenu({ ...cell, x, y }), []);

  const onCellContextMenu = useCallback(
    (e: CellContextMenuEvent<R>) => {
      if (e.node.rowPinned || !e.data) return;
      const mouse = e.event as MouseEvent | null;
      const colId = e.column.getColId();
      focusCell(e.data.id, colId);
      openMenuAt({ rowId: e.data.id, colId }, mouse?.clientX ?? 0, mouse?.clientY ?? 0);
    },
    [focusCell, openMenuAt],
  );

  // Choosing an item also closes the menu: whichever comes first takes the anchor, so the caret is placed once.
  const menuCell = useRef<FocusTarget | null>(null);
  useEffect(() => {
    menuCell.current = menu;
  }, [menu]);

  const takeMenuCell = () => {
    const cell = menuCell.current;
    menuCell.current = null;
    setMenu(null);
    return cell;
  };

  const onMenuClose = () => {
    const cell = takeMenuCell();
    if (cell) requestAnimationFrame(() => focusCell(cell.rowId, cell.colId));
  };

  return { menu, openMenuAt, onCellContextMenu, takeMenuCell, onMenuClose };
}
