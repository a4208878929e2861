/**
 * Template, Import and Export for a master-data list (spec 02 §2, §4, §5) in a few lines:
 *
 *   const transfer = useListTransfer<EmployeeDto>({ kind: 'employee', scope: { companyId }, canImport: canEdit, refresh: () => qc.invalidateQueries(...) });
 *   <ListPage actions={[...others, ...transfer.actions]} toolbarExtra={transfer.bar} dialogs={<>{transfer.dialog}…</>} />
 *
 * Template downloads the .xlsx; Import opens the shared import popup ('please select EXCEL'; on
 * success 'Operation successful!' with the created / updated / unchanged counts, 'Please check
 * again!' and a list refresh; wrong rows listed by number with the error workbook); Export shows
 * only when the system config has a download base,
 * needs ticked rows ('There is no data to export!') and runs with the shared export progress bar; the
 * export goes on in the background when the user leaves the list (export-tasks.ts).
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadTemplate, importTransfer, startTransferExport, type TransferKind, type TransferScope } from '../../queries/export';
import { systemConfigQueryOptions } from '../../queries/session';
import { notifyError } from '../../queries/admin-common';
import { ImportDialog } from './import-dialog';
import { useExportProgress } from './export-progress';
import type { ListAction } from './list-actions';

export interface ListTransferOptions {
  kind: TransferKind;
  /** The list's company, ledger set or account year; null while none is chosen (the buttons hide). */
  scope: TransferScope | null;
  /** Template and Import need the resource's operation right. */
  canImport: boolean;
  /** After a successful import: refresh the list (and what depends on it). */
  refresh: () => Promise<unknown> | void;
}

export function useListTransfer<T extends { id: number }>(o: ListTransferOptions): { actions: ListAction<T>[]; bar: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation(['common', 'errors']);
  const config = useQuery(systemConfigQueryOptions());
  // One export at a time per list; it goes on (and downloads) when the page is left.
  const exporter = useExportProgress(`transfer:${o.kind}`);
  const [importing, setImporting] = useState(false);
  const { kind, scope } = o;
  const actions: ListAction<T>[] = [
    {
      key: 'template',
      allowed: o.canImport && !!scope,
      testId: `${kind}-template`,
      run: () => void downloadTemplate(kind).catch(notifyError),
    },
    { key: 'import', allowed: o.canImport && !!scope, testId: `${kind}-import`, run: () => setImporting(true) },
    {
      key: 'export',
      // Only when a download base is configured; disabled with no selection (spec 02 §2).
      allowed: !!config.data?.downloadBase && !!scope,
      selection: 'some',
      loading: exporter.running,
      testId: `${kind}-export`,
      run: async (rows) => {
        if (!scope) return;
        if (!rows.length) return notifyError(new Error(t('errors:NO_DATA_TO_EXPORT')));
        const ids = rows.map((r) => r.id);
        await exporter.run(() => startTransferExport(kind, scope, ids)).catch(notifyError);
      },
    },
  ];
  const dialog = scope ? (
    <ImportDialog
      opened={importing}
      onClose={() => setImporting(false)}
      onImport={async (file) => {
        const r = await importTransfer(kind, scope, file);
        await o.refresh();
        return r;
      }}
      testId={`${kind}-import-dialog`}
    />
  ) : null;
  return { actions, bar: exporter.bar, dialog };
}
