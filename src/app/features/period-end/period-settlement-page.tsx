/**
 * /voucher/end/periodSettlement (期末结账, spec 01 §2, §4): the year's periods with their state, the
 * next period to settle with the server's checklist (rollInfo: each blocker opens the voucher list
 * filtered to its vouchers), the profit and loss transfer (a preview of the lines, then the voucher),
 * settle (optionally recomputing the balances first) and reverse settle of the last settled period.
 * At the year's last period the year-end close (结转本年利润: 本年利润 into 利润分配—未分配利润,
 * decision 064) is offered the same way, previewed then written; while 本年利润 holds a balance
 * there, the checklist's blocker opens it.
 * Every button is a plain focusable control (Tab / Enter); without right 6030101 they are disabled.
 */
import { useEffect, useMemo, useRef, useState, type Ref, type RefObject } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, Loader, Modal, Stack, Table, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { Select } from '../common/select';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendarCheck, IconCircleCheck, IconCircleX, IconLock, IconLockOpen, IconTransfer } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PeriodDto } from '../../../contract/account';
import type { RollCheckDto } from '../../../contract/period-end';
import { ReadGrid } from '../../../../grids/list/read-grid';
import { FillHeight } from '../../../../grids/list/use-fill-height';
import { periodEndApi } from '../../../contract/heads';
import { formatCents } from '../../../domain/money';
import { RIGHTS } from '../../../domain/rights';
import { localName, localTypeName } from '../../../domain/names';
import { auxTypes } from '../../../domain/enums';
import type { ProfitTransferLineDto } from '../../../contract/period-end';
import { voucherKindsOptions } from '../voucher/voucher-queries';
import { voucherLabel } from '../voucher/voucher-mapping';
import { call } from '../../api/typed-client';
import { periodsQueryOptions } from '../../queries/account';
import { useHasRight, useScope } from '../../session/store';
import { ConfirmDialog } from '../common/confirm-dialog';
import { NoCompany } from '../common/list-page';
import { todayIso } from '../common/today';
import { rollInfoOptions, useProfitTransfer, useReverseRoll, useRoll } from './period-end-queries';
import { standingBlockers } from './standing-blockers';

/** The page's address (a link may add `?month=YYYY-MM`, taken once). */
const PERIOD_END_PATH = '/voucher/end/periodSettlement';

/** A period with what the page says of it: settled, the next to settle, or open. */
type PeriodRow = PeriodDto & { state: 'settled' | 'next' | 'open' };
/** The transfer preview's cells that stay on one line, and where its heads stick (under the dialog's title). */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const TRANSFER_HEAD_OFFSET = 60;
const STATE_COLOR: Record<PeriodRow['state'], string> = { settled: 'gray', next: 'orange', open: 'green' };

export function PeriodSettlementPage() {
  const { t, i18n } = useTranslation(['periodEnd', 'common', 'errors']);
  const { companyId, accountId, accountYearId } = useScope();
  const canSettle = useHasRight(RIGHTS.SETTLE_ACCOUNT);
  const navigate = useNavigate();
  const info = useQuery(rollInfoOptions(accountId, i18n.language));
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const [rewriteBalance, setRewriteBalance] = useState(false);
  const [confirm, setConfirm] = useState<'roll' | 'reverse' | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const [yearCloseOpen, setYearCloseOpen] = useState(false);
  // The month whose profit and loss is transferred: any open month of the year (a month is closed in
  // turn by settling, but its transfer may be made while earlier months are still open), the one a
  // link named (the balance sheet's "go to the period end" of its month), else the next to settle.
  const search = useSearch({ strict: false }) as { month?: unknown; unbooked?: unknown };
  const askedMonth = typeof search.month === 'string' && /^\d{4}-\d{2}$/.test(search.month) ? search.month : null;
  const [transferPeriodId, setTransferPeriodId] = useState<number | null>(null);
  // The transfer counts bookkept vouchers only unless its opener says otherwise: the balance sheet's
  // link does when its figures count unbookkept vouchers (`?unbooked=1`), so the transfer it offers
  // moves the profit the sheet shows.
  const [transferUnbooked, setTransferUnbooked] = useState(false);
  const openTransfer = (unbooked = false) => {
    setTransferUnbooked(unbooked);
    setTransferOpen(true);
  };
  const roll = useRoll();
  const reverse = useReverseRoll();
  const firstRef = useRef<HTMLButtonElement>(null);
  const rollRef = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);
  // A transfer written: once its dialog has gone, the keyboard goes to the first check (the new
  // voucher's 'not audited' blocker, Enter opens it), not back to the button that opened the dialog.
  const focusFirstCheck = () => {
    focused.current = true;
    firstRef.current?.focus();
  };
  // The voucher last written here, kept on the page with its "open" button: the notice's own button
  // goes with the notice (6 s) and is out of the keyboard's way. A transfer of a month other than the
  // next to settle adds no check of its own, so the keyboard goes to that button instead.
  const [written, setWritten] = useState<Written | null>(null);
  const writtenRef = useRef<HTMLButtonElement>(null);
  const afterWrite = () => {
    if (written && written.periodId !== info.data?.period?.id && writtenRef.current) {
      focused.current = true;
      writtenRef.current.focus();
    } else focusFirstCheck();
  };
  const periodColumns = useMemo<ColDef<PeriodRow>[]>(() => [
    { field: 'name', headerName: t('periodEnd:col.period'), minWidth: 100 },
    { field: 'startAt', headerName: t('periodEnd:col.start'), minWidth: 110 },
    { field: 'endAt', headerName: t('periodEnd:col.end'), minWidth: 110 },
    { field: 'state', headerName: t('periodEnd:col.state'), minWidth: 110,
      // The state cell is redrawn whenever the period is settled or reopened: it carries the row's marks.
      cellRenderer: (p: ICellRendererParams<PeriodRow>) => p.data && (
        <span data-testid="period-row" data-period={p.data.name} data-rolled={p.data.rolled}>
          <Badge tt="none" color={STATE_COLOR[p.data.state]} variant={p.data.state === 'settled' ? 'filled' : 'light'}>{t(`periodEnd:state.${p.data.state}`)}</Badge>
        </span>
      ) },
  ], [t]);

  // Focus the first useful control once the checklist is there (keyboard first), and again when an
  // operation changed it and left the focus nowhere (the check that opened a dialog may be gone).
  useEffect(() => {
    // Not from under the transfer dialog a link opened on arrival: it keeps the keyboard until it closes.
    if (transferOpen && !focused.current) return;
    if (info.data && (!focused.current || document.activeElement === document.body)) {
      focused.current = true;
      firstRef.current?.focus();
    }
  }, [info.data, transferOpen]);

  // The year's open months, and the next to settle when it lies in an earlier year (its check offers its transfer).
  const nextPeriod = info.data?.period ?? null;
  const openPeriods = useMemo(() => {
    const list = (periods.data ?? []).filter((p) => !p.rolled);
    return nextPeriod && !list.some((p) => p.id === nextPeriod.id) ? [nextPeriod, ...list] : list;
  }, [periods.data, nextPeriod]);
  const nextId = nextPeriod?.id ?? null;
  // The year-end close goes to the year's last period: the next to settle when it is one (its
  // blocker), else the top bar's year's December while it is open.
  const lastOfYear = periods.data?.length ? periods.data[periods.data.length - 1] : null;
  const yearClosePeriod = info.data?.yearEnd && nextPeriod ? nextPeriod : lastOfYear && !lastOfYear.rolled ? lastOfYear : null;
  const yearRange = periods.data?.length ? { start: periods.data[0].startAt, end: periods.data[periods.data.length - 1].endAt } : null;
  const transferPeriod = openPeriods.find((p) => p.id === transferPeriodId) ?? defaultTransferPeriod(openPeriods, askedMonth, nextId, todayIso(), yearRange);
  // A link that names a month opens its transfer at once (once per arrival).
  const linkOpened = useRef<string | null>(null);
  useEffect(() => {
    if (!askedMonth || !canSettle || linkOpened.current === askedMonth || !openPeriods.length) return;
    linkOpened.current = askedMonth;
    const asked = openPeriods.find((p) => p.startAt.slice(0, 7) === askedMonth);
    if (asked) {
      setTransferPeriodId(asked.id);
      openTransfer(search.unbooked === '1' || search.unbooked === 1);
    }
    // Taken: the address drops its month, so the page tab (which keeps the address) coming back
    // later does not open the transfer again (by then "nothing to transfer").
    void navigate({ href: PERIOD_END_PATH, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askedMonth, canSettle, openPeriods, navigate]);

  if (!companyId) return <NoCompany />;
  const data = info.data;
  const next = data?.period ?? null;
  // Settle is refused while a blocker stands (the server says so too): the button says why. The
  // balance table's blocker does not stand when the settle recomputes the balances first.
  const blockers = standingBlockers(data?.checks ?? [], rewriteBalance);
  const last = data?.lastSettled ?? null;
  // The last settled period closed its year when the next to settle (if any) lies in another year:
  // reopening it leaves the next year open, with openings carried again only by the next settle.
  const lastClosedYear = !!last && (!next || next.accountYearId !== last.accountYearId);
  const year = periods.data?.length ? periods.data[0].startAt.slice(0, 4) : '';
  const noRight = canSettle ? undefined : t('periodEnd:noRight');

  const openChecked = (c: RollCheckDto) => {
    if (c.voucherIds.length) void navigate({ href: `/voucher/daily/list?ids=${c.voucherIds.join(',')}` });
    else if (c.code === 'PROFIT_NOT_TRANSFERRED' && canSettle) {
      // The check is the next period's: its transfer.
      if (next) setTransferPeriodId(next.id);
      openTransfer();
    } else if (c.code === 'YEAR_PROFIT_NOT_CLOSED' && canSettle) setYearCloseOpen(true);
  };
  const actionable = (c: RollCheckDto) => c.voucherIds.length > 0 || ((c.code === 'PROFIT_NOT_TRANSFERRED' || c.code === 'YEAR_PROFIT_NOT_CLOSED') && canSettle);

  const doRoll = async () => {
    if (!accountId || !next) return;
    try {
      const r = await roll.mutateAsync({ accountId, rewriteBalance });
      notifications.show({ color: 'green', message: r.nextAccountYearId ? t('periodEnd:rolledNewYear', { period: r.period.name, year: Number(r.period.name.slice(0, 4)) + 1 }) : t('periodEnd:rolled', { period: r.period.name }) });
      refocusAfterConfirm([rollRef, firstRef]);
    } catch {
      /* notified with the server's reasons */
    } finally {
      setConfirm(null);
    }
  };
  const doReverse = async () => {
    if (!accountId || !last) return;
    try {
      const r = await reverse.mutateAsync({ accountId, periodId: last.id });
      notifications.show({ color: 'green', message: t('periodEnd:reversed', { period: r.period.name }) });
      // The reverse button is disabled now when nothing else is settled: settle (the period reopened) is next.
      refocusAfterConfirm([rollRef, firstRef]);
    } catch {
      /* notified */
    } finally {
      setConfirm(null);
    }
  };

  return (
    <Stack gap="sm" data-testid="period-settlement">
      <Card withBorder padding="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={4} data-testid="period-next">
              {next ? t('periodEnd:next', { period: next.name }) : data ? t('periodEnd:allSettled') : ''}
            </Title>
            {data?.yearEnd && <Text size="sm" c="orange">{t('periodEnd:yearEnd')}</Text>}
            {next && <Text size="sm" c="dimmed">{t('periodEnd:totals', { debit: formatCents(Number(data!.debitCents)), credit: formatCents(Number(data!.creditCents)) })}</Text>}
            {last && <Text size="sm" c="dimmed" data-testid="period-last-settled">{t('periodEnd:lastSettled', { period: last.name })}</Text>}
          </Stack>
          {info.isFetching && <Loader size="sm" />}
        </Group>

        {next && data && (
          <Stack gap={6} mt="sm" data-testid="period-checks">
            <Text fw={600} size="sm">{t('periodEnd:checks')}</Text>
            {data.checks.length === 0 && (
              <Group gap={6}><IconCircleCheck size={18} color="var(--mantine-color-green-6)" /><Text size="sm" data-testid="period-check-pass">{t('periodEnd:allPass')}</Text></Group>
            )}
            {data.checks.map((c, i) => (
              <CheckRow key={c.code} check={c} onOpen={() => openChecked(c)} buttonRef={i === 0 ? firstRef : undefined} clickable={actionable(c)} />
            ))}
          </Stack>
        )}

        {written && (
          <Group gap="xs" mt="sm" data-testid="period-written">
            <IconCircleCheck size={18} color="var(--mantine-color-green-6)" />
            <Text size="sm">{t(written.yearClose ? 'periodEnd:yearClose.done' : 'periodEnd:transfer.done', { label: written.label })}</Text>
            <Button size="compact-sm" variant="light" ref={writtenRef} data-testid="period-written-open" onClick={() => void navigate({ href: `/newVoucher/${written.id}` })}>
              {t('periodEnd:transfer.open')}
            </Button>
          </Group>
        )}

        <Group gap="sm" mt="md" wrap="wrap">
          <Tooltip label={noRight} disabled={!noRight}>
            <Button leftSection={<IconTransfer size={16} />} variant="default" disabled={!canSettle || !transferPeriod} onClick={() => openTransfer()} data-testid="period-transfer" ref={data?.checks.length ? undefined : firstRef}>
              {t('periodEnd:actions.transfer')}
            </Button>
          </Tooltip>
          {yearClosePeriod && (
            <Tooltip label={noRight} disabled={!noRight}>
              <Button leftSection={<IconCalendarCheck size={16} />} variant="default" disabled={!canSettle} onClick={() => setYearCloseOpen(true)} data-testid="period-year-close">
                {t('periodEnd:actions.yearClose')} {yearClosePeriod.name}
              </Button>
            </Tooltip>
          )}
          <Checkbox label={t('periodEnd:rewriteBalance')} checked={rewriteBalance} onChange={(e) => setRewriteBalance(e.currentTarget.checked)} disabled={!canSettle || !next} data-testid="period-rewrite" />
          <Tooltip label={noRight ?? t('periodEnd:blockedBy', { count: blockers.length })} disabled={!noRight && !blockers.length}>
            <Button leftSection={<IconLock size={16} />} disabled={!canSettle || !next || blockers.length > 0} onClick={() => setConfirm('roll')} data-testid="period-roll" ref={rollRef} data-blockers={blockers.length}>
              {t('periodEnd:actions.roll')}{next ? ` ${next.name}` : ''}
            </Button>
          </Tooltip>
          <Tooltip label={noRight} disabled={!noRight}>
            <Button leftSection={<IconLockOpen size={16} />} variant="default" color="red" disabled={!canSettle || !last} onClick={() => setConfirm('reverse')} data-testid="period-reverse">
              {t('periodEnd:actions.reverseRoll')}{last ? ` ${last.name}` : ''}
            </Button>
          </Tooltip>
        </Group>
      </Card>

      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb={6}>{t('periodEnd:periods', { year })}</Text>
        <FillHeight min={200} fallback="420px" data-testid="period-table">
          <ReadGrid<PeriodRow>
            columnDefs={periodColumns}
            autoSizeStrategy={{ type: 'fitGridWidth' }}
            rowData={(periods.data ?? []).map((p) => ({ ...p, state: p.rolled ? 'settled' : p.id === next?.id ? 'next' : 'open' }))}
            getRowId={(p) => String(p.data.id)}
            emptyText=""
          />
        </FillHeight>
      </Card>

      {transferPeriod && accountId && (
        <ProfitTransferDialog opened={transferOpen} unbookedAtOpen={transferUnbooked} onClose={() => setTransferOpen(false)} onDone={afterWrite} onWritten={setWritten} accountId={accountId} periodId={transferPeriod.id} periodName={transferPeriod.name}
          periods={openPeriods} onPeriod={setTransferPeriodId} onOpenVoucher={(id) => void navigate({ href: `/newVoucher/${id}` })} />
      )}
      {yearClosePeriod && accountId && (
        <ProfitTransferDialog close="YEAR_PROFIT" opened={yearCloseOpen} onClose={() => setYearCloseOpen(false)} onDone={afterWrite} onWritten={setWritten} accountId={accountId} periodId={yearClosePeriod.id} periodName={yearClosePeriod.name}
          periods={[yearClosePeriod]} onPeriod={() => undefined} onOpenVoucher={(id) => void navigate({ href: `/newVoucher/${id}` })} />
      )}
      <ConfirmDialog opened={confirm === 'roll'} color="blue" message={t('periodEnd:rollConfirm', { period: next?.name ?? '' })} confirmLabel={t('periodEnd:actions.roll')} loading={roll.isPending} onCancel={() => setConfirm(null)} onConfirm={() => void doRoll()} />
      <ConfirmDialog opened={confirm === 'reverse'} message={lastClosedYear ? t('periodEnd:reverseConfirmYearEnd', { period: last?.name ?? '', year: data?.year ?? Number(last?.name.slice(0, 4) ?? 0) + 1 }) : t('periodEnd:reverseConfirm', { period: last?.name ?? '' })} confirmLabel={t('periodEnd:actions.reverseRoll')} loading={reverse.isPending} onCancel={() => setConfirm(null)} onConfirm={() => void doReverse()} />
    </Stack>
  );
}

/**
 * After a settle or a reverse settle: once the confirmation has left the page, when the focus was
 * lost — the button that opened it may be disabled by the refreshed checks (reverse settle with
 * nothing else settled, settle with the next period blocked), and a disabled button cannot take the
 * focus back — the first of `targets` still enabled takes it. A focus placed elsewhere is left alone.
 */
function refocusAfterConfirm(targets: Array<RefObject<HTMLButtonElement | null>>) {
  const started = performance.now();
  const step = () => {
    if (document.querySelector('[data-testid="confirm-dialog"]') && performance.now() - started < 3000) {
      requestAnimationFrame(step);
      return;
    }
    if (document.activeElement && document.activeElement !== document.body) return;
    targets.map((r) => r.current).find((el) => el && !el.disabled)?.focus();
  };
  requestAnimationFrame(step);
}

function CheckRow({ check, onOpen, clickable, buttonRef }: { check: RollCheckDto; onOpen: () => void; clickable: boolean; buttonRef?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation(['periodEnd']);
  const blocker = check.level === 'BLOCKER';
  const icon = blocker ? <IconCircleX size={18} color="var(--mantine-color-red-6)" /> : <IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" />;
  const body = (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Badge size="xs" tt="none" variant="light" color={blocker ? 'red' : 'orange'}>{t(blocker ? 'periodEnd:blocker' : 'periodEnd:warning')}</Badge>
      <Text size="sm" td={clickable ? 'underline' : undefined}>{check.message}</Text>
    </Group>
  );
  if (!clickable) return <div data-testid="period-check" data-code={check.code}>{body}</div>;
  return (
    <Tooltip label={check.voucherIds.length ? t('periodEnd:openVouchers') : t('periodEnd:actions.transfer')} openDelay={400}>
      <UnstyledButton ref={buttonRef} onClick={onOpen} data-testid="period-check" data-code={check.code} style={{ borderRadius: 4, padding: '2px 4px' }} className="period-check">
        {body}
      </UnstyledButton>
    </Tooltip>
  );
}

/**
 * The month a transfer goes to by default: the one a link named, else the next to settle when it is
 * in this year, else the latest open month that has begun (today's work), else the first open one.
 * `open` may start with the next to settle of an earlier year (the list offers it); `year` (the top
 * bar's account year, first and last day) tells it apart: an earlier year whose profit is all
 * transferred but whose periods wait for their audits must not turn every transfer into "nothing to
 * transfer" (the demo: 2025-01 next to settle, November 2026 the month at hand).
 */
export function defaultTransferPeriod<P extends { id: number; startAt: string }>(open: P[], askedMonth: string | null, nextId: number | null, today = todayIso(), year: { start: string; end: string } | null = null): P | null {
  const inYear = (p: P) => !year || (year.start <= p.startAt && p.startAt <= year.end);
  return (
    (askedMonth ? open.find((p) => p.startAt.slice(0, 7) === askedMonth) : undefined) ??
    open.find((p) => p.id === nextId && inYear(p)) ??
    open.filter((p) => p.startAt <= today && inYear(p)).at(-1) ??
    open.find(inYear) ??
    open[0] ??
    null
  );
}

/** A line's auxiliary values as the reader reads them: "项目：P001 某某案; 部门：…" (type names localized). */
export function auxText(language: string, auxes: ProfitTransferLineDto['auxes']): string {
  const english = language === 'en_US';
  return auxes.map((a) => {
    const type = auxTypes.find((x) => x.id === a.auxTypeId);
    return `${type ? localTypeName(language, type) : a.auxTypeId}${english ? ': ' : '：'}${[a.code, a.name].filter(Boolean).join(' ')}`;
  }).join(english ? '; ' : '；');
}

/** A transfer or year-end close voucher written from the page. */
interface Written { id: number; label: string; yearClose: boolean; periodId: number }

function ProfitTransferDialog({ close = 'PROFIT_LOSS', opened, unbookedAtOpen = false, onClose, onDone, onWritten, accountId, periodId, periodName, periods, onPeriod, onOpenVoucher }: {
  /** PROFIT_LOSS: 结转损益 (a month of the year); YEAR_PROFIT: 结转本年利润 (the year's last period). */
  close?: 'PROFIT_LOSS' | 'YEAR_PROFIT';
  opened: boolean; onClose: () => void;
  /** "Include unbookkept vouchers" as the dialog opens (default false: bookkept vouchers only). */
  unbookedAtOpen?: boolean;
  /** The voucher was written and the dialog has gone (its exit over): the page places the keyboard. */
  onDone: () => void;
  /** The voucher written (before the dialog closes). */
  onWritten: (w: Written) => void;
  accountId: number; periodId: number; periodName: string;
  /** The year's open months a transfer may go to. */
  periods: PeriodDto[]; onPeriod: (id: number) => void; onOpenVoucher: (id: number) => void;
}) {
  const { t, i18n } = useTranslation(['periodEnd', 'common']);
  // Bookkept vouchers only by default (as Kingdee and Yonyou transfer); ticked, unbookkept ones count
  // too. Each opening starts from the opener's choice (set while rendering, before the preview asks).
  const [includeUnbooked, setIncludeUnbooked] = useState(unbookedAtOpen);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setIncludeUnbooked(unbookedAtOpen);
  }
  const transfer = useProfitTransfer();
  const queryClient = useQueryClient();
  const yearClose = close === 'YEAR_PROFIT';
  // Keyed outside ['periodEnd'] (which a write invalidates): the preview of the month just written
  // is not asked again while its dialog closes (it would answer "nothing to transfer" into the
  // fading dialog); opening the dialog again asks afresh (staleTime 0).
  const preview = useQuery({
    queryKey: ['periodEndPreview', close, periodId, includeUnbooked, i18n.language],
    queryFn: () => call(periodEndApi.profitTransfer, { body: { periodId, includeUnbooked, preview: true, close } }, { readOnly: true }),
    enabled: opened,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
  // A refusal wins over lines kept from an earlier answer for the same month (a month whose transfer
  // was written since: its lines must not show, nor be confirmed, under "nothing to transfer").
  const shown = preview.error ? undefined : preview.data;
  const lines = shown?.lines ?? [];
  const withAux = lines.some((l) => l.auxes.length > 0);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const monthRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Closed by a written transfer: no focus returned to the opening button; the page places it (onDone).
  const written = useRef(false);
  if (opened) written.current = false;
  // Enter confirms once the lines are there (the button is disabled while they load). A month with
  // nothing to transfer (or any refusal) leaves the keyboard on the month field, to pick another
  // (the year-end close has none: on Cancel), not on the dialog's close button.
  useEffect(() => {
    if (!opened || preview.isFetching) return;
    if (shown) confirmRef.current?.focus();
    else if (preview.error) (monthRef.current ?? cancelRef.current)?.focus();
  }, [opened, shown, preview.error, preview.isFetching]);
  const confirm = async () => {
    try {
      const r = await transfer.mutateAsync({ accountId, periodId, includeUnbooked, preview: false, close });
      const v = r.voucher!;
      // The kind as the voucher list names it (记 / General): the ledger set's kinds in the reader's language.
      const kinds = await queryClient.fetchQuery(voucherKindsOptions(accountId)).catch(() => []);
      const kind = kinds.find((k) => k.id === v.kindId);
      const label = voucherLabel(kind ? localName(i18n.language, kind) : v.kindName, v.codeText);
      const id = notifications.show({
        color: 'green', autoClose: 6000,
        message: (
          <Group gap="xs">
            <Text size="sm" data-testid="transfer-done">{t(yearClose ? 'periodEnd:yearClose.done' : 'periodEnd:transfer.done', { label })}</Text>
            <Button size="compact-xs" variant="light" onClick={() => { notifications.hide(id); onOpenVoucher(v.id); }}>{t('periodEnd:transfer.open')}</Button>
          </Group>
        ),
      });
      onWritten({ id: v.id, label, yearClose, periodId });
      written.current = true;
      onClose();
    } catch {
      /* notified */
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t(yearClose ? 'periodEnd:yearClose.title' : 'periodEnd:transfer.title', { period: periodName })} size={withAux ? 1180 : 'xl'} centered
      returnFocus={!written.current} onExitTransitionEnd={() => written.current && onDone()}>
      <Stack gap="sm" data-testid={yearClose ? 'year-close-dialog' : 'transfer-dialog'}>
        {yearClose ? <Text size="sm" c="dimmed">{t('periodEnd:yearClose.hint')}</Text> : (
          <Select label={t('periodEnd:transfer.period')} data={periods.map((p) => ({ value: String(p.id), label: p.name }))} value={String(periodId)}
            onChange={(v) => v && onPeriod(Number(v))} allowDeselect={false} w={200} data-testid="transfer-period" comboboxProps={{ withinPortal: false }} ref={monthRef} />
        )}
        <Checkbox label={t('periodEnd:transfer.includeUnbooked')} checked={includeUnbooked} onChange={(e) => setIncludeUnbooked(e.currentTarget.checked)} data-testid="transfer-unbooked" />
        {preview.isFetching && <Text size="sm" c="dimmed">{t('periodEnd:transfer.loading')}</Text>}
        {preview.error && <Alert color="orange" data-testid="transfer-error">{preview.error.message}</Alert>}
        {shown && (
          <>
            {yearClose && <Text size="sm">{t('periodEnd:yearClose.from', { code: shown.profitSubject.code, name: localName(i18n.language, shown.profitSubject) })}</Text>}
            <Text size="sm" data-testid="transfer-target">{t('periodEnd:transfer.target', { code: shown.target.code, name: localName(i18n.language, shown.target) })}</Text>
            {/* Wide enough that a line stays on one line (the auxiliaries alone may wrap); the heads stay in view under the title as the lines scroll. */}
            <Table withTableBorder fz="sm" stickyHeader stickyHeaderOffset={TRANSFER_HEAD_OFFSET} data-testid="transfer-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('periodEnd:transfer.summary')}</Table.Th>
                  <Table.Th>{t('periodEnd:transfer.subject')}</Table.Th>
                  {withAux && <Table.Th>{t('periodEnd:transfer.aux')}</Table.Th>}
                  <Table.Th ta="right">{t('periodEnd:transfer.debit')}</Table.Th>
                  <Table.Th ta="right">{t('periodEnd:transfer.credit')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l, i) => (
                  <Table.Tr key={i} data-testid="transfer-line">
                    <Table.Td style={NO_WRAP}>{l.summary}</Table.Td>
                    <Table.Td style={NO_WRAP}>{l.subjectCode} {localName(i18n.language, { name: l.subjectName, nameEn: l.subjectNameEn })}</Table.Td>
                    {withAux && <Table.Td data-testid="transfer-line-aux">{auxText(i18n.language, l.auxes)}</Table.Td>}
                    <Table.Td ta="right" style={NO_WRAP}>{l.direction ? formatCents(Number(l.amount)) : ''}</Table.Td>
                    <Table.Td ta="right" style={NO_WRAP}>{l.direction ? '' : formatCents(Number(l.amount))}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr fw={600}>
                  <Table.Td colSpan={withAux ? 3 : 2}>{t('periodEnd:transfer.total')}</Table.Td>
                  <Table.Td ta="right" data-testid="transfer-total">{formatCents(Number(shown.totalCents))}</Table.Td>
                  <Table.Td ta="right">{formatCents(Number(shown.totalCents))}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} ref={cancelRef} data-testid="transfer-cancel">{t('common:cancel')}</Button>
          <Button onClick={() => void confirm()} disabled={!shown || preview.isFetching} loading={transfer.isPending} ref={confirmRef} data-testid="transfer-confirm">
            {t('periodEnd:transfer.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

