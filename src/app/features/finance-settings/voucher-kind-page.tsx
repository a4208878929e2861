/**
 * /basic/voucherKind: the voucher kinds (凭证字) of the current ledger set. New, edit, make default,
 * delete after the used-check (the default kind cannot be deleted; the server says so).
 */
import { useMemo } from 'react';
import { Badge, Checkbox, TextInput } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { voucherKindCreateBody, type VoucherKindDto } from '../../../contract/finance-settings';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { useCreateVoucherKind, useDeleteVoucherKind, useUpdateVoucherKind, voucherKindListOptions, voucherKindUsed } from '../../queries/finance-settings';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { useEntityForm } from '../common/use-entity-form';
import { voucherKindsColumns } from './voucher-kinds.columns';

interface Ctx {
  t: (k: string) => string;
}

const renderers = {
  isDefault: (p: ICellRendererParams<VoucherKindDto, boolean, Ctx>) =>
    p.value ? <Badge tt="none" color="blue" variant="filled" leftSection={<IconStar size={10} />} data-testid="voucher-kind-default-badge">{p.context.t('finance:voucherKind.defaultBadge')}</Badge> : null,
};

export function VoucherKindPage() {
  const { t } = useTranslation(['finance', 'admin', 'common', 'errors']);
  const { accountId } = useScope();
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const editor = useDialogState<VoucherKindDto | null>();
  const update = useUpdateVoucherKind();
  const del = useDeleteVoucherKind();
  const context = useMemo<Ctx>(() => ({ t: (k) => t(k) }), [t]);

  if (!accountId) return <NoCompany />;

  return (
    <ListPage<VoucherKindDto, Ctx>
      gridId="basic.voucherKind"
      columns={voucherKindsColumns}
      query={(req) => voucherKindListOptions(accountId, req)}
      resetKey={accountId}
      getRowId={(k) => k.id}
      rowLabel={(k) => k.name}
      selection="single"
      paged={false}
      renderers={renderers}
      context={context}
      keywordPlaceholder={t('finance:voucherKind.keyword')}
      onRowOpen={canEdit ? (k) => editor.open(k) : undefined}
      actions={[
        { key: 'new', allowed: canEdit, testId: 'voucher-kind-new', run: () => editor.open(null) },
        { key: 'edit', allowed: canEdit, placement: 'both', run: ([k]) => editor.open(k) },
        {
          key: 'default',
          label: t('finance:voucherKind.makeDefault'),
          icon: <IconStar size={16} />,
          selection: 'one',
          when: ([k]) => !k.isDefault,
          allowed: canEdit,
          placement: 'both',
          loading: update.isPending,
          testId: 'voucher-kind-make-default',
          run: ([k]) => update.mutate({ id: k.id, accountId, body: { isDefault: true, version: k.version } }),
        },
      ]}
      remove={{
        allowed: canEdit,
        selection: 'one',
        placement: 'both',
        testId: 'voucher-kind-delete',
        used: (k) => voucherKindUsed(k.id),
        one: (k) => del.mutateAsync({ id: k.id, accountId }),
      }}
      dialogs={<VoucherKindDialog opened={editor.opened} kind={editor.payload} accountId={accountId} onClose={editor.close} onNew={() => editor.open(null)} />}
    />
  );
}

function VoucherKindDialog({ opened, kind, accountId, onClose, onNew }: { opened: boolean; kind: VoucherKindDto | null; accountId: number; onClose: () => void; onNew: () => void }) {
  const { t } = useTranslation('finance');
  const create = useCreateVoucherKind();
  const update = useUpdateVoucherKind();
  const form = useEntityForm({
    schema: voucherKindCreateBody,
    empty: () => ({ accountId, name: '', nameEn: '', isDefault: false }),
    required: ['name'],
    serverFields: { DATA_DUPLICATION: 'name' },
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={kind ? t('voucherKind.editTitle') : t('voucherKind.newTitle')}
      form={form}
      values={kind ? { accountId, name: kind.name, nameEn: kind.nameEn ?? '', isDefault: kind.isDefault } : undefined}
      recordKey={kind?.id}
      onSave={(body) =>
        kind
          ? update.mutateAsync({ id: kind.id, accountId, body: { name: body.name, nameEn: body.nameEn, ...(body.isDefault && !kind.isDefault ? { isDefault: true as const } : {}), version: kind.version } })
          : create.mutateAsync({ ...body, accountId })
      }
      saveAndNew={!kind}
      onNew={onNew}
      size="sm"
      testId="voucher-kind-dialog"
    >
      <TextInput label={t('voucherKind.name')} withAsterisk data-autofocus {...form.text('name')} data-testid="voucher-kind-name" />
      <TextInput label={t('voucherKind.nameEn')} {...form.text('nameEn')} data-testid="voucher-kind-name-en" />
      <Checkbox label={t('voucherKind.isDefault')} disabled={!!kind?.isDefault} {...form.checkbox('isDefault')} data-testid="voucher-kind-is-default" />
    </FormDialog>
  );
}
