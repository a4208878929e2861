/**
 * The project view popup (1000×650, spec 02 §2.5): a read-only description with long texts collapsed
 * behind expand/collapse, the invoice card (count, total invoiced in red, first 5 rows, more/less;
 * rows open in the invoice popup to view, and with the project and invoice operation rights
 * (502, 11 and 1102) to edit or delete; New invoice for such operators) and the client card
 * (project-client-card.tsx: rows open in the client popup). Operators get Edit and New.
 */
import { useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Group, Modal, SimpleGrid, Spoiler, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProjectDto } from '../../../contract/clients';
import type { InvoiceDto } from '../../../contract/invoice';
import { cardRows } from '../../../domain/clients';
import { formatCents, sumCents } from '../../../domain/money';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight } from '../../session/store';
import { projectInvoicesOptions, useDeleteInvoice } from '../../queries/invoice';
import { ConfirmDeleteDialog } from '../common/confirm-dialog';
import { InvoiceDialog } from '../invoice/invoice-dialog';
import { CentsCell } from '../invoice/cents-cell';
import { ProjectClientCard } from './project-client-card';
import { useCoveredWhile } from './use-covered-while';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

export function ProjectViewDialog({ project, canOperate, onClose, onEdit, onNew }: {
  project: ProjectDto | null;
  canOperate: boolean;
  onClose: () => void;
  onEdit: (p: ProjectDto) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation(['clients', 'common']);
  const p = project;
  // A popup opened from a card (client, invoice, delete confirmation) takes Esc: Mantine's modals all
  // hear it on window, so the view must not close with the popup above it.
  const [covering, setCovering] = useState<Record<string, boolean>>({});
  const covered = Object.values(covering).some(Boolean);
  const coverBy = (card: string) => (on: boolean) => setCovering((c) => (c[card] === on ? c : { ...c, [card]: on }));
  const canSeeInvoices = useHasRight(RIGHTS.INVOICE);
  const hasInvoiceOperate = useHasRight(RIGHTS.INVOICE_OPERATE);
  const canEditInvoices = canOperate && canSeeInvoices && hasInvoiceOperate;
  const long = (text: string | null) => (
    <Spoiler maxHeight={44} showLabel={t('clients:project.expand')} hideLabel={t('clients:project.collapse')}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{text || '—'}</Text>
    </Spoiler>
  );
  return (
    <Modal opened={!!p} onClose={onClose} title={p ? t('clients:project.viewTitle', { name: p.name }) : ''} size={1000} closeOnEscape={!covered}>
      {p && (
        <Stack gap="sm" mih={560} data-testid="project-view">
          <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
            <Item label={t('clients:project.code')}>{p.code}</Item>
            <Item label={t('clients:project.name')}>{p.name}</Item>
            <Item label={t('clients:project.kind')}>{t(`clients:project.kinds.${p.kind}`)}</Item>
            <Item label={t('clients:project.amount')}>{formatCents(p.amount)}</Item>
            <Item label={t('clients:project.principals')}>{p.principalNames}</Item>
            <Item label={t('clients:project.department')}>{p.departmentName}</Item>
            <Item label={t('clients:project.oppParty')}>{p.oppParty}</Item>
            <Item label={t('clients:project.plaintiff')}>{p.plaintiff}</Item>
            <Item label={t('clients:project.defendant')}>{p.defendant}</Item>
          </SimpleGrid>
          <div><Text size="xs" c="dimmed">{t('clients:project.summary')}</Text>{long(p.summary)}</div>
          <div><Text size="xs" c="dimmed">{t('clients:project.remark')}</Text>{long(p.remark)}</div>
          {canSeeInvoices && <InvoiceCard project={p} canEdit={canEditInvoices} onCovered={coverBy('invoice')} />}
          <ProjectClientCard project={p} onCovered={coverBy('client')} />
          {canOperate && (
            <Group justify="flex-end" mt="auto">
              <Button variant="default" onClick={onNew} data-testid="project-view-new">{t('clients:new')}</Button>
              <Button onClick={() => onEdit(p)} data-testid="project-view-edit">{t('clients:edit')}</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The project's invoices (spec 02 §2.5): count, total in red, 5 rows then more/less, each opening the invoice popup. */
function InvoiceCard({ project, canEdit, onCovered }: { project: ProjectDto; canEdit: boolean; onCovered: (covered: boolean) => void }) {
  const { t } = useTranslation(['invoice', 'clients', 'common']);
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<{ invoice: InvoiceDto | null; editing: boolean } | null>(null);
  const [deleting, setDeleting] = useState<InvoiceDto | null>(null);
  useCoveredWhile(!!dialog || !!deleting, onCovered);
  const del = useDeleteInvoice(project.companyId);
  const { data, isLoading } = useQuery(projectInvoicesOptions(project.companyId, project.id));
  const rows = data?.content ?? [];
  const total = sumCents(rows.map((r) => r.amount));
  return (
    <Card withBorder padding="sm" data-testid="project-invoice-card">
      <Group justify="space-between" mb={6}>
        <Group gap="md">
          <Text fw={600} size="sm">{t('invoice:card', { count: data?.total ?? rows.length })}</Text>
          <Text size="sm" c="red" fw={600} data-testid="project-invoice-total">{t('invoice:cardTotal', { total: formatCents(total) })}</Text>
        </Group>
        {canEdit && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setDialog({ invoice: null, editing: true })} data-testid="project-invoice-new">
            {t('invoice:newInvoice')}
          </Button>
        )}
      </Group>
      <Table striped withTableBorder={false} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={100}>{t('invoice:date')}</Table.Th>
            <Table.Th>{t('invoice:no')}</Table.Th>
            <Table.Th>{t('invoice:issueOffice')}</Table.Th>
            <Table.Th ta="right">{t('invoice:amount')}</Table.Th>
            <Table.Th ta="right">{t('invoice:receivedAmount')}</Table.Th>
            <Table.Th ta="right">{t('invoice:redAmount')}</Table.Th>
            <Table.Th>{t('invoice:kind')}</Table.Th>
            <Table.Th w={canEdit ? 96 : 40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cardRows(rows, expanded).map((i) => (
            <Table.Tr key={i.id} data-testid="project-invoice-row" onDoubleClick={() => setDialog({ invoice: i, editing: false })}>
              <Table.Td>{i.date}</Table.Td>
              <Table.Td>{i.no}</Table.Td>
              <Table.Td>{i.issueOffice}</Table.Td>
              <Table.Td ta="right"><CentsCell cents={i.amount} /></Table.Td>
              <Table.Td ta="right"><CentsCell cents={i.receivedAmount} /></Table.Td>
              <Table.Td ta="right"><CentsCell cents={i.redAmount} /></Table.Td>
              <Table.Td>{t(`invoice:kinds.${i.kind}`)}</Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <ActionIcon size="sm" variant="subtle" aria-label={t('common:view')} onClick={() => setDialog({ invoice: i, editing: false })} data-testid="project-invoice-view"><IconEye size={15} /></ActionIcon>
                  {canEdit && <ActionIcon size="sm" variant="subtle" aria-label={t('common:edit')} onClick={() => setDialog({ invoice: i, editing: true })} data-testid="project-invoice-edit"><IconEdit size={15} /></ActionIcon>}
                  {canEdit && <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('common:delete')} onClick={() => setDeleting(i)} data-testid="project-invoice-delete"><IconTrash size={15} /></ActionIcon>}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {!rows.length && <Table.Tr><Table.Td colSpan={8}>{isLoading ? t('common:loading') : t('clients:project.noRows')}</Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
      {rows.length > 5 && (
        <Anchor component="button" size="sm" mt={4} onClick={() => setExpanded((e) => !e)} data-testid="project-invoice-more">
          {expanded ? t('clients:project.less') : t('clients:project.more')}
        </Anchor>
      )}
      <InvoiceDialog
        opened={!!dialog}
        companyId={project.companyId}
        invoice={dialog?.invoice ?? null}
        editing={dialog?.editing ?? false}
        canOperate={canEdit}
        projectId={project.id}
        projectLabel={{ id: project.id, code: project.code, name: project.name }}
        onClose={() => setDialog(null)}
        onNew={() => setDialog({ invoice: null, editing: true })}
      />
      <ConfirmDeleteDialog target={deleting} onDone={() => setDeleting(null)} remove={del} />
    </Card>
  );
}
