/**
 * /basic/currencyType: the currencies of the current company. CNY is the base currency (rate 1):
 * it cannot be deleted or disabled. New, edit, disable/enable, delete with confirmation.
 */
import { useMemo } from 'react';
import { Badge, Checkbox, TextInput } from '@mantine/core';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { currencyCreateBody, type CurrencyDto } from '../../../contract/finance-settings';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { currencyListOptions, useCreateCurrency, useDeleteCurrency, useUpdateCurrency } from '../../queries/finance-settings';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { useEntityForm } from '../common/use-entity-form';
import { currenciesColumns } from './currencies.columns';

interface Ctx {
  t: (k: string) => string;
}

const renderers = {
  base: (p: ICellRendererParams<CurrencyDto, boolean, Ctx>) => (p.value ? <Badge tt="none" color="blue" variant="filled" data-testid="currency-base-badge">{p.context.t('finance:currency.base')}</Badge> : null),
  disabled: (p: ICellRendererParams<CurrencyDto, boolean, Ctx>) => (p.value ? <Badge tt="none" color="gray" variant="light">{p.context.t('finance:currency.disabled')}</Badge> : null),
};

export function CurrencyPage() {
  const { t } = useTranslation(['finance', 'admin', 'common']);
  const { companyId } = useScope();
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const editor = useDialogState<CurrencyDto | null>();
  const update = useUpdateCurrency();
  const del = useDeleteCurrency();
  const context = useMemo<Ctx>(() => ({ t: (k) => t(k) }), [t]);

  if (!companyId) return <NoCompany />;
  const toggle = (c: CurrencyDto, disabled: boolean) => update.mutate({ id: c.id, companyId, body: { disabled, version: c.version } });

  return (
    <ListPage<CurrencyDto, Ctx>
      gridId="basic.currencyType"
      columns={currenciesColumns}
      query={(req) => currencyListOptions(companyId, req)}
      resetKey={companyId}
      getRowId={(c) => c.id}
      rowLabel={(c) => c.code}
      selection="single"
      renderers={renderers}
      context={context}
      keywordPlaceholder={t('finance:currency.keyword')}
      onRowOpen={canEdit ? (c) => editor.open(c) : undefined}
      actions={[
        { key: 'new', allowed: canEdit, testId: 'currency-new', run: () => editor.open(null) },
        { key: 'edit', allowed: canEdit, placement: 'both', run: ([c]) => editor.open(c) },
        { key: 'disable', allowed: canEdit, selection: 'one', when: ([c]) => !c.disabled && !c.base, placement: 'both', run: ([c]) => toggle(c, true) },
        { key: 'enable', allowed: canEdit, selection: 'one', when: ([c]) => c.disabled, placement: 'both', run: ([c]) => toggle(c, false) },
      ]}
      remove={{ allowed: canEdit, selection: 'one', placement: 'both', when: ([c]) => !c.base, testId: 'currency-delete', one: (c) => del.mutateAsync({ id: c.id, companyId }) }}
      dialogs={<CurrencyDialog opened={editor.opened} currency={editor.payload} companyId={companyId} onClose={editor.close} onNew={() => editor.open(null)} />}
    />
  );
}

function CurrencyDialog({ opened, currency, companyId, onClose, onNew }: { opened: boolean; currency: CurrencyDto | null; companyId: number; onClose: () => void; onNew: () => void }) {
  const { t } = useTranslation('finance');
  const create = useCreateCurrency();
  const update = useUpdateCurrency();
  const form = useEntityForm({
    schema: currencyCreateBody,
    empty: () => ({ companyId, code: '', name: '', rate: '', disabled: false }),
    required: ['code', 'name', 'rate'],
    messages: { code: { key: 'finance:currency.codeHint' }, rate: { key: 'finance:currency.rateHint' } },
    serverFields: { DATA_DUPLICATION: 'code', BASE_CURRENCY_LOCKED: 'rate' },
  });
  const base = !!currency?.base;
  // A field's hint gives way to its message (which, for the code and the rate, is the hint itself: said once).
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={currency ? t('currency.editTitle') : t('currency.newTitle')}
      form={form}
      values={currency ? { companyId, code: currency.code, name: currency.name, rate: currency.rate, disabled: currency.disabled } : undefined}
      recordKey={currency?.id}
      onSave={(body) =>
        currency
          ? update.mutateAsync({ id: currency.id, companyId, body: base ? { name: body.name, version: currency.version } : { code: body.code, name: body.name, rate: body.rate, disabled: body.disabled, version: currency.version } })
          : create.mutateAsync(body)
      }
      saveAndNew={!currency}
      onNew={onNew}
      size="sm"
      testId="currency-dialog"
    >
      <TextInput label={t('currency.code')} description={form.error('code') ? undefined : t('currency.codeHint')} withAsterisk data-autofocus readOnly={base} maxLength={3} {...form.text('code')} data-testid="currency-code" />
      <TextInput label={t('currency.name')} withAsterisk {...form.text('name')} data-testid="currency-name" />
      <TextInput label={t('currency.rate')} description={form.error('rate') ? undefined : t('currency.rateHint')} withAsterisk readOnly={base} inputMode="decimal" {...form.text('rate')} data-testid="currency-rate" />
      <Checkbox label={t('currency.disabled')} disabled={base} {...form.checkbox('disabled')} data-testid="currency-disabled" />
    </FormDialog>
  );
}
