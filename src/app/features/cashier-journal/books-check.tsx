/**
 * The cash journal against the books (出纳与总账对账; GET /cashier/cashBalance), on the balance by
 * cash bank page: on the report's end date, per cash or bank subject, the journal balance of its
 * bank accounts beside the subject's balance in the books and the difference (red when not zero),
 * from every saved voucher or from bookkept ones only. Enter on a row opens the subject's
 * sub-ledger from the year's first period to the date's, where the vouchers behind the books are.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Checkbox, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { CellKeyDownEvent, ColDef, ValueFormatterParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { CashReconcileRowDto } from '../../../contract/cashier-journal';
import { formatCents } from '../../../domain/money';
import { localName } from '../../../domain/names';
import { journalReconcileOptions } from '../../queries/cashier-journal';
import { periodsQueryOptions } from '../../queries/account';
import { SUB_LEDGER_PATH, subLedgerHref } from '../ledger/subject-ledgers-model';
import { canOpen, findPage } from '../../routes/access';
import { sessionStore, useScope, useSession } from '../../session/store';
import { confirmDiscardDirtyTabs } from '../../shell/dirty-guard';
import { notifyError } from '../../queries/admin-common';

export function CashBooksCheck({ accountId, date, bankAccountIds }: { accountId: number; date: string; bankAccountIds: number[] }) {
  const { t, i18n } = useTranslation(['journal', 'errors']);
  const navigate = useNavigate();
  const user = useSession((x) => x.user);
  const { accountYearId } = useScope();
  const qc = useQueryClient();
  const subLedger = findPage(SUB_LEDGER_PATH);
  // A cashier without the books' menu sees the figures but opens nothing.
  const mayOpen = !!subLedger && canOpen(subLedger, user);
  const [bookkeptOnly, setBookkeptOnly] = useState(false);
  const answer = useQuery(journalReconcileOptions(accountId, { date, bankAccountIds, bookkeptOnly }));
  const cents = (p: ValueFormatterParams<CashReconcileRowDto>) => (p.value === null || p.value === undefined ? '' : formatCents(Number(p.value)));
  const columns = useMemo<ColDef<CashReconcileRowDto>[]>(() => [
    { colId: 'subject', headerName: t('journal:check.subject'), width: 200, valueGetter: (p) => (p.data?.subjectCode ? `${p.data.subjectCode} ${localName(i18n.language, { name: p.data.subjectName ?? '', nameEn: p.data.subjectNameEn })}` : t('journal:check.noSubject')) },
    { colId: 'accounts', headerName: t('journal:check.accounts'), flex: 1, minWidth: 180, valueGetter: (p) => (p.data?.bankAccounts ?? []).map((a) => `${a.code} ${a.name}`).join(t('journal:check.accountSeparator')) },
    { field: 'journalCents', headerName: t('journal:check.journal'), width: 150, type: 'rightAligned', valueFormatter: cents },
    { field: 'booksCents', headerName: t('journal:check.books'), width: 150, type: 'rightAligned', valueFormatter: cents },
    {
      field: 'differenceCents', headerName: t('journal:check.difference'), width: 150, type: 'rightAligned', valueFormatter: cents,
      cellClassRules: { 'ld-negative': (p) => p.value !== null && p.value !== '0' },
    },
  ], [t, i18n.language]);
  const data = answer.data;
  // The sub-ledger from the year's first period to the date's, for the answer on screen (its own date
  // and year); the periods are fetched on the key when not yet loaded (a quick Enter still opens).
  const open = async (r: CashReconcileRowDto | undefined) => {
    if (!mayOpen || !r?.subjectId || !data) return;
    const shown = data;
    let periods;
    try {
      periods = await qc.ensureQueryData(periodsQueryOptions(shown.accountYearId));
    } catch (e) {
      notifyError(e);
      return;
    }
    const list = [...periods].sort((a, b) => a.startAt.localeCompare(b.startAt));
    const end = list.find((p) => p.startAt.slice(0, 10) <= shown.date && shown.date <= p.endAt.slice(0, 10)) ?? list[list.length - 1];
    if (!list.length || !end) return;
    // The row's subject and periods are the date's year's: the sub-ledger opens in that year, as a
    // linked voucher opens in its own (the shell's year follows, like choosing it in the header).
    if (shown.accountYearId !== accountYearId) {
      if (!(await confirmDiscardDirtyTabs())) return;
      sessionStore.setScope({ accountYearId: shown.accountYearId });
    }
    void navigate({ href: subLedgerHref({ subjectId: r.subjectId, startPeriodId: list[0].id, endPeriodId: end.id, includeUnbooked: !shown.bookkeptOnly }) });
  };
  return (
    <div data-testid="cash-books-check">
      <Group gap="md" mb={6} align="center">
        <Text size="sm" fw={600}>{t('journal:check.title', { date })}</Text>
        {data && (
          <Badge color={data.agreed ? 'green' : 'red'} variant="light" tt="none" data-testid="cash-books-agreed" data-agreed={String(data.agreed)}>
            {data.agreed ? t('journal:check.agreed') : t('journal:check.differs')}
          </Badge>
        )}
        <Checkbox size="xs" label={t('journal:check.bookkeptOnly')} checked={bookkeptOnly} onChange={(e) => setBookkeptOnly(e.currentTarget.checked)} data-testid="cash-books-bookkept" />
      </Group>
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <ReadGrid<CashReconcileRowDto>
        columnDefs={columns}
        domLayout="autoHeight"
        rowData={data?.rows ?? []}
        getRowId={(p) => (p.data.subjectId ? `s${p.data.subjectId}` : `a${p.data.bankAccounts[0]?.id ?? 0}`)}
        onRowDoubleClicked={(e) => void open(e.data)}
        onCellKeyDown={(e: CellKeyDownEvent<CashReconcileRowDto>) => {
          if ((e.event as KeyboardEvent | undefined)?.key === 'Enter') void open(e.data);
        }}
        emptyText={t('journal:report.empty')}
        loading={answer.isFetching && !data}
      />
      <Text size="xs" c="dimmed" mt={4}>{t('journal:check.hint')}{mayOpen && t('journal:check.hintOpen')}</Text>
    </div>
  );
}
