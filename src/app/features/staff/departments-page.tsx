/**
 * /userCenter/department: the company's department tree beside the list of the chosen node's
 * children (all departments under 'All'). New, Edit (code, name, parent, principal, disabled) and
 * Delete after the used-check (a department with children or employees is in use).
 */
import { useMemo } from 'react';
import { Checkbox, Flex, Stack, TextInput } from '@mantine/core';
import { Select } from '../common/select';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { departmentCreateBody, type DepartmentDto } from '../../../contract/staff';
import { RIGHTS } from '../../../domain/rights';
import { descendantIds } from '../../../domain/staff';
import type { ListColumn } from '../../../../grids/list/columns';
import { useHasRight, useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import { allDepartmentsOptions, departmentListOptions, departmentUsed, staffKeys, useDeleteDepartment, useSaveDepartment } from '../../queries/staff';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { useListTransfer } from '../common/list-transfer';
import { useEntityForm } from '../common/use-entity-form';
import { DepartmentTreePanel } from './department-tree-panel';
import { EmployeeSelect } from './employee-select';
import { recordOptionsFilter, type RecordOption } from '../pickers/picker-rules';

const columns: ListColumn<DepartmentDto>[] = [
  { field: 'code', headerKey: 'admin:department.code', width: 120, sortable: true },
  { field: 'name', headerKey: 'admin:department.name', minWidth: 180, flex: 1, sortable: true },
  { field: 'parentId', headerKey: 'admin:department.parent', width: 180, format: 'parent' },
  { field: 'principal', headerKey: 'admin:department.principal', width: 140, format: 'ref' },
  { field: 'leaf', headerKey: 'admin:department.leaf', width: 90, format: 'yesNo' },
  { field: 'disabled', headerKey: 'admin:department.disabled', width: 90, format: 'yesNo' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 110, renderer: 'actions', resizable: false, pinned: 'right' },
];

export function DepartmentsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId } = useScope();
  const canManage = useHasRight(RIGHTS.USER_CENTER);
  // The tree's department stays with the tab (back from another tab, the same list).
  const [parentId, setParentId] = useTabState<number | null>(`departments:parent:c${companyId}`, () => null);
  const editor = useDialogState<DepartmentDto | null>();
  const del = useDeleteDepartment(companyId);
  const qc = useQueryClient();
  const transfer = useListTransfer<DepartmentDto>({ kind: 'department', scope: companyId ? { companyId } : null, canImport: canManage, refresh: () => qc.invalidateQueries({ queryKey: staffKeys.departments(companyId) }) });
  const { data: all } = useQuery(allDepartmentsOptions(companyId));
  const byId = useMemo(() => new Map((all?.content ?? []).map((d) => [d.id, d])), [all]);
  const formatters = useMemo(() => ({
    parent: (v: unknown) => (typeof v === 'number' ? (byId.get(v)?.name ?? '') : ''),
    ref: (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: string }).name) : ''),
    yesNo: (v: unknown) => (v ? t('admin:employee.yes') : ''),
  }), [byId, t]);

  if (!companyId) return <NoCompany />;
  return (
    <Flex gap="sm" h="100%" align="stretch">
      <DepartmentTreePanel companyId={companyId} value={parentId} onChange={setParentId} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ListPage<DepartmentDto>
          gridId="userCenter.department"
          columns={columns}
          query={(req) => departmentListOptions(companyId, req, parentId)}
          resetKey={{ companyId, parentId }}
          getRowId={(d) => d.id}
          rowLabel={(d) => `${d.code} ${d.name}`}
          formatters={formatters}
          keywordPlaceholder={t('admin:department.keyword')}
          rowClassRules={{ 'ld-row-muted': (p) => !!p.data?.disabled }}
          onRowOpen={canManage ? (d) => editor.open(d) : undefined}
          actions={[
            { key: 'new', allowed: canManage, testId: 'department-new', run: () => editor.open(null) },
            { key: 'edit', allowed: canManage, placement: 'both', run: ([d]) => editor.open(d) },
            ...transfer.actions,
          ]}
          toolbarExtra={transfer.bar}
          remove={{
            allowed: canManage,
            placement: 'both',
            used: (d) => departmentUsed(d.id),
            one: (d) => del.mutateAsync(d.id),
          }}
          dialogs={
            <>
              {transfer.dialog}
              <DepartmentDialog opened={editor.opened} companyId={companyId} department={editor.payload} parentId={parentId} all={all?.content ?? []} onClose={editor.close} onNew={() => editor.open(null)} />
            </>
          }
        />
      </div>
    </Flex>
  );
}

interface DepartmentValues extends Record<string, unknown> {
  code: string;
  name: string;
  parentId: string | null;
  principalId: string | null;
  disabled: boolean;
}

const departmentValues = (d: DepartmentDto | null, parentId: number | null): DepartmentValues => ({
  code: d?.code ?? '',
  name: d?.name ?? '',
  parentId: d ? (d.parentId ? String(d.parentId) : null) : parentId ? String(parentId) : null,
  principalId: d?.principalId ? String(d.principalId) : null,
  disabled: d?.disabled ?? false,
});

function DepartmentDialog({ opened, companyId, department, parentId, all, onClose, onNew }: {
  opened: boolean; companyId: number; department: DepartmentDto | null; parentId: number | null; all: DepartmentDto[]; onClose: () => void; onNew: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const save = useSaveDepartment(companyId);
  // A department with employees cannot be given a child (the server answers PARENT_IN_USE): the tree's
  // department is the new one's parent only when it can be, and the parent list offers it greyed
  // with the reason (it stays choosable where it already is the edited department's parent).
  const staffed = new Set(all.filter((d) => d.hasEmployees).map((d) => d.id));
  const presetParent = parentId !== null && all.some((d) => d.id === parentId) && !staffed.has(parentId) ? parentId : null;
  const form = useEntityForm({
    schema: departmentCreateBody,
    empty: () => departmentValues(null, presetParent),
    required: ['code', 'name'],
    toInput: (v) => ({ ...v, companyId, parentId: v.parentId ? Number(v.parentId) : null, principalId: v.principalId ? Number(v.principalId) : null }),
    serverFields: { DATA_DUPLICATION: 'code', PARENT_IN_USE: 'parentId', PARENT_IS_SELF: 'parentId' },
  });
  // A department cannot sit below itself or its own children.
  const excluded = department ? new Set(descendantIds(all, department.id)) : new Set<number>();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={department ? t('admin:department.editTitle', { name: department.name }) : t('admin:department.newTitle')}
      form={form}
      values={department ? departmentValues(department, null) : undefined}
      recordKey={department?.id ?? 'new'}
      onSave={(body) => (department ? save.mutateAsync({ id: department.id, body: { ...body, version: department.version } }) : save.mutateAsync({ id: null, body }))}
      saveAndNew
      onNew={onNew}
      size={500}
      testId="department-dialog"
    >
      <Stack gap={6}>
        <TextInput label={t('admin:department.code')} withAsterisk data-autofocus {...form.text('code')} data-testid="department-code" />
        <TextInput label={t('admin:department.name')} withAsterisk {...form.text('name')} data-testid="department-name" />
        <Select
          label={t('admin:department.parent')}
          placeholder={t('admin:department.noParent')}
          searchable
          clearable
          data={all.filter((d) => !excluded.has(d.id)).map((d): RecordOption => {
            const refused = staffed.has(d.id) && d.id !== department?.parentId;
            return { value: String(d.id), label: `${d.code} ${d.name}${refused ? ` ${t('admin:department.hasEmployees')}` : ''}`, disabled: refused, initials: d.nameInitials };
          })}
          // By code, name or the start of the name's pinyin initials (`ssz` 诉讼组), as the department pickers.
          filter={recordOptionsFilter}
          {...form.field('parentId')}
          data-testid="department-parent"
        />
        <EmployeeSelect
          companyId={companyId}
          label={t('admin:department.principal')}
          value={form.values.principalId ? Number(form.values.principalId) : null}
          current={department?.principal ?? null}
          onChange={(e) => form.set('principalId', e ? String(e.id) : null)}
          error={form.error('principalId')}
          testId="department-principal"
        />
        <Checkbox mt={6} label={t('admin:department.disabled')} {...form.checkbox('disabled')} data-testid="department-disabled" />
      </Stack>
    </FormDialog>
  );
}
