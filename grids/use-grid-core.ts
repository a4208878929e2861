/**
 * What every part of the entry grid shares: the schema, the container element, AG Grid's api, the
 * latest sheet state (the store's, or the preview of an edit the store has not handed back yet —
 * see "The preview contract" in ENTRY-KIT.md), whether the grid is read-only, and the kit context
 * object the editors reach through AG Grid's `context`.
 *
 * Everything here is a ref: the parts read the latest values from callbacks that keep their
 * identity, so a keystroke does not rebuild AG Grid's options.
 */
import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { GridApi } from 'ag-grid-community';
import type { EntryKitContext } from './kit-context';
import { rowIndexOf, type SheetState } from './sheet';
import type { SheetRow, SheetSchema } from './sheet-schema';

export interface GridCore<R extends SheetRow> {
  schema: SheetSchema<R>;
  containerRef: RefObject<HTMLDivElement | null>;
  apiRef: RefObject<GridApi<R> | null>;
  /** The latest state: the store's, or a preview the grid has drawn ahead of it. */
  latest: RefObject<SheetState<R>>;
  /** The store's state of the last render, and how many renders brought a new one. */
  rendered: RefObject<SheetState<R>>;
  renders: RefObject<number>;
  readOnlyRef: RefObject<boolean>;
  /** One object per grid (AG Grid holds it); its members are refreshed on every render. */
  kit: EntryKitContext<R>;
}

export function useGridCore<R extends SheetRow>(schema: SheetSchema<R>, state: SheetState<R>, readOnly: boolean): GridCore<R> {
  const containerRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<GridApi<R> | null>(null);
  const latest = useRef(state);
  const rendered = useRef(state);
  const renders = useRef(0);
  const readOnlyRef = useRef(readOnly);
  const kit = useMemo(() => ({ closing: false, selection: null }) as unknown as EntryKitContext<R>, []);

  useLayoutEffect(() => {
    latest.current = state;
    rendered.current = state;
    renders.current++;
  }, [state]);

  useLayoutEffect(() => {
    readOnlyRef.current = readOnly;
  }, [readOnly]);

  return useMemo(() => ({ schema, containerRef, apiRef, latest, rendered, renders, readOnlyRef, kit }), [schema, kit]);
}

/** The row with this id in the latest state. */
export function latestRow<R extends SheetRow>(core: GridCore<R>, rowId: string): R | undefined {
  const rows = core.latest.current.rows;
  return rows[rowIndexOf(rows, rowId)];
}

/** True for an element that takes typing itself (an open editor, a picker's query box). */
export function isEditableTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
}
