/**
 * Ends the cell being typed in and resolves once what it held has reached the sheet, for a screen
 * that reads its rows right after (a save, a popup's confirm). The entry grid edits read-only
 * (`readOnlyEdit`): AG Grid hands the editor's value over in a `cellEditRequest` event it fires
 * from a timeout (its async events), not in stopEditing itself. This waits for that timeout (ours
 * is queued behind it), then a frame for the render it caused. Reading after a frame alone raced it
 * on a busy page: Ctrl+S typed right after "42" saved the line without its amount (refused as
 * incomplete), the 42 showing a moment later.
 */
import type { GridApi } from 'ag-grid-community';

export function commitOpenEditor(api: Pick<GridApi, 'stopEditing'> | null | undefined): Promise<void> {
  api?.stopEditing();
  return new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => resolve()), 0));
}
