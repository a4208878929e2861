/**
 * /voucher/daily/data — voucher import and export (spec 01 §2, §7): export the vouchers of a period
 * range (and kind) as .xlsx (one row per line) or PDF (one voucher per page) with the export
 * progress bar; download the import template; import a workbook with a dry run first (every wrong
 * row listed by its number, with the error workbook; vouchers equal to ones already in the books
 * listed as warnings), then for real. Keyboard: Tab through the
 * controls, Enter on the focused button.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Card, FileInput, Group, List, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { Select } from '../common/select';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RIGHTS } from '../../../domain/rights';
import type { VoucherImportResultDto } from '../../../contract/voucher-docs';
import { ApiError } from '../../api/client';
import { periodsQueryOptions } from '../../queries/account';
import { systemConfigQueryOptions } from '../../queries/session';
import { notifyError } from '../../queries/admin-common';
import { useHasRight, useScope } from '../../session/store';
import { voucherKeys, voucherKindsOptions } from './voucher-queries';
import { downloadVoucherTemplate, importVouchers, useVoucherExport } from './voucher-export';
import { localName } from '../../../domain/names';

interface RowError { row: number; column: string | null; message: string }
type ImportOutcome = { ok: true; result: VoucherImportResultDto } | { ok: false; message: string; rows: RowError[]; errorFile: string | null };

function outcomeOfError(err: unknown, fallback: string): ImportOutcome {
  const appendix = err instanceof ApiError ? (err.appendix as { errors?: RowError[]; errorFile?: string | null } | undefined) : undefined;
  const errorFile = typeof appendix?.errorFile === 'string' && appendix.errorFile.startsWith('/api/files/') ? appendix.errorFile : null;
  return { ok: false, message: err instanceof Error ? err.message : fallback, rows: Array.isArray(appendix?.errors) ? appendix.errors : [], errorFile };
}

export function VoucherDataPage() {
  const { t, i18n } = useTranslation(['voucher', 'common', 'errors', 'shell']);
  const { accountId, accountYearId } = useScope();
  const qc = useQueryClient();
  const canImport = useHasRight(RIGHTS.VOUCHER_EDIT);
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const kinds = useQuery(voucherKindsOptions(accountId));
  const config = useQuery(systemConfigQueryOptions());
  const exporter = useVoucherExport();

  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [kindId, setKindId] = useState<string>('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'dryRun' | 'import' | null>(null);
  const [outcome, setOutcome] = useState<(ImportOutcome & { dryRun: boolean }) | null>(null);

  const list = useMemo(() => periods.data ?? [], [periods.data]);
  // The whole year by default.
  useEffect(() => {
    if (!list.length) return;
    setFrom((f) => (f && list.some((p) => String(p.id) === f) ? f : String(list[0].id)));
    setTo((v) => (v && list.some((p) => String(p.id) === v) ? v : String(list[list.length - 1].id)));
  }, [list]);

  if (!accountId || !accountYearId) return <Alert color="orange">{t('errors:MISSING_ACCOUNT_OR_PERIOD')}</Alert>;

  const periodOptions = list.map((p) => ({ value: String(p.id), label: p.name }));
  const kindOptions = [{ value: '', label: t('voucher:docs.data.allKinds') }, ...(kinds.data ?? []).map((k) => ({ value: String(k.id), label: localName(i18n.language, k) }))];
  const fromIndex = list.findIndex((p) => String(p.id) === from);
  const toIndex = list.findIndex((p) => String(p.id) === to);
  const rangeInvalid = fromIndex >= 0 && toIndex >= 0 && toIndex < fromIndex;
  const canExport = !!config.data?.downloadBase && fromIndex >= 0 && toIndex >= 0 && !rangeInvalid;
  const filter = () => ({
    accountId,
    accountYearId,
    periodId: list.slice(fromIndex, toIndex + 1).map((p) => p.id),
    ...(kindId ? { kindId: Number(kindId) } : {}),
  });

  const runImport = async (dryRun: boolean) => {
    if (!file || !/\.xlsx$/i.test(file.name)) {
      setOutcome({ ok: false, message: t('errors:IMPORT_FILE_REQUIRED'), rows: [], errorFile: null, dryRun });
      return;
    }
    setBusy(dryRun ? 'dryRun' : 'import');
    try {
      const result = await importVouchers(accountId, file, dryRun);
      setOutcome({ ok: true, result, dryRun });
      if (!dryRun) await qc.invalidateQueries({ queryKey: voucherKeys.all(accountId) });
    } catch (err) {
      setOutcome({ ...outcomeOfError(err, t('common:operationFailed')), dryRun });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md" maw={900} data-testid="voucher-data-page">
      <Title order={3}>{t('voucher:docs.data.title')}</Title>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={5}>{t('voucher:docs.data.exportSection')}</Title>
          {!list.length && periods.isSuccess && <Alert color="orange">{t('voucher:docs.data.noPeriods')}</Alert>}
          <Group align="flex-end" gap="sm">
            <Select label={t('voucher:docs.data.periodFrom')} data={periodOptions} value={from} onChange={setFrom} allowDeselect={false} w={160} data-testid="voucher-data-from" />
            <Select label={t('voucher:docs.data.periodTo')} data={periodOptions} value={to} onChange={setTo} allowDeselect={false} w={160} data-testid="voucher-data-to" />
            <Select label={t('voucher:docs.data.kind')} data={kindOptions} value={kindId} onChange={(v) => setKindId(v ?? '')} allowDeselect={false} w={140} data-testid="voucher-data-kind" />
          </Group>
          {rangeInvalid && <Text size="sm" c="red">{t('voucher:docs.data.rangeInvalid')}</Text>}
          {!config.data?.downloadBase && config.isSuccess && <Text size="sm" c="dimmed" data-testid="voucher-data-no-download">{t('voucher:docs.data.noDownloadBase')}</Text>}
          <Group gap="sm">
            <Button leftSection={<IconFileSpreadsheet size={16} />} disabled={!canExport} loading={exporter.running} onClick={() => void exporter.exportXls(filter())} data-testid="voucher-data-export-xls">
              {t('voucher:docs.data.exportXls')}
            </Button>
            <Button variant="default" disabled={!canExport} loading={exporter.running} onClick={() => void exporter.exportPdfByFilter(filter())} data-testid="voucher-data-export-pdf">
              {t('voucher:docs.data.exportPdf')}
            </Button>
            {exporter.bar}
          </Group>
        </Stack>
      </Card>

      {canImport && (
        <Card withBorder>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void runImport(true);
            }}
          >
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={5}>{t('voucher:docs.data.importSection')}</Title>
                <Button variant="subtle" size="xs" leftSection={<IconDownload size={14} />} onClick={() => void downloadVoucherTemplate().catch(notifyError)} data-testid="voucher-data-template">
                  {t('voucher:docs.data.template')}
                </Button>
              </Group>
              <Text size="sm" c="dimmed">{t('voucher:docs.data.importHint')}</Text>
              <FileInput
                label={t('voucher:docs.data.file')}
                placeholder={t('voucher:docs.data.filePlaceholder')}
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                leftSection={<IconFileSpreadsheet size={16} />}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setOutcome(null);
                }}
                clearable
                w={420}
                data-testid="voucher-data-file"
              />
              <Group gap="sm">
                <Button type="submit" variant="default" loading={busy === 'dryRun'} disabled={busy !== null} data-testid="voucher-data-dry-run">
                  {t('voucher:docs.data.dryRun')}
                </Button>
                <Button onClick={() => void runImport(false)} loading={busy === 'import'} disabled={busy !== null} data-testid="voucher-data-import">
                  {t('voucher:docs.data.import')}
                </Button>
              </Group>
              {outcome?.ok && (
                <Alert color="green" data-testid="voucher-data-result">
                  {outcome.dryRun
                    ? t('voucher:docs.data.dryRunOk', { vouchers: outcome.result.vouchers, lines: outcome.result.lines })
                    : t('voucher:docs.data.imported', { vouchers: outcome.result.vouchers, lines: outcome.result.lines, labels: outcome.result.labels.join(', ') })}
                </Alert>
              )}
              {outcome?.ok && (outcome.result.warnings?.length ?? 0) > 0 && (
                <Alert color="yellow" data-testid="voucher-data-warnings">
                  {t('voucher:docs.data.duplicates')}
                  <ScrollArea.Autosize mah={200} mt="xs">
                    <List size="sm">
                      {outcome.result.warnings.map((w, i) => (
                        <List.Item key={`${w.row}-${i}`} data-testid="voucher-data-warning-row">{w.message}</List.Item>
                      ))}
                    </List>
                  </ScrollArea.Autosize>
                </Alert>
              )}
              {outcome && !outcome.ok && (
                <Alert color="red" data-testid="voucher-data-errors">
                  {outcome.message}
                  {outcome.rows.length > 0 && (
                    <ScrollArea.Autosize mah={200} mt="xs">
                      <List size="sm">
                        {outcome.rows.map((r, i) => (
                          <List.Item key={`${r.row}-${i}`} data-testid="voucher-data-error-row">{t('common:importRow', { row: r.row })}: {r.column ? `${r.column}: ` : ''}{r.message}</List.Item>
                        ))}
                      </List>
                    </ScrollArea.Autosize>
                  )}
                  {outcome.errorFile && (
                    <Anchor href={outcome.errorFile} download size="sm" mt="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} data-testid="voucher-data-error-file">
                      <IconDownload size={14} />
                      {t('common:importErrorFile')}
                    </Anchor>
                  )}
                </Alert>
              )}
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
