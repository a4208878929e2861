/**
 * /voucher/daily/printVoucher?ids=[…] (spec 01 §2, a hidden route): the PDF of the given vouchers
 * (one ledger set; one voucher per page), generated through the export task and shown in the page
 * with Download. The voucher list opens it for its selection: `navigate({ to:
 * '/voucher/daily/printVoucher', search: { ids } })`. `ids` may also be "1,2,3".
 */
import { useEffect, useMemo } from 'react';
import { Alert, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useVoucherPrint } from './voucher-export';
import { usePdfBlob } from './voucher-print-drawer';

/** The ids of the search parameter: a JSON list, one number, or "1,2,3". */
export function idsOfSearch(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === 'number' ? [value] : typeof value === 'string' ? value.split(/[,\s]+/) : [];
  return [...new Set(list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 1000);
}

export function VoucherPrintPage() {
  const { t } = useTranslation(['voucher', 'common']);
  const search = useSearch({ strict: false }) as { ids?: unknown };
  const key = JSON.stringify(idsOfSearch(search.ids));
  const ids = useMemo(() => JSON.parse(key) as number[], [key]);
  const printer = useVoucherPrint();
  const { print } = printer;
  const { blobUrl, failed } = usePdfBlob(printer.result);

  useEffect(() => {
    if (ids.length) void print(ids);
    // A new id list prints again; `print` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  const save = () => {
    if (!blobUrl) return;
    const a = document.createElement('a');
    a.href = blobUrl;
    a.download = `vouchers-${ids.length}.pdf`;
    a.click();
  };

  return (
    <Stack gap="sm" h="calc(100vh - 160px)" data-testid="voucher-print-page" data-ready={blobUrl ? 'true' : undefined}>
      <Group justify="space-between">
        <Title order={3}>{t('voucher:docs.printPage.title')}</Title>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={save} disabled={!blobUrl} data-autofocus data-testid="voucher-print-page-download">
          {t('common:pdf.download')}
        </Button>
      </Group>
      {!ids.length && <Alert color="orange">{t('voucher:docs.printPage.none')}</Alert>}
      {(failed || printer.error) && <Alert color="red">{printer.error ?? t('common:pdf.loadFailed')}</Alert>}
      {ids.length > 0 && !failed && !printer.error && !blobUrl && (
        <Stack align="center" mt="xl" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">{t('voucher:docs.preparing')}</Text>
          {printer.running && <Progress value={printer.progress} w={240} aria-label={t('voucher:docs.preparing')} />}
        </Stack>
      )}
      {blobUrl && <iframe title={t('voucher:docs.printPage.title')} src={blobUrl} style={{ flex: 1, width: '100%', border: 0 }} data-testid="voucher-print-page-frame" />}
    </Stack>
  );
}
