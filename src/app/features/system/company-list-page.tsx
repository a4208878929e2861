/**
 * /system/companyList: every company the caller may see (admins: all). Create and edit in a
 * dialog; delete (a soft delete, admins only) after confirmation. Changes refresh the shell's
 * company selector (['companies']).
 */
import { useMemo } from 'react';
import { Badge, Group } from '@mantine/core';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { CompanyDto } from '../../../contract/company';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope, useSession } from '../../session/store';
import { companyListOptions, useCreateCompany, useDeleteCompanies, useUpdateCompany } from '../../queries/admin-companies';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage } from '../common/list-page';
import { formatDateTime } from '../common/row-actions';
import { companiesColumns } from './companies.columns';
import { CompanyFields, companyValues, useCompanyForm } from './company-form';

interface Ctx {
  t: (k: string) => string;
  currentId: number | null;
}

const renderers = {
  name: (p: ICellRendererParams<CompanyDto, string, Ctx>) => (
    <Group gap={6} wrap="nowrap">
      <span>{p.value}</span>
      {p.data?.id === p.context.currentId && <Badge tt="none" size="xs" variant="light">{p.context.t('admin:company.current')}</Badge>}
      {p.data?.deleted && <Badge tt="none" size="xs" color="gray">{p.context.t('admin:company.deleted')}</Badge>}
    </Group>
  ),
};
const formatters = { dateTime: formatDateTime };

export function CompanyListPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId } = useScope();
  const canEdit = useHasRight(RIGHTS.SYSTEM);
  const isAdmin = useSession((s) => s.user?.kind === 'ADMIN');
  const editor = useDialogState<CompanyDto | null>();
  const del = useDeleteCompanies();
  const context = useMemo<Ctx>(() => ({ t: (k) => t(k), currentId: companyId }), [t, companyId]);

  return (
    <ListPage<CompanyDto, Ctx>
      gridId="system.companyList"
      columns={companiesColumns}
      query={(req) => companyListOptions(req)}
      getRowId={(c) => c.id}
      rowLabel={(c) => c.name}
      renderers={renderers}
      formatters={formatters}
      context={context}
      keywordPlaceholder={t('admin:company.keyword')}
      rowClassRules={{ 'ld-row-deleted': (p) => !!p.data?.deleted }}
      actions={[
        { key: 'new', allowed: canEdit, testId: 'company-new', run: () => editor.open(null) },
        { key: 'edit', allowed: canEdit, placement: 'both', run: ([c]) => editor.open(c) },
      ]}
      remove={{ allowed: isAdmin, placement: 'both', testId: 'company-delete', one: (c) => del.mutateAsync([c.id]) }}
      onRowOpen={canEdit ? (c) => editor.open(c) : undefined}
      dialogs={<CompanyDialog opened={editor.opened} company={editor.payload} onClose={editor.close} onNew={() => editor.open(null)} />}
    />
  );
}

function CompanyDialog({ opened, company, onClose, onNew }: { opened: boolean; company: CompanyDto | null; onClose: () => void; onNew: () => void }) {
  const { t } = useTranslation('admin');
  const form = useCompanyForm();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={company ? t('company.editTitle') : t('company.newTitle')}
      form={form}
      values={company ? companyValues(company) : undefined}
      recordKey={company?.id}
      onSave={(body) => (company ? update.mutateAsync({ id: company.id, body }) : create.mutateAsync(body))}
      saveAndNew
      onNew={onNew}
      size="lg"
      testId="company-dialog"
    >
      <CompanyFields form={form} />
    </FormDialog>
  );
}
