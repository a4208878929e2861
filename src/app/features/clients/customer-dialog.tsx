/**
 * The client popup (800×600, spec 02 §2.5, §4): view (read-only, with Edit and New for operators),
 * edit and new in one two-column form; the owner is picked with the employee autocomplete; address
 * textarea 4 rows. New clients are kind NORMAL.
 */
import { Button, Checkbox, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Select } from '../common/select';
import { useTranslation } from 'react-i18next';
import { customerCreateBody, type CustomerDto } from '../../../contract/clients';
import { auxKinds } from '../../../domain/enums';
import { useSaveCustomer } from '../../queries/clients';
import { FormDialog } from '../common/form-dialog';
import { useEntityForm } from '../common/use-entity-form';
import { EmployeeSelect } from '../staff/employee-select';

export type DialogMode = 'view' | 'edit' | 'new';

export interface CustomerValues extends Record<string, unknown> {
  code: string;
  name: string;
  kind: string;
  ownerId: string | null;
  bankName: string;
  bankAccount: string;
  invoiceTitle: string;
  taxNumber: string;
  address: string;
  formerName: string;
  disabled: boolean;
}

export const customerValues = (c?: CustomerDto | null): CustomerValues => ({
  code: c?.code ?? '',
  name: c?.name ?? '',
  kind: c?.kind ?? 'NORMAL',
  ownerId: c?.ownerId ? String(c.ownerId) : null,
  bankName: c?.bankName ?? '',
  bankAccount: c?.bankAccount ?? '',
  invoiceTitle: c?.invoiceTitle ?? '',
  taxNumber: c?.taxNumber ?? '',
  address: c?.address ?? '',
  formerName: c?.formerName ?? '',
  disabled: c?.disabled ?? false,
});

export function CustomerDialog({ opened, companyId, customer, mode, canOperate, onClose, onOpen }: {
  opened: boolean;
  companyId: number;
  customer: CustomerDto | null;
  mode: DialogMode;
  canOperate: boolean;
  onClose: () => void;
  onOpen: (next: { customer: CustomerDto | null; mode: DialogMode }) => void;
}) {
  const { t } = useTranslation(['clients', 'admin', 'common']);
  const save = useSaveCustomer(companyId);
  const form = useEntityForm({
    schema: customerCreateBody,
    empty: () => customerValues(null),
    required: ['code', 'name'],
    toInput: (v) => ({ ...v, companyId, ownerId: v.ownerId === null ? null : Number(v.ownerId) }),
    serverFields: { DATA_DUPLICATION: 'code' },
  });
  const readOnly = mode === 'view';
  const record = mode === 'new' ? null : customer;
  const title = mode === 'new' ? t('clients:customer.newTitle') : t(mode === 'view' ? 'clients:customer.viewTitle' : 'clients:customer.editTitle', { name: customer?.name ?? '' });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      form={form}
      values={record ? customerValues(record) : undefined}
      recordKey={`${mode}-${record?.id ?? 'new'}`}
      readOnly={readOnly}
      onSave={(parsed) => (record ? save.mutateAsync({ id: record.id, body: { ...parsed, version: record.version } }) : save.mutateAsync({ id: null, body: parsed }))}
      saveAndNew={!readOnly}
      onNew={() => onOpen({ customer: null, mode: 'new' })}
      size={800}
      footerLeft={readOnly && canOperate && customer ? (
        <>
          <Button variant="default" onClick={() => onOpen({ customer, mode: 'edit' })} data-testid="customer-edit">{t('clients:edit')}</Button>
          <Button variant="default" onClick={() => onOpen({ customer: null, mode: 'new' })} data-testid="customer-new-from-view">{t('clients:new')}</Button>
        </>
      ) : undefined}
      testId="customer-dialog"
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minHeight: 420 }}>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
          <TextInput label={t('clients:customer.code')} withAsterisk data-autofocus {...form.text('code')} data-testid="customer-code" />
          <TextInput label={t('clients:customer.name')} withAsterisk {...form.text('name')} data-testid="customer-name" />
          <Select label={t('clients:customer.kind')} data={auxKinds.map((k) => ({ value: k, label: t(`clients:customer.kinds.${k}`) }))} allowDeselect={false} {...form.field('kind')} onChange={(v) => v && form.set('kind', v)} data-testid="customer-kind" />
          <EmployeeSelect
            companyId={companyId}
            label={t('clients:customer.owner')}
            value={form.values.ownerId ? Number(form.values.ownerId) : null}
            current={record?.owner ?? null}
            onChange={(e) => form.set('ownerId', e ? String(e.id) : null)}
            error={form.error('ownerId')}
            testId="customer-owner"
          />
          <TextInput label={t('clients:customer.bankName')} {...form.text('bankName')} data-testid="customer-bank-name" />
          <TextInput label={t('clients:customer.bankAccount')} {...form.text('bankAccount')} data-testid="customer-bank-account" />
          <TextInput label={t('clients:customer.invoiceTitle')} {...form.text('invoiceTitle')} />
          <TextInput label={t('clients:customer.taxNumber')} {...form.text('taxNumber')} data-testid="customer-tax-number" />
          <TextInput label={t('clients:customer.formerName')} {...form.text('formerName')} />
          <Checkbox mt={28} label={t('clients:customer.disabled')} {...form.checkbox('disabled')} data-testid="customer-disabled" />
        </SimpleGrid>
        <Textarea mt={6} label={t('clients:customer.address')} rows={4} {...form.text('address')} data-testid="customer-address" />
      </fieldset>
    </FormDialog>
  );
}
