/**
 * /system/vendor (spec 02 §2.7): the vendors of the current ledger set. Keyword search, New, Edit
 * and Delete per row (after the used-check: 'Already in use, cannot be deleted!'), paging; the edit
 * popup (520×450) with code, name, kind, owner (employee autocomplete) and disabled. Beside the
 * owner, the add-employee button (spec 01 §2) opens the employee screen's New-employee form over the
 * vendor form; the employee saved there becomes the owner (docs/decisions/062-vendor-add-employee.md).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../common/select';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vendorCreateBody, type VendorDto } from '../../../contract/budget';
import type { EmployeeDto } from '../../../contract/staff';
import { auxKinds } from '../../../domain/enums';
import { RIGHTS } from '../../../domain/rights';
import type { ListColumn } from '../../../../grids/list/columns';
import { useHasRight, useScope } from '../../session/store';
import { budgetKeys, useCreateVendor, useDeleteVendor, useUpdateVendor, vendorListOptions, vendorUsed } from '../../queries/budgets';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage } from '../common/list-page';
import { useListTransfer } from '../common/list-transfer';
import { useEntityForm } from '../common/use-entity-form';
import { EmployeeDialog } from '../staff/employee-dialog';
import { EmployeeSelect } from '../staff/employee-select';
import { FIELD_ROW } from '../../../../grids/list/field-row';

const columns: ListColumn<VendorDto>[] = [
  { field: 'code', headerKey: 'budget:vendor.code', width: 120, sortable: true },
  { field: 'name', headerKey: 'budget:vendor.name', minWidth: 200, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'budget:vendor.kind', width: 100, format: 'kind' },
  { field: 'owner', headerKey: 'budget:vendor.owner', width: 140, format: 'ref' },
  { field: 'disabled', headerKey: 'budget:vendor.disabled', width: 90, renderer: 'yes' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 110, renderer: 'actions', resizable: false, pinned: 'right' },
];

interface VendorValues extends Record<string, unknown> {
  accountId: number;
  code: string;
  name: string;
  kind: VendorDto['kind'];
  ownerId: string | null;
  disabled: boolean;
}

const vendorValues = (accountId: number, v?: VendorDto | null): VendorValues => ({
  accountId, code: v?.code ?? '', name: v?.name ?? '', kind: v?.kind ?? 'NORMAL', ownerId: v?.ownerId ? String(v.ownerId) : null, disabled: !!v?.disabled,
});

function VendorDialog({ opened, accountId, companyId, vendor, onClose, onNew }: {
  opened: boolean; accountId: number; companyId: number; vendor: VendorDto | null; onClose: () => void; onNew: () => void;
}) {
  const { t } = useTranslation(['budget', 'admin']);
  const canAddEmployee = useHasRight(RIGHTS.USER_CENTER);
  // The employee created from this form (add-employee): shown in the owner field, which starts again with it.
  const [addingOwner, setAddingOwner] = useState(false);
  const [addedOwner, setAddedOwner] = useState<EmployeeDto | null>(null);
  const ownerInput = useRef<HTMLInputElement>(null);
  const justAdded = useRef(false);
  useEffect(() => {
    if (opened) return;
    setAddingOwner(false);
    setAddedOwner(null);
  }, [opened]);
  const create = useCreateVendor(accountId);
  const update = useUpdateVendor(accountId);
  const form = useEntityForm({
    schema: vendorCreateBody,
    empty: () => vendorValues(accountId),
    required: ['code', 'name', 'kind'],
    toInput: (v) => ({ ...v, ownerId: v.ownerId ? Number(v.ownerId) : null }),
    // Spec 02 §5: code and name 'please enter correct content'; kind 'Please select'.
    messages: { code: { key: 'admin:validation.correctContent' }, name: { key: 'admin:validation.correctContent' }, kind: { key: 'admin:validation.pleaseSelect' } },
    serverFields: { VENDOR_CODE_DUPLICATE: 'code', DATA_DUPLICATION: 'code' },
  });
  return (
    <>
      <FormDialog
        opened={opened}
        onClose={onClose}
        title={vendor ? t('vendor.editTitle', { name: vendor.name }) : t('vendor.newTitle')}
        form={form}
        values={vendor ? vendorValues(accountId, vendor) : undefined}
        recordKey={vendor?.id ?? 'new'}
        onSave={(body) => {
          if (vendor) {
            const { accountId: _a, ...rest } = body;
            return update.mutateAsync({ id: vendor.id, body: { ...rest, version: vendor.version } });
          }
          return create.mutateAsync(body);
        }}
        saveAndNew
        onNew={onNew}
        size={520}
        covered={addingOwner}
        testId="vendor-dialog"
      >
        <Stack gap={6} mih={330}>
          <TextInput label={t('vendor.code')} withAsterisk data-autofocus maxLength={50} {...form.text('code')} data-testid="vendor-code" />
          <TextInput label={t('vendor.name')} withAsterisk maxLength={50} {...form.text('name')} data-testid="vendor-name" />
          <Select
            label={t('vendor.kind')}
            withAsterisk
            allowDeselect={false}
            data={auxKinds.map((k) => ({ value: k, label: t(`vendor.kinds.${k}`) }))}
            value={form.values.kind}
            onChange={(v) => v && form.set('kind', v as VendorValues['kind'])}
            error={form.error('kind')}
            data-testid="vendor-kind"
          />
          <Group gap={6} align="flex-end" wrap="nowrap" className={FIELD_ROW}>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <EmployeeSelect
                key={addedOwner?.id ?? 'record'}
                ref={ownerInput}
                companyId={companyId}
                label={t('vendor.owner')}
                value={form.values.ownerId ? Number(form.values.ownerId) : null}
                current={addedOwner ?? vendor?.owner ?? null}
                onChange={(e) => form.set('ownerId', e ? String(e.id) : null)}
                error={form.error('ownerId')}
                testId="vendor-owner"
              />
            </Box>
            {canAddEmployee && (
              <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setAddingOwner(true)} data-testid="vendor-add-employee">
                {t('vendor.addEmployee')}
              </Button>
            )}
          </Group>
          <Checkbox label={t('vendor.disabled')} {...form.checkbox('disabled')} data-testid="vendor-disabled" />
        </Stack>
      </FormDialog>
      {/* Beside the vendor form, not in it: its Enter and Esc stay its own (React events bubble through portals). */}
      <EmployeeDialog
        opened={opened && addingOwner}
        companyId={companyId}
        employee={null}
        departmentId={null}
        onClose={() => {
          setAddingOwner(false);
          // Saved: back in the vendor form on the owner it filled (once the closing dialog has given
          // the focus back to the button); else on the button.
          if (justAdded.current) setTimeout(() => ownerInput.current?.focus(), 50);
          justAdded.current = false;
        }}
        onOpen={() => undefined}
        onSaved={(e) => {
          setAddedOwner(e);
          form.set('ownerId', String(e.id));
          justAdded.current = true;
        }}
      />
    </>
  );
}

export function VendorListPage() {
  const { t } = useTranslation(['budget', 'admin', 'shell', 'errors']);
  const { companyId, accountId } = useScope();
  const canEdit = useHasRight(RIGHTS.SYSTEM);
  const editor = useDialogState<VendorDto | null>();
  const del = useDeleteVendor(accountId);
  const qc = useQueryClient();
  const transfer = useListTransfer<VendorDto>({ kind: 'vendor', scope: accountId ? { accountId } : null, canImport: canEdit, refresh: () => qc.invalidateQueries({ queryKey: budgetKeys.vendors(accountId) }) });
  const formatters = useMemo(() => ({
    ref: (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: string }).name) : ''),
    kind: (v: unknown) => (v ? t(`budget:vendor.kinds.${String(v)}`) : ''),
  }), [t]);
  // Booleans are drawn as text: AG Grid would otherwise show its own checkbox for a boolean cell.
  const renderers = useMemo(() => ({ yes: (p: { value?: unknown }) => (p.value ? t('budget:yes') : '') }), [t]);

  if (!accountId || !companyId) return <Text c="dimmed">{t('shell:banner.accountYear')}</Text>;

  return (
    <ListPage<VendorDto>
      gridId="system.vendor"
      columns={columns}
      query={(req) => vendorListOptions(accountId, req)}
      resetKey={[accountId]}
      getRowId={(v) => v.id}
      rowLabel={(v) => `${v.code} ${v.name}`}
      formatters={formatters}
      renderers={renderers}
      keywordPlaceholder={t('vendor.keyword')}
      actions={[
        { key: 'new', allowed: canEdit, testId: 'vendor-new', run: () => editor.open(null) },
        { key: 'edit', allowed: canEdit, placement: 'both', selection: 'one', testId: 'vendor-edit', run: (rows) => editor.open(rows[0]) },
        ...transfer.actions,
      ]}
      toolbarExtra={transfer.bar}
      remove={{
        allowed: canEdit,
        placement: 'both',
        testId: 'vendor-delete',
        used: (v) => vendorUsed(v.id),
        one: (v) => del.mutateAsync(v.id),
      }}
      onRowOpen={canEdit ? (v) => editor.open(v) : undefined}
      dialogs={
        <>
          {transfer.dialog}
          <VendorDialog opened={editor.opened} accountId={accountId} companyId={companyId} vendor={editor.payload} onClose={editor.close} onNew={() => editor.open(null)} />
        </>
      }
    />
  );
}
