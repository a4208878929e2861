/**
 * The company's commonly used summaries (/common/commonlySummary) in the voucher editor: F7 in a
 * line's summary cell lists them (by code or text), Enter puts one in the cell, Enter with nothing
 * found puts the typed text, Insert keeps the typed text as a new common summary (and puts it),
 * Alt+Delete drops the chosen one. Keeping and dropping need the voucher-edit right, as on the server.
 */
import { QueryObserver, queryOptions, useQuery, useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerOpening } from '../../../../grids/list-picker';
import type { PickerRequest } from '../../../../grids/entry-grid-types';
import type { SheetRow } from '../../../../grids/sheet-schema';
import { call } from '../../api/typed-client';
import { commonSummaryApi } from '../../../contract/heads';
import type { CommonSummaryDto } from '../../../contract/summary';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import { notifyError } from '../../queries/admin-common';

export const commonSummaryKey = (companyId: number | null) => ['commonSummaries', companyId] as const;

export const commonSummariesOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: commonSummaryKey(companyId),
    queryFn: async ({ signal }) => (await call(commonSummaryApi.list, { query: { filter: { companyId: companyId! }, limit: MAX_PAGE_LIMIT } }, { signal })).content,
    enabled: !!companyId,
    staleTime: 60_000,
  });

/** The summary cell's picker hook: `open(request)` shows the list for one F7. */
export function useSummaryPicker<R extends SheetRow>(
  companyId: number | null,
  canEdit: boolean,
  openList: (request: PickerRequest<R>, opening: PickerOpening) => void,
): (request: PickerRequest<R>) => void {
  const { t } = useTranslation('voucher');
  const qc = useQueryClient();
  const list = useQuery(commonSummariesOptions(companyId));
  const entries = list.data;

  return useCallback(
    (request: PickerRequest<R>) => {
      const show = (items: readonly CommonSummaryDto[], query?: string) =>
        openList(request, {
          title: t('picker.summary'),
          options: items.map((s) => ({ value: s.summary, code: s.code ?? '', name: s.summary })),
          ...(query !== undefined ? { query } : {}),
          actions: {
            freeText: true,
            hint: t(canEdit ? 'picker.summaryHintEdit' : 'picker.summaryHint'),
            ...(canEdit && companyId
              ? {
                  add: async (text: string) => {
                    try {
                      const made = await call(commonSummaryApi.create, { body: { companyId, summary: text } });
                      qc.setQueryData<CommonSummaryDto[]>(commonSummaryKey(companyId), (old) => [...(old ?? []), made]);
                      return true;
                    } catch (e) {
                      notifyError(e);
                      return false;
                    }
                  },
                  remove: async (value: string) => {
                    const current = qc.getQueryData<CommonSummaryDto[]>(commonSummaryKey(companyId)) ?? items;
                    const gone = current.find((s) => s.summary === value);
                    if (!gone) return;
                    try {
                      await call(commonSummaryApi.remove, { params: { id: gone.id } });
                      const left = current.filter((s) => s.id !== gone.id);
                      qc.setQueryData(commonSummaryKey(companyId), left);
                      show(left);
                    } catch (e) {
                      notifyError(e);
                    }
                  },
                }
              : {}),
          },
        });
      if (entries || !companyId) {
        show(entries ?? []);
        return;
      }
      // F7 before the list has arrived (it loads with the editor): the list once it is here, never an
      // empty list that stays empty (it showed "no matches" until the picker was opened again). A read
      // that failed opens the picker at once on what there is, with the server's message: the query's
      // own retries go on behind it (waiting for them kept F7 unanswered for about 7 s).
      const observer = new QueryObserver(qc, commonSummariesOptions(companyId));
      let done = false;
      const settle = (r: QueryObserverResult<CommonSummaryDto[]>) => {
        if (done || (r.data === undefined && r.failureCount === 0 && !r.isError)) return;
        done = true;
        // After subscribe() has returned (a result it has at once arrives before).
        queueMicrotask(() => unsubscribe());
        if (r.data !== undefined) show(r.data);
        else {
          notifyError(r.error ?? r.failureReason);
          show([]);
        }
      };
      const unsubscribe = observer.subscribe(settle);
      settle(observer.getCurrentResult());
    },
    [entries, canEdit, companyId, openList, qc, t],
  );
}
