/**
 * Bind an account to an employee (800×600, spec 02 §2.3): a searchable, paged list of the company's
 * ordinary accounts (kind OTHER, filtered by the server; never an administrator, spec 02 §3, §7):
 * account, name, mobile, email, state; pick one (double-click or Enter picks at once) and Confirm. The server refuses an account already bound to another employee of the company.
 * It opens on its search box however it was opened (typing searches, ↓ goes into the accounts, Enter
 * binds the current one, Esc cancels), like every pick list (pickers/picker-modal.tsx).
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserListItemDto as UserDto } from '../../../contract/idm';
import type { EmployeeDto } from '../../../contract/staff';
import type { ListColumn } from '../../../../grids/list/columns';
import { ListGrid } from '../../../../grids/list/list-grid';
import { userListOptions } from '../../queries/admin-users';
import { useBindUser } from '../../queries/staff';
import { BINDABLE_USER_KIND } from '../../../domain/staff';

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
  // The row the caret is on: Confirm binds it when no row was clicked.
  const [current, setCurrent] = useState<UserDto | null>(null);
  const chosen = picked ?? current;
  const bind = useBindUser(companyId);
  const close = () => {
    setPicked(null);
    setCurrent(null);
    onClose();
  };
  const confirm = async (u: UserDto | null = chosen) => {
    if (!employee || !u || bind.isPending) return;
    // A refusal (the account is bound to another employee: spec 02 §5) is notified; the popup stays.
    await bind.mutateAsync({ id: employee.id, userId: u.id, version: employee.version }).then(close, () => undefined);
  };
  return (
    <Modal opened={!!employee} onClose={close} title={t('admin:employee.bindTitle', { name: employee?.name ?? '' })} size={800} centered>
      <Stack gap="sm" h={520} data-testid="bind-user-dialog">
        <ListGrid<UserDto>
          gridId="userCenter.employee.bindUser"
          columns={columns}
          query={(req) => userListOptions(req, { companyId, kind: BINDABLE_USER_KIND })}
          resetKey={companyId}
          getRowId={(u) => u.id}
          selection="single"
          onSelectionChange={(rows) => setPicked(rows[0] ?? null)}
          onCurrentRowChange={setCurrent}
          onRowOpen={(u) => void confirm(u)}
          autoFocusKeyword
          keywordPlaceholder={t('admin:employee.bindKeyword')}
          formatters={{ state: (v) => (v ? t(`admin:user.states.${String(v)}`) : '') }}
          height={430}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">{t('admin:employee.bindHint')}</Text>
          <Group gap="xs">
            <Button variant="default" onClick={close}>{t('common:cancel')}</Button>
            <Button disabled={!chosen} loading={bind.isPending} onClick={() => void confirm()} data-testid="bind-user-confirm">{t('admin:employee.bindConfirm')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
