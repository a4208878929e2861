/**
 * The client card of the project view popup (spec 02 §2.5): count, the first 5 rows, more/less, and
 * per row the client popup to view it, and with the customer operation right (402) to edit or delete
 * it — the same popup, used-check and confirmation as the client list. Every action is a button:
 * Tab reaches it, Enter runs it.
 *
 * The project names its clients by code and name only; the rows the popup needs come from the
 * client list by id. A client the visibility rule hides from the user keeps its row without actions.
 */
import { useState } from 'react';
import { ActionIcon, Anchor, Card, Group, Table, Text } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerDto, ProjectDto } from '../../../contract/clients';
import { cardRows } from '../../../domain/clients';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight } from '../../session/store';
import { notifyError } from '../../queries/admin-common';
import { customersByIdOptions, customerUsed, useDeleteCustomer } from '../../queries/clients';
import { ConfirmDeleteDialog } from '../common/confirm-dialog';
import { CustomerDialog, type DialogMode } from './customer-dialog';
import { useCoveredWhile } from './use-covered-while';

/** `onCovered` tells the view whether one of the card's popups is open above it (Esc is the popup's). */
export function ProjectClientCard({ project, onCovered }: { project: ProjectDto; onCovered: (covered: boolean) => void }) {
  const { t } = useTranslation(['clients', 'common', 'errors']);
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<{ customer: CustomerDto | null; mode: DialogMode } | null>(null);
  const [deleting, setDeleting] = useState<CustomerDto | null>(null);
  const [checking, setChecking] = useState(false);
  useCoveredWhile(!!dialog || !!deleting, onCovered);
  const canOperate = useHasRight(RIGHTS.CUSTOMER_OPERATE);
  const del = useDeleteCustomer(project.companyId);
  const { data } = useQuery(customersByIdOptions(project.companyId, project.clientIds));
  const full = new Map((data?.content ?? []).map((c) => [c.id, c]));

  // The list's used-check first: a client the project names is in use, and the delete is refused.
  const askDelete = async (c: CustomerDto) => {
    setChecking(true);
    try {
      if (await customerUsed(c.id)) notifyError(new Error(t('errors:IN_USE')));
      else setDeleting(c);
    } catch (err) {
      notifyError(err);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card withBorder padding="sm" data-testid="project-client-card">
      <Text fw={600} size="sm" mb={6}>{t('clients:project.clientCard', { count: project.clients.length })}</Text>
      <Table striped withTableBorder={false} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={160}>{t('clients:project.code')}</Table.Th>
            <Table.Th>{t('clients:project.name')}</Table.Th>
            <Table.Th w={canOperate ? 96 : 40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cardRows(project.clients, expanded).map((ref) => {
            const c = full.get(ref.id);
            return (
              <Table.Tr key={ref.id} data-testid="project-client-row" onDoubleClick={() => c && setDialog({ customer: c, mode: 'view' })}>
                {/* The client as it is now (edited in the popup meanwhile), else as the project names it. */}
                <Table.Td>{c?.code ?? ref.code}</Table.Td>
                <Table.Td>{c?.name ?? ref.name}</Table.Td>
                <Table.Td>
                  {c && (
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      <ActionIcon size="sm" variant="subtle" aria-label={t('common:view')} onClick={() => setDialog({ customer: c, mode: 'view' })} data-testid="project-client-view"><IconEye size={15} /></ActionIcon>
                      {canOperate && <ActionIcon size="sm" variant="subtle" aria-label={t('common:edit')} onClick={() => setDialog({ customer: c, mode: 'edit' })} data-testid="project-client-edit"><IconEdit size={15} /></ActionIcon>}
                      {canOperate && <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('common:delete')} loading={checking} onClick={() => void askDelete(c)} data-testid="project-client-delete"><IconTrash size={15} /></ActionIcon>}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
          {!project.clients.length && <Table.Tr><Table.Td colSpan={3}>{t('clients:project.noRows')}</Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
      {project.clients.length > 5 && (
        <Anchor component="button" size="sm" mt={4} onClick={() => setExpanded((e) => !e)} data-testid="project-client-more">
          {expanded ? t('clients:project.less') : t('clients:project.more')}
        </Anchor>
      )}
      <CustomerDialog
        opened={!!dialog}
        companyId={project.companyId}
        customer={dialog?.customer ?? null}
        mode={dialog?.mode ?? 'view'}
        canOperate={canOperate}
        onClose={() => setDialog(null)}
        onOpen={(next) => setDialog(next)}
      />
      <ConfirmDeleteDialog target={deleting} onDone={() => setDeleting(null)} remove={del} />
    </Card>
  );
}
