/**
 * Bind an account to an employee (800×600, spec 02 §2.3): a searchable, paged list of the company's
 * accounts (account, name, mobile, email, state); pick one (double-click or Enter picks at once) and
 * Confirm. The server refuses an account already bound to another employee of the company.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '../../../contract/idm';
import type { EmployeeDto } from '../../../contract/staff';
import type { ListColumn } from '../../../../grids/list/columns';
import { ListGrid } from '../../../../grids/list/list-grid';
import { userListOptions } from '../../queries/admin-users';
import { useBindUser } from '../../queries/staff';

const columns: ListColumn<UserDto>[] = [
  { field: 'username', headerKey: 'admin:employee.username', width: 160, sortable: true },
  { field: 'name', headerKey: 'admin:employee.userName', width: 150 },
  { field: 'mobileTel', headerKey: 'admin:employee.mobile', width: 140 },
  { field: 'email', headerKey: 'admin:employee.email', minWidth: 160, flex: 1 },
  { field: 'state', headerKey: 'admin:employee.state', width: 100, format: 'state' },
];

export function BindUserDialog({ companyId, employee, onClose }: { companyId: number; employee: EmployeeDto | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [picked, setPicked] = useState<UserDto | null>(null);
  const bind = useBindUser(companyId);
  const confirm = async (u: UserDto | null = picked) => {
    if (!employee || !u) return;
    await bind.mutateAsync({ id: employee.id, userId: u.id, version: employee.version }).then(() => {
      setPicked(null);
      onClose();
    }, () => undefined);
  };
  return (
    <Modal opened={!!employee} onClose={onClose} title={t('admin:employee.bindTitle', { name: employee?.name ?? '' })} size={800} centered>
      <Stack gap="sm" h={520} data-testid="bind-user-dialog">
        <ListGrid<UserDto>
          gridId="userCenter.employee.bindUser"
          columns={columns}
          query={(req) => userListOptions(req, { companyId })}
          resetKey={companyId}
          getRowId={(u) => u.id}
          selection="single"
          onSelectionChange={(rows) => setPicked(rows[0] ?? null)}
          onRowOpen={(u) => void confirm(u)}
          keywordPlaceholder={t('admin:employee.bindKeyword')}
          formatters={{ state: (v) => (v ? t(`admin:user.states.${String(v)}`) : '') }}
          height={430}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>{t('common:cancel')}</Button>
          <Button disabled={!picked} loading={bind.isPending} onClick={() => void confirm()} data-testid="bind-user-confirm">{t('admin:employee.bindConfirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
