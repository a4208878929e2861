/**
 * /userCenter/employee (spec 02 §2.3): the department tree (root 'All') beside the employee list;
 * keyword and disabled (All, Yes, No) filters; New, Edit (500×450 popup with Copy), Delete after
 * the used-check; the bound-account column binds (800×600 account list) or unbinds. From the
 * keyboard: the toolbar's Bind / Unbind (Alt+B) acts on the selected employee, and Enter on a row's
 * bound-account cell on that row.
 */
import { useMemo, useState } from 'react';
import { Anchor, Flex, Group, Text } from '@mantine/core';
import { Select } from '../common/select';
import { useQueryClient } from '@tanstack/react-query';
import type { ICellRendererParams } from 'ag-grid-community';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmployeeDto } from '../../../contract/staff';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import { employeeListOptions, employeeUsed, staffKeys, useDeleteEmployee, useUnbindUser } from '../../queries/staff';
import { ConfirmDialog, useDialogState } from '../common/confirm-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { useListTransfer } from '../common/list-transfer';
import { BindUserDialog } from './bind-user-dialog';
import { DepartmentTreePanel } from './department-tree-panel';
import { EmployeeDialog } from './employee-dialog';
import { employeesColumns } from './employees.columns';

interface Ctx {
  t: (k: string, o?: Record<string, unknown>) => string;
  canManage: boolean;
  onBind: (e: EmployeeDto) => void;
  onUnbind: (e: EmployeeDto) => void;
}

const renderers = {
  account: (p: ICellRendererParams<EmployeeDto, EmployeeDto['user'], Ctx>) => {
    const e = p.data;
    if (!e) return null;
    if (!p.context.canManage) return e.user ? <Text size="sm">{e.user.username}</Text> : null;
    return e.user ? (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{e.user.username}</Text>
        <Anchor component="button" size="sm" c="red" onClick={() => p.context.onUnbind(e)} data-testid={`employee-unbind-${e.code}`}>{p.context.t('admin:employee.unbind')}</Anchor>
      </Group>
    ) : (
      <Anchor component="button" size="sm" onClick={() => p.context.onBind(e)} data-testid={`employee-bind-${e.code}`}>{p.context.t('admin:employee.bind')}</Anchor>
    );
  },
};

export function EmployeesPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId } = useScope();
  const canManage = useHasRight(RIGHTS.USER_CENTER);
  // The tree's department and the disabled filter stay with the tab (back from another tab, the same list).
  const [departmentId, setDepartmentId] = useTabState<number | null>(`employees:dept:c${companyId}`, () => null);
  const [disabled, setDisabled] = useTabState<string | null>(`employees:disabled:c${companyId}`, () => null);
  const editor = useDialogState<{ employee: EmployeeDto | null; copyOf?: EmployeeDto | null }>();
  const binder = useDialogState<EmployeeDto>();
  const unbinder = useDialogState<EmployeeDto>();
  const del = useDeleteEmployee(companyId);
  const unbind = useUnbindUser(companyId);
  // The toolbar's Bind says Unbind when the one employee selected has an account.
  const [selected, setSelected] = useState<EmployeeDto[]>([]);
  const unbinding = selected.length === 1 && !!selected[0].user;
  const qc = useQueryClient();
  const transfer = useListTransfer<EmployeeDto>({ kind: 'employee', scope: companyId ? { companyId } : null, canImport: canManage, refresh: () => qc.invalidateQueries({ queryKey: staffKeys.employees(companyId) }) });

  const formatters = useMemo(() => ({
    ref: (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: string }).name) : ''),
    yesNo: (v: unknown) => (v ? t('admin:employee.yes') : ''),
    sex: (v: unknown) => (v === 0 || v === 1 ? t(`admin:employee.sexes.${v}`) : ''),
  }), [t]);
  const context = useMemo<Ctx>(() => ({
    t: (k, o) => t(k, o),
    canManage,
    onBind: (e) => binder.open(e),
    onUnbind: (e) => unbinder.open(e),
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [t, canManage]);

  if (!companyId) return <NoCompany />;
  const filter = { parentDepartmentId: departmentId, disabled: disabled === null ? null : disabled === 'yes' };

  return (
    <Flex gap="sm" h="100%" align="stretch">
      <DepartmentTreePanel companyId={companyId} value={departmentId} onChange={setDepartmentId} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ListPage<EmployeeDto, Ctx>
          gridId="userCenter.employee"
          savedFilters={{
            queryId: 'employee.list',
            scope: `c${companyId}`,
            value: { departmentId, disabled },
            apply: (f: { departmentId?: number | null; disabled?: string | null }) => {
              setDepartmentId(f.departmentId ?? null);
              setDisabled(f.disabled ?? null);
            },
          }}
          columns={employeesColumns}
          query={(req) => employeeListOptions(companyId, req, filter)}
          resetKey={{ companyId, ...filter }}
          getRowId={(e) => e.id}
          rowLabel={(e) => `${e.code} ${e.name}`}
          renderers={renderers}
          formatters={formatters}
          context={context}
          keywordPlaceholder={t('admin:employee.keyword')}
          rowClassRules={{ 'ld-row-muted': (p) => !!p.data?.disabled }}
          onRowOpen={canManage ? (e) => editor.open({ employee: e }) : undefined}
          onSelectionChange={setSelected}
          // A bind or unbind refreshes the list under a selection that stays: the label follows the fresh rows.
          onAnswer={(a) => setSelected((rows) => rows.map((r) => a.content.find((x) => x.id === r.id) ?? r))}
          cellActions={{ user: 'bind' }}
          actions={[
            { key: 'new', allowed: canManage, testId: 'employee-new', run: () => editor.open({ employee: null }) },
            { key: 'edit', allowed: canManage, placement: 'both', run: ([e]) => editor.open({ employee: e }) },
            {
              key: 'bind',
              label: t(unbinding ? 'admin:employee.unbind' : 'admin:employee.bind'),
              icon: unbinding ? <IconUnlink size={16} /> : <IconLink size={16} />,
              allowed: canManage,
              selection: 'one',
              shortcut: 'alt+b',
              testId: 'employee-bind-toggle',
              run: ([e]) => (e.user ? unbinder.open(e) : binder.open(e)),
            },
            ...transfer.actions,
          ]}
          toolbarExtra={transfer.bar}
          remove={{
            allowed: canManage,
            placement: 'both',
            used: (e) => employeeUsed(e.id),
            one: (e) => del.mutateAsync(e.id),
          }}
          filters={
            <Select
              size="sm"
              w={110}
              placeholder={t('admin:employee.filterDisabled')}
              aria-label={t('admin:employee.filterDisabled')}
              data={[{ value: 'yes', label: t('admin:employee.yes') }, { value: 'no', label: t('admin:employee.no') }]}
              value={disabled}
              onChange={setDisabled}
              clearable
              data-testid="employee-filter-disabled"
            />
          }
          dialogs={
            <>
              {transfer.dialog}
              <EmployeeDialog
                opened={editor.opened}
                companyId={companyId}
                employee={editor.payload?.employee ?? null}
                copyOf={editor.payload?.copyOf ?? null}
                departmentId={departmentId}
                onClose={editor.close}
                onOpen={(next) => editor.open(next)}
              />
              <BindUserDialog companyId={companyId} employee={binder.payload} onClose={binder.close} />
              <ConfirmDialog
                opened={unbinder.opened}
                color="blue"
                message={t('admin:employee.unbindConfirm', { name: unbinder.payload?.name ?? '', username: unbinder.payload?.user?.username ?? '' })}
                confirmLabel={t('admin:employee.unbind')}
                loading={unbind.isPending}
                onCancel={unbinder.close}
                onConfirm={() => {
                  const e = unbinder.payload;
                  if (e) void unbind.mutateAsync({ id: e.id, version: e.version }).then(unbinder.close, () => undefined);
                }}
              />
            </>
          }
        />
      </div>
    </Flex>
  );
}
