/**
 * Voucher exports from any screen in two lines (spec 01 §7 exportPdf / exportXls, "Export
 * progress"):
 *
 *   const exporter = useVoucherExport();
 *   <Button onClick={() => exporter.exportPdf(selectedIds)}>…</Button> {exporter.bar}
 *
 * `exportPdf(ids)` and `exportXls(filter)` start the background task and the shared progress bar,
 * which downloads the file when it is ready. `useVoucherPrint()` runs the same task for the print
 * drawer: the same progress machine, but the finished PDF is handed to the drawer instead of being
 * downloaded (a failure is answered as `error`, for the drawer to show). The import (dry run or for
 * real) is `importVouchers`.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useMachine } from '@xstate/react';
import { exportProgressMachine } from '../../../../machines/export-progress.machine';
import type { VoucherFilter } from '../../../contract/voucher';
import { voucherDocsApi } from '../../../contract/heads';
import { call, download } from '../../api/typed-client';
import { fetchExportTask } from '../../queries/export';
import { notifyError } from '../../queries/admin-common';
import { i18n } from '../../i18n';
import { useExportProgress } from '../common/export-progress';

export type VoucherExportFilter = Omit<VoucherFilter, 'accountId'> & { accountId: number };

export const startVoucherPdf = (ids: number[]) => call(voucherDocsApi.exportPdf, { body: { ids } });
export const startVoucherPdfByFilter = (filter: VoucherExportFilter) => call(voucherDocsApi.exportPdf, { body: { filter } });
export const startVoucherXls = (filter: VoucherExportFilter) => call(voucherDocsApi.exportXls, { body: { filter } });

/** Imports an .xlsx of vouchers into the ledger set; dryRun checks and writes nothing. */
export const importVouchers = (accountId: number, file: File, dryRun: boolean) => {
  const body = new FormData();
  body.append('file', file);
  return call(voucherDocsApi.importXls, { query: { accountId, dryRun }, body });
};

export const downloadVoucherTemplate = () => download(voucherDocsApi.template, 'vouchers-template.xlsx');

export interface VoucherExport {
  /** The PDF of the vouchers (one ledger set), downloaded when ready. */
  exportPdf: (ids: number[]) => Promise<void>;
  /** The PDF of the vouchers a filter matches, downloaded when ready. */
  exportPdfByFilter: (filter: VoucherExportFilter) => Promise<void>;
  /** The .xlsx of the lines of the vouchers a filter matches (an id list for a selection), downloaded when ready. */
  exportXls: (filter: VoucherExportFilter) => Promise<void>;
  running: boolean;
  /** The progress bar, for the screen's toolbar. */
  bar: ReactNode;
}

export function useVoucherExport(): VoucherExport {
  const progress = useExportProgress();
  const run = async (start: () => Promise<{ token: string }>) => {
    try {
      progress.start((await start()).token);
    } catch (err) {
      notifyError(err);
    }
  };
  return {
    exportPdf: (ids) => run(() => startVoucherPdf(ids)),
    exportPdfByFilter: (filter) => run(() => startVoucherPdfByFilter(filter)),
    exportXls: (filter) => run(() => startVoucherXls(filter)),
    running: progress.running,
    bar: progress.bar,
  };
}

/**
 * The print task: `print(ids)` starts the PDF and polls it with the export progress machine; the
 * finished file's signed URL comes back as `result` (null while none), for the print drawer.
 */
export function useVoucherPrint(): { print: (ids: number[]) => Promise<void>; running: boolean; progress: number; result: string | null; error: string | null; clear: () => void } {
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const machine = useMemo(() => exportProgressMachine.provide({
    actions: {
      remind: () => notifications.show({ color: 'blue', message: i18n.t('common:exportGenerating') }),
      download: ({ context }) => setResult(context.result),
      reportFailure: ({ context }) => setError(context.error ?? i18n.t('common:exportFail')),
    },
  }), []);
  const [snapshot, send] = useMachine(machine, { input: { fetchTask: fetchExportTask } });
  return {
    print: async (ids) => {
      setResult(null);
      setError(null);
      try {
        send({ type: 'export.start', token: (await startVoucherPdf(ids)).token });
      } catch (err) {
        setError(err instanceof Error ? err.message : i18n.t('common:exportFail'));
      }
    },
    running: snapshot.matches('running'),
    progress: snapshot.context.progress,
    result,
    error,
    clear: () => {
      send({ type: 'export.cancel' });
      setResult(null);
      setError(null);
    },
  };
}
