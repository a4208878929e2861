/**
 * /system/companyList: every company the caller may see (admins: all). Create and edit in a
 * dialog; delete (a soft delete, admins only) after confirmation. Changes refresh the shell's
 * company selector (['companies']).
 */
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { CompanyDto } from '../../../contract/company';
import { RIGHTS } from '../../../domain/rights';
import { ListGrid } from '../../../../grids/list/list-grid';
import { companiesColumns } from '../../../../grids/list/companies.columns';
import { useHasRight, useScope, useSession } from '../../session/store';
import { companyListOptions, useCreateCompany, useDeleteCompanies, useUpdateCompany } from '../../queries/admin-companies';
import { ConfirmDialog, FormDialog, useConfirm } from './admin-dialogs';
import { formatDateTime, RowActions } from './admin-cells';
import { CompanyFields, companyValues, useCompanyForm } from './company-form';

interface Ctx {
  t: (k: string) => string;
  currentId: number | null;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (c: CompanyDto) => void;
  onDelete: (c: CompanyDto) => void;
}

const renderers = {
  name: (p: ICellRendererParams<CompanyDto, string, Ctx>) => (
    <Group gap={6} wrap="nowrap">
      <span>{p.value}</span>
      {p.data?.id === p.context.currentId && <Badge tt="none" size="xs" variant="light">{p.context.t('admin:company.current')}</Badge>}
      {p.data?.deleted && <Badge tt="none" size="xs" color="gray">{p.context.t('admin:company.deleted')}</Badge>}
    </Group>
  ),
  actions: (p: ICellRendererParams<CompanyDto, unknown, Ctx>) => {
    const c = p.data;
    if (!c) return null;
    return (
      <RowActions
        actions={[
          { key: 'edit', label: p.context.t('common:edit'), icon: <IconEdit size={16} />, onClick: () => p.context.onEdit(c), hidden: !p.context.canEdit },
          { key: 'delete', label: p.context.t('common:delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => p.context.onDelete(c), hidden: !p.context.canDelete },
        ]}
      />
    );
  },
};
const formatters = { dateTime: formatDateTime };

export function CompanyListPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId } = useScope();
  const canEdit = useHasRight(RIGHTS.SYSTEM);
  const isAdmin = useSession((s) => s.user?.kind === 'ADMIN');
  const [selected, setSelected] = useState<CompanyDto[]>([]);
  const [dialog, setDialog] = useState<{ company: CompanyDto | null } | null>(null);
  const confirm = useConfirm<CompanyDto[]>();
  const del = useDeleteCompanies();
  const context = useMemo<Ctx>(
    () => ({ t: (k) => t(k), currentId: companyId, canEdit, canDelete: isAdmin, onEdit: (c) => setDialog({ company: c }), onDelete: (c) => confirm.ask([c]) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, companyId, canEdit, isAdmin],
  );
  const one = selected.length === 1 ? selected[0] : null;

  return (
    <>
      <ListGrid<CompanyDto>
        gridId="system.companyList"
        columns={companiesColumns}
        query={(req) => companyListOptions(req)}
        getRowId={(c) => c.id}
        renderers={renderers}
        formatters={formatters}
        context={context}
        onSelectionChange={setSelected}
        onRowOpen={(c) => canEdit && setDialog({ company: c })}
        keywordPlaceholder={t('admin:company.keyword')}
        rowClassRules={{ 'ld-row-deleted': (p) => !!p.data?.deleted }}
        toolbar={
          canEdit && (
            <>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ company: null })} data-testid="company-new">
                {t('common:new')}
              </Button>
              <Button variant="default" leftSection={<IconEdit size={16} />} disabled={!one} onClick={() => one && setDialog({ company: one })}>
                {t('common:edit')}
              </Button>
              {isAdmin && (
                <Button variant="default" color="red" leftSection={<IconTrash size={16} />} disabled={!selected.length} onClick={() => confirm.ask(selected)} data-testid="company-delete">
                  {t('common:delete')}
                </Button>
              )}
            </>
          )
        }
      />
      <CompanyDialog opened={!!dialog} company={dialog?.company ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={confirm.opened}
        onCancel={confirm.close}
        loading={del.isPending}
        onConfirm={async () => {
          try {
            await del.mutateAsync((confirm.payload ?? []).map((c) => c.id));
          } finally {
            confirm.close();
          }
        }}
      />
    </>
  );
}

function CompanyDialog({ opened, company, onClose }: { opened: boolean; company: CompanyDto | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const form = useCompanyForm();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  useEffect(() => {
    if (opened) form.reset(companyValues(company));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, company?.id]);
  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      if (company) await update.mutateAsync({ id: company.id, body });
      else await create.mutateAsync(body);
      onClose();
    } catch {
      /* notified */
    }
  };
  return (
    <FormDialog opened={opened} title={company ? t('company.editTitle') : t('company.newTitle')} onClose={onClose} onSubmit={submit} loading={create.isPending || update.isPending} size="lg" testId="company-dialog">
      <CompanyFields form={form} />
    </FormDialog>
  );
}
