/**
 * /customer/list (spec 02 §2.5): the company's clients, code ascending, filtered by the server's
 * visibility rule (own clients unless ADMIN or right 401); keyword; New, Edit and Delete (after the
 * used-check) with the customer operation right (402); double-click or View opens the 800×600 popup.
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerDto } from '../../../contract/clients';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { clientKeys, customerListOptions, customerUsed, useDeleteCustomer } from '../../queries/clients';
import { useDialogState } from '../common/confirm-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { useListTransfer } from '../common/list-transfer';
import { formatDateTime } from '../common/row-actions';
import { CustomerDialog, type DialogMode } from './customer-dialog';
import { customersColumns } from './customers.columns';

export function CustomerListPage() {
  const { t } = useTranslation(['clients', 'admin', 'common', 'errors']);
  const { companyId } = useScope();
  const canOperate = useHasRight(RIGHTS.CUSTOMER_OPERATE);
  const dialog = useDialogState<{ customer: CustomerDto | null; mode: DialogMode }>();
  const del = useDeleteCustomer(companyId);
  const qc = useQueryClient();
  const transfer = useListTransfer<CustomerDto>({ kind: 'customer', scope: companyId ? { companyId } : null, canImport: canOperate, refresh: () => qc.invalidateQueries({ queryKey: clientKeys.customers(companyId) }) });
  const formatters = useMemo(() => ({
    kind: (v: unknown) => (typeof v === 'string' ? t(`clients:customer.kinds.${v}`) : ''),
    yesNo: (v: unknown) => (v ? t('clients:customer.yes') : ''),
    dateTime: formatDateTime,
  }), [t]);

  if (!companyId) return <NoCompany />;
  return (
    <ListPage<CustomerDto>
      gridId="customer.list"
      savedFilters={{ queryId: 'customer.list', scope: `c${companyId}` }}
      columns={customersColumns}
      query={(req) => customerListOptions(companyId, req)}
      resetKey={{ companyId }}
      getRowId={(c) => c.id}
      rowLabel={(c) => `${c.code} ${c.name}`}
      formatters={formatters}
      keywordPlaceholder={t('clients:customer.keyword')}
      rowClassRules={{ 'ld-row-muted': (p) => !!p.data?.disabled }}
      onRowOpen={(c) => dialog.open({ customer: c, mode: 'view' })}
      actions={[
        { key: 'new', allowed: canOperate, testId: 'customer-new', run: () => dialog.open({ customer: null, mode: 'new' }) },
        { key: 'view', placement: 'row', run: ([c]) => dialog.open({ customer: c, mode: 'view' }) },
        { key: 'edit', allowed: canOperate, placement: 'both', run: ([c]) => dialog.open({ customer: c, mode: 'edit' }) },
        ...transfer.actions,
      ]}
      toolbarExtra={transfer.bar}
      remove={{
        allowed: canOperate,
        placement: 'both',
        used: (c) => customerUsed(c.id),
        one: (c) => del.mutateAsync(c.id),
      }}
      dialogs={
        <>
        {transfer.dialog}
        <CustomerDialog
          opened={dialog.opened}
          companyId={companyId}
          customer={dialog.payload?.customer ?? null}
          mode={dialog.payload?.mode ?? 'new'}
          canOperate={canOperate}
          onClose={dialog.close}
          onOpen={(next) => dialog.open(next)}
        />
        </>
      }
    />
  );
}
