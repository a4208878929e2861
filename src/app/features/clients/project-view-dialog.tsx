/**
 * The project view popup (1000×650, spec 02 §2.5): a read-only description with long texts collapsed
 * behind expand/collapse, and the client card (count, first 5 rows, more/less). Operators get Edit
 * and New. (The invoice card joins when invoices are built.)
 */
import { useState } from 'react';
import { Anchor, Button, Card, Group, Modal, SimpleGrid, Spoiler, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectDto } from '../../../contract/clients';
import { cardRows } from '../../../domain/clients';
import { formatCents } from '../../../domain/money';

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
  const [expanded, setExpanded] = useState(false);
  const p = project;
  const long = (text: string | null) => (
    <Spoiler maxHeight={44} showLabel={t('clients:project.expand')} hideLabel={t('clients:project.collapse')}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{text || '—'}</Text>
    </Spoiler>
  );
  return (
    <Modal opened={!!p} onClose={onClose} title={p ? t('clients:project.viewTitle', { name: p.name }) : ''} size={1000}>
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
          <Card withBorder padding="sm" data-testid="project-client-card">
            <Text fw={600} size="sm" mb={6}>{t('clients:project.clientCard', { count: p.clients.length })}</Text>
            <Table striped withTableBorder={false} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr><Table.Th w={160}>{t('clients:project.code')}</Table.Th><Table.Th>{t('clients:project.name')}</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cardRows(p.clients, expanded).map((c) => (
                  <Table.Tr key={c.id} data-testid="project-client-row"><Table.Td>{c.code}</Table.Td><Table.Td>{c.name}</Table.Td></Table.Tr>
                ))}
                {!p.clients.length && <Table.Tr><Table.Td colSpan={2}>{t('clients:project.noRows')}</Table.Td></Table.Tr>}
              </Table.Tbody>
            </Table>
            {p.clients.length > 5 && (
              <Anchor component="button" size="sm" mt={4} onClick={() => setExpanded((e) => !e)} data-testid="project-client-more">
                {expanded ? t('clients:project.less') : t('clients:project.more')}
              </Anchor>
            )}
          </Card>
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
