/**
 * The editor's print and export (spec 01 §2 toolbar "print PDF … export xls"; the PDF viewer drawer,
 * 800 px, with download and close): Print (or Ctrl+P, taken from the browser's own print) generates
 * the voucher's PDF through the export task and shows it in the drawer; Export xls downloads the
 * voucher's lines with the export progress bar (only when a download address is configured, as
 * every export). Both need a saved voucher with no unsaved changes (the print shows what is stored).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Button, Drawer, Group, Loader, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VoucherDto } from '../../../contract/voucher';
import { systemConfigQueryOptions } from '../../queries/session';
import { PDF_VIEWER_WIDTH } from '../common/pdf-viewer-drawer';
import { isCtrlLetter, useScreenKeys } from '../common/use-screen-keys';
import { useVoucherExport, useVoucherPrint } from './voucher-export';
import { voucherLabelOf } from './voucher-mapping';
import { useVoucherKindsOf } from './voucher-sources';

export { PRINT_KEY_LABEL } from './voucher-keys';
import { PRINT_KEY_LABEL } from './voucher-keys';

/** Ctrl+P / ⌘+P (no other modifier). */

/** Fetches the signed PDF as a blob: URL typed application/pdf (the file route answers octet-stream downloads). */
export function usePdfBlob(url: string | null): { blobUrl: string | null; failed: boolean } {
  const [state, setState] = useState<{ blobUrl: string | null; failed: boolean }>({ blobUrl: null, failed: false });
  useEffect(() => {
    setState({ blobUrl: null, failed: false });
    if (!url) return;
    let live = true;
    let made: string | null = null;
    fetch(url, { credentials: 'same-origin' })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        made = URL.createObjectURL(new Blob([await r.arrayBuffer()], { type: 'application/pdf' }));
        if (live) setState({ blobUrl: made, failed: false });
        else URL.revokeObjectURL(made);
      })
      .catch(() => live && setState({ blobUrl: null, failed: true }));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return state;
}

export interface VoucherDocsActionsProps {
  voucher: VoucherDto | null;
  dirty: boolean;
  /** The editor's root: Ctrl+P prints only while the focus is inside it. */
  rootRef: RefObject<HTMLElement | null>;
}

export function VoucherDocsActions({ voucher, dirty, rootRef }: VoucherDocsActionsProps) {
  const { t, i18n } = useTranslation(['voucher', 'common']);
  const config = useQuery(systemConfigQueryOptions());
  const printer = useVoucherPrint();
  const exporter = useVoucherExport();
  const [opened, setOpened] = useState(false);
  const { blobUrl, failed } = usePdfBlob(opened ? printer.result : null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const printable = !!voucher && !dirty;
  // Named in the reader's language ("General-0007"), the drawer's title and the file alike.
  const kindsOf = useVoucherKindsOf(voucher ? [voucher.accountId] : []);
  const label = voucher ? voucherLabelOf(voucher, kindsOf(voucher.accountId), i18n.language) : '';
  const fileName = `voucher-${label}.pdf`;

  const print = () => {
    if (!voucher || dirty) {
      notifications.show({ color: 'orange', message: t('voucher:docs.printUnsaved') });
      return;
    }
    setOpened(true);
    void printer.print([voucher.id]);
  };
  const close = () => {
    setOpened(false);
    printer.clear();
    // Back to the editor, where the keys work again.
    requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>('[data-testid="voucher-action-print"]')?.focus());
  };

  // Ctrl+P prints the voucher instead of the page (capture phase, before the grid and the browser).
  useScreenKeys(rootRef, (e) => {
    if (!isCtrlLetter(e, 'p')) return false;
    print();
    return true;
  });

  const save = () => {
    if (!blobUrl) return;
    const a = document.createElement('a');
    a.href = blobUrl;
    a.download = fileName;
    a.click();
  };

  return (
    <>
      <Tooltip label={printable ? t('voucher:docs.printKey', { key: PRINT_KEY_LABEL }) : t('voucher:docs.printUnsaved')} withArrow>
        <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} disabled={!printable} onClick={print} data-testid="voucher-action-print">
          {t('voucher:docs.print')}
        </Button>
      </Tooltip>
      {config.data?.downloadBase && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileSpreadsheet size={14} />}
          disabled={!printable}
          loading={exporter.running}
          onClick={() => voucher && void exporter.exportXls({ accountId: voucher.accountId, id: [voucher.id] })}
          data-testid="voucher-action-exportXls"
        >
          {t('voucher:docs.exportXls')}
        </Button>
      )}
      {exporter.bar}
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={PDF_VIEWER_WIDTH}
        title={t('voucher:docs.printTitle', { label })}
        padding="sm"
        styles={{ body: { height: 'calc(100% - 60px)' } }}
      >
        <Stack h="100%" gap="sm" data-testid="voucher-print-drawer" data-ready={blobUrl ? 'true' : undefined}>
          <div style={{ flex: 1, minHeight: 0 }}>
            {(failed || printer.error) && <Alert color="red" data-testid="voucher-print-error">{printer.error ?? t('common:pdf.loadFailed')}</Alert>}
            {!failed && !printer.error && !blobUrl && (
              <Stack align="center" mt="xl" gap="xs">
                <Loader size="sm" />
                <Text size="sm" c="dimmed">{t('voucher:docs.preparing')}</Text>
                {printer.running && <Progress value={printer.progress} w={240} aria-label={t('voucher:docs.preparing')} />}
              </Stack>
            )}
            {blobUrl && (
              <iframe
                title={label}
                src={blobUrl}
                style={{ width: '100%', height: '100%', border: 0 }}
                // The browser's viewer takes the focus when it loads and keeps its keys: focus goes back to Close so Esc still closes.
                onLoad={() => setTimeout(() => closeRef.current?.focus(), 50)}
                data-testid="voucher-print-frame"
              />
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={save} disabled={!blobUrl} data-testid="voucher-print-download">
              {t('common:pdf.download')}
            </Button>
            <Button ref={closeRef} onClick={close} data-autofocus data-testid="voucher-print-close">{t('common:close')}</Button>
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
