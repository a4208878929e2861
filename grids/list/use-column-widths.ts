/**
 * Column widths of a list grid, saved per user through /api/system/userData
 * (kind 'list', subKind = grid id; spec 01 §3 "saved user data"). Saves are debounced and
 * flushed when the grid unmounts; extra rows for the same grid are pruned.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../src/app/api/client';
import { queryKeys } from '../../src/app/queries/keys';
import type { ListAnswer } from '../../src/contract/common';
import type { UserDataDto } from '../../src/contract/system';
import { readSavedWidths, sameWidths, type ColumnWidths } from './columns';

export const WIDTHS_SAVE_DEBOUNCE_MS = 800;
const KIND = 'list';

export function useColumnWidths(gridId: string): { widths: ColumnWidths | undefined; ready: boolean; saveWidths: (w: ColumnWidths) => void } {
  const qc = useQueryClient();
  const key = queryKeys.userData(KIND, gridId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.get<ListAnswer<UserDataDto>>('/system/userData', { filter: { kind: KIND, subKind: gridId }, index: 0, size: 50, sort: { modifiedAt: 'desc' } }),
    staleTime: Infinity,
    retry: false,
  });
  const rows = query.data?.content;
  const row = rows?.[0];
  const widths = query.isSuccess ? readSavedWidths(row?.content) : undefined;

  const pending = useRef<ColumnWidths | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const rowRef = useRef<{ id: number | null; widths: ColumnWidths; extras: number[] }>({ id: null, widths: {}, extras: [] });
  rowRef.current = { id: row?.id ?? null, widths: widths ?? {}, extras: (rows ?? []).slice(1).map((r) => r.id) };

  const flush = useCallback(async () => {
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const { id, widths: saved, extras } = rowRef.current;
    if (sameWidths(next, saved)) return;
    try {
      if (id) await api.post(`/system/userData/${id}`, { content: { widths: next } });
      else await api.post('/system/userData', { kind: KIND, subKind: gridId, content: { widths: next } });
      if (extras.length) await api.del('/system/userData', { filter: { id: extras } });
      await qc.invalidateQueries({ queryKey: key });
    } catch {
      // Widths are a convenience; a failed save must never disturb the screen.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gridId, qc]);

  const saveWidths = useCallback(
    (w: ColumnWidths) => {
      pending.current = w;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), WIDTHS_SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void flush();
      }
    },
    [flush],
  );

  return { widths, ready: query.isSuccess || query.isError, saveWidths };
}
