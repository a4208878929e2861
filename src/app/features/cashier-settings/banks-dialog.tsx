/**
 * The company's banks (decision 028), opened from the bank account list: rename in place (saved
 * when the field is left or on Enter), disable / enable, delete after the used-check ('Already in
 * use, cannot be deleted!' while a bank account names the bank) and the product's question. New
 * banks come from the bank account form.
 */
import { useState } from 'react';
import { ActionIcon, Checkbox, Modal, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BankDto } from '../../../contract/cashier-settings';
import { bankOptions, bankUsed, useDeleteBank, useUpdateBank } from '../../queries/cashier-settings';
import { ConfirmDialog } from '../common/confirm-dialog';

function BankRow({ bank, first, companyId, canEdit, onError, onDelete }: { bank: BankDto; first: boolean; companyId: number; canEdit: boolean; onError: (m: string | null) => void; onDelete: (b: BankDto) => void }) {
  const { t } = useTranslation(['cashier', 'common']);
  const update = useUpdateBank(companyId);
  const [name, setName] = useState(bank.name);
  const save = async (body: { name?: string; disabled?: boolean }) => {
    try {
      await update.mutateAsync({ id: bank.id, body: { ...body, version: bank.version } });
      onError(null);
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
      setName(bank.name);
    }
  };
  return (
    <Table.Tr data-testid={`bank-row-${bank.code}`}>
      <Table.Td>{bank.code}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          value={name}
          readOnly={!canEdit}
          aria-label={t('settings.bankName')}
          // The dialog's first control: the shell's dialog focus puts the caret there, also when the
          // rows arrive after the dialog opened (it watches the dialog for a marked control).
          data-autofocus={first || undefined}
          data-testid={`bank-name-${bank.code}`}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={() => {
            // A bank keeps a name: an emptied box shows the name the bank still has, and says so.
            if (!name.trim()) {
              setName(bank.name);
              onError(t('settings.bankNameKept', { name: bank.name }));
            } else if (name.trim() !== bank.name) void save({ name: name.trim() });
          }}
          onKeyDown={(e) => { if (e.key === 'Enter') e.currentTarget.blur(); }}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox aria-label={t('settings.disabled')} checked={bank.disabled} disabled={!canEdit} onChange={(e) => void save({ disabled: e.currentTarget.checked })} />
      </Table.Td>
      <Table.Td>
        {canEdit ? (
          <Tooltip label={t('common:delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('common:delete')} onClick={() => onDelete(bank)} data-testid={`bank-delete-${bank.code}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

export function BanksDialog({ opened, companyId, canEdit, onClose }: { opened: boolean; companyId: number; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation(['cashier', 'errors', 'common']);
  const banks = useQuery({ ...bankOptions(companyId), enabled: opened });
  const del = useDeleteBank(companyId);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<BankDto | null>(null);
  const requestDelete = async (b: BankDto) => {
    try {
      if (await bankUsed(b.id)) return setError(t('errors:IN_USE'));
      setError(null);
      setAsking(b);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <Modal opened={opened} onClose={onClose} title={t('settings.banks')} size={560} centered closeOnEscape={!asking} data-testid="banks-dialog">
        {error ? <Text c="red" size="sm" mb={6} data-testid="banks-error">{error}</Text> : null}
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>{t('settings.bankCode')}</Table.Th>
              <Table.Th>{t('settings.bankName')}</Table.Th>
              <Table.Th w={70}>{t('settings.disabled')}</Table.Th>
              <Table.Th w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(banks.data?.content ?? []).map((b, i) => <BankRow key={`${b.id}-${b.version}`} first={i === 0} bank={b} companyId={companyId} canEdit={canEdit} onError={setError} onDelete={(x) => void requestDelete(x)} />)}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt={6}>{t('settings.banksHint')}</Text>
      </Modal>
      <ConfirmDialog
        opened={!!asking}
        loading={del.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const b = asking;
          setAsking(null);
          if (b) del.mutateAsync(b.id).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
        }}
      />
    </>
  );
}
