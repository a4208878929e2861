/**
 * /basic/accountPeriod: choose a ledger set and an account year (defaults: the current scope),
 * see its periods (name = start month, start, end, settled flag), move a boundary inline or in a
 * dialog (the server shifts the neighbours so the year stays contiguous), create the next year.
 * Both selectors take typing (a ledger set's name, a year) and Enter, as a keyboard clerk expects.
 */
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Card, Group, NumberInput, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendarPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import type { CellEditRequestEvent, ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { accountYearCreateBody, periodUpdateBody, type PeriodDto } from '../../../contract/account';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope, useSession } from '../../session/store';
import { accountYearsOptions, companyAccountsOptions, periodListOptions, useCreateAccountYear, useDeleteAccountYear, useUpdatePeriod } from '../../queries/admin-accounts';
import { ConfirmDialog } from '../common/confirm-dialog';
import { FirstMatchSelect } from '../common/first-match-select';
import { FormDialog } from '../common/form-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { useEntityForm } from '../common/use-entity-form';
import { boundaryProblem, nextAccountYear, nextYearStart, periodDays, pickYearId } from './period-math';
import { periodsColumns } from './periods.columns';
import { FIELD_ROW } from '../../../../grids/list/field-row';

interface Ctx {
  t: (k: string) => string;
}

const renderers = {
  rolled: (p: ICellRendererParams<PeriodDto, boolean, Ctx>) =>
    p.value ? <Badge tt="none" color="gray" variant="filled">{p.context.t('admin:period.settled')}</Badge> : <Badge tt="none" color="green" variant="light">{p.context.t('admin:period.open')}</Badge>,
};
const formatters = { days: (_: unknown, row: PeriodDto | undefined) => (row ? String(periodDays(row.startAt, row.endAt)) : '') };

export function PeriodsPage() {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const scope = useScope();
  const canManage = useHasRight(RIGHTS.ACCOUNT_MANAGE);
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const wantedAccount = Number(search?.accountId) || null;
  const [accountId, setAccountId] = useState<number | null>(wantedAccount ?? scope.accountId);
  const [yearId, setYearId] = useState<number | null>(scope.accountYearId);
  const [editing, setEditing] = useState<PeriodDto | null>(null);
  const [creatingYear, setCreatingYear] = useState(false);
  const update = useUpdatePeriod();
  const deleteYear = useDeleteAccountYear();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const accounts = useQuery(companyAccountsOptions(scope.companyId));
  const years = useQuery(accountYearsOptions(accountId));
  const yearList = useMemo(() => [...(years.data?.content ?? [])].sort((a, b) => a.year - b.year), [years.data]);
  const year = yearList.find((y) => y.id === yearId) ?? null;
  // Only the last year of a ledger set can be deleted (the server also refuses a year in use).
  const lastYear = yearList.at(-1) ?? null;

  // Follow the scope when it changes (top-bar selectors), unless a ledger set was asked for by link.
  useEffect(() => {
    setAccountId(wantedAccount ?? scope.accountId);
    setYearId(scope.accountYearId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope.scopeVersion, wantedAccount]);
  // Without a usable account choose the main (or first) ledger set.
  useEffect(() => {
    const list = accounts.data?.content;
    if (!list?.length) return;
    if (!accountId || !list.some((a) => a.id === accountId)) setAccountId((list.find((a) => a.main === 1) ?? list[0]).id);
  }, [accounts.data, accountId]);
  // Keep the year valid for the chosen account.
  useEffect(() => {
    if (!years.data) return;
    const picked = pickYearId(yearList, yearId);
    if (picked !== yearId) setYearId(picked);
  }, [years.data, yearList, yearId]);

  const context = useMemo<Ctx>(() => ({ t: (k) => t(k) }), [t]);

  const onCellEditRequest = (e: CellEditRequestEvent<PeriodDto>) => {
    const p = e.data;
    const value = typeof e.newValue === 'string' ? e.newValue.slice(0, 10) : null;
    if (!p || !value) return;
    const next = { startAt: p.startAt, endAt: p.endAt, [e.colDef.field as 'startAt' | 'endAt']: value };
    const problem = boundaryProblem(next.startAt, next.endAt);
    if (problem === 'PERIOD_END_BEFORE_START') {
      setEditing({ ...p, ...next });
      return;
    }
    update.mutate({ id: p.id, ...next, version: p.version });
  };

  if (!scope.companyId) return <NoCompany />;

  return (
    <>
      <Card withBorder padding="sm" mb="sm">
        <Group gap="md" wrap="wrap" align="flex-end" className={FIELD_ROW}>
          <FirstMatchSelect
            label={t('admin:period.account')}
            w={240}
            data={(accounts.data?.content ?? []).map((a) => ({ value: String(a.id), label: a.main === 1 ? `${a.name} ★` : a.name }))}
            value={accountId ? String(accountId) : null}
            onChange={(v) => {
              setAccountId(v ? Number(v) : null);
              setYearId(null);
            }}
            allowDeselect={false}
            data-testid="period-account"
          />
          <FirstMatchSelect
            label={t('admin:period.year')}
            w={140}
            data={yearList.map((y) => ({ value: String(y.id), label: String(y.year) }))}
            value={yearId ? String(yearId) : null}
            onChange={(v) => setYearId(v ? Number(v) : null)}
            allowDeselect={false}
            nothingFoundMessage={t('admin:period.noYears')}
            data-testid="period-year"
          />
          {year && (
            <Text size="sm" c="dimmed" pb={8} data-testid="period-year-range">
              {t('admin:period.yearRange', { start: year.startAt, end: year.endAt })}
            </Text>
          )}
          {canManage && year && lastYear?.id === year.id && (
            <Button ml="auto" variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirmingDelete(true)} data-testid="period-delete-year">
              {t('admin:period.deleteYear')}
            </Button>
          )}
          {canManage && accountId && (
            <Button ml={year && lastYear?.id === year.id ? undefined : 'auto'} leftSection={<IconCalendarPlus size={16} />} onClick={() => setCreatingYear(true)} data-testid="period-new-year">
              {t('admin:period.newYear')}
            </Button>
          )}
        </Group>
      </Card>
      {years.data && !yearList.length ? (
        <Text c="dimmed">{t('admin:period.noYears')}</Text>
      ) : (
        <ListPage<PeriodDto, Ctx>
          gridId="basic.accountPeriod"
          columns={periodsColumns}
          query={() => periodListOptions(yearId)}
          resetKey={yearId}
          paged={false}
          searchable={false}
          selection="none"
          getRowId={(p) => p.id}
          renderers={renderers}
          formatters={formatters}
          context={context}
          // No row-open here: double-click and Enter edit the date cells in place.
          onCellEditRequest={canManage ? onCellEditRequest : undefined}
          emptyText={t('admin:period.noPeriods')}
          height={34 * 12 + 90}
          actions={[{ key: 'edit', label: t('admin:period.edit'), placement: 'row', allowed: canManage, when: ([p]) => !p.rolled, run: ([p]) => setEditing(p) }]}
          toolbarExtra={<Text size="sm" c="dimmed">{t('admin:period.hint')}</Text>}
        />
      )}
      <PeriodDialog period={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={confirmingDelete && !!year}
        message={t('admin:period.deleteYearConfirm', { year: year?.year ?? '' })}
        loading={deleteYear.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={async () => {
          try {
            if (year && scope.companyId) {
              await deleteYear.mutateAsync({ id: year.id, companyId: scope.companyId });
              setYearId(null);
            }
          } catch {
            /* notified */
          } finally {
            setConfirmingDelete(false);
          }
        }}
      />
      {accountId && scope.companyId && (
        <NewYearDialog opened={creatingYear} accountId={accountId} companyId={scope.companyId} years={yearList} onClose={() => setCreatingYear(false)} onCreated={setYearId} />
      )}
    </>
  );
}

function useDateLocale() {
  return useSession((s) => (s.language === 'zh_CN' ? 'zh-cn' : 'en'));
}

function PeriodDialog({ period, onClose }: { period: PeriodDto | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'errors']);
  const locale = useDateLocale();
  const update = useUpdatePeriod();
  const form = useEntityForm({
    schema: periodUpdateBody,
    empty: () => ({ startAt: null as string | null, endAt: null as string | null }),
    required: ['startAt', 'endAt'],
    rules: (v) => (boundaryProblem(v.startAt, v.endAt) === 'PERIOD_END_BEFORE_START' ? { endAt: { key: 'errors:PERIOD_END_BEFORE_START' } } : {}),
  });
  return (
    <FormDialog
      opened={!!period}
      onClose={onClose}
      title={t('admin:period.editTitle', { name: period?.name ?? '' })}
      form={form}
      values={period ? { startAt: period.startAt, endAt: period.endAt } : undefined}
      recordKey={period && `${period.id}:${period.startAt}:${period.endAt}`}
      onSave={(body) => update.mutateAsync({ id: period!.id, ...body, version: period!.version })}
      size="sm"
      testId="period-dialog"
    >
      <DateInput label={t('admin:period.startAt')} valueFormat="YYYY-MM-DD" locale={locale} {...form.field('startAt')} data-autofocus data-testid="period-start" />
      <DateInput label={t('admin:period.endAt')} valueFormat="YYYY-MM-DD" locale={locale} {...form.field('endAt')} data-testid="period-end" />
      <Text size="xs" c="dimmed">{t('admin:period.shiftHint')}</Text>
    </FormDialog>
  );
}

function NewYearDialog(props: { opened: boolean; accountId: number; companyId: number; years: { id: number; year: number; endAt: string }[]; onClose: () => void; onCreated: (id: number) => void }) {
  const { opened, accountId, companyId, years, onClose, onCreated } = props;
  const { t } = useTranslation(['admin', 'errors']);
  const locale = useDateLocale();
  const create = useCreateAccountYear();
  const form = useEntityForm({
    schema: accountYearCreateBody,
    empty: () => {
      // A fiscal year that does not start on 1 January follows on from the last one; else the server's default.
      const follow = nextYearStart(years);
      return { accountId, year: nextAccountYear(years) as number | string, startAt: follow && !follow.endsWith('-01-01') ? follow : (null as string | null) };
    },
    required: ['year'],
    toInput: (v) => ({ accountId: v.accountId, year: v.year === '' ? undefined : v.year, startAt: v.startAt ?? undefined }),
    messages: { year: { key: 'admin:account.yearRange' } },
    rules: (v) => (years.some((y) => y.year === Number(v.year)) ? { year: { key: 'errors:YEAR_EXISTS' } } : {}),
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('admin:period.newYearTitle')}
      form={form}
      onSave={async (body) => onCreated((await create.mutateAsync({ accountId, companyId, year: body.year, startAt: body.startAt })).id)}
      size="sm"
      testId="year-dialog"
    >
      <NumberInput label={t('admin:period.year')} withAsterisk data-autofocus min={1990} max={2200} clampBehavior="none" allowDecimal={false} {...form.field('year')} data-testid="year-input" />
      <DateInput label={t('admin:period.yearStart')} valueFormat="YYYY-MM-DD" locale={locale} clearable {...form.field('startAt')} description={t('admin:period.yearStartHint')} data-testid="year-start" />
    </FormDialog>
  );
}
