/**
 * /userCenter/user: the users of the companies the caller manages. Kind and state badges, a
 * disable switch per row, create/edit with roles in the current company and company links,
 * set password, delete with confirmation.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Select, Switch } from '@mantine/core';
import { IconBuilding, IconEdit, IconKey, IconPlus, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '../../../contract/idm';
import { userKinds, userStates, type UserKind, type UserState } from '../../../domain/enums';
import { RIGHTS } from '../../../domain/rights';
import { ListGrid } from '../../../../grids/list/list-grid';
import { usersColumns } from '../../../../grids/list/users.columns';
import { useHasRight, useSession } from '../../session/store';
import { userListOptions, useDeleteUsers, useToggleUserDisabled } from '../../queries/admin-users';
import { ConfirmDialog, useConfirm } from '../system/admin-dialogs';
import { formatDateTime, RowActions } from '../system/admin-cells';
import { SetPasswordDialog } from './set-password-dialog';
import { UserDialog, type UserDialogTab } from './user-dialog';

interface Ctx {
  t: (k: string, o?: Record<string, unknown>) => string;
  selfId: number | null;
  canManage: boolean;
  toggling: boolean;
  onToggle: (u: UserDto, enabled: boolean) => void;
  onEdit: (u: UserDto, tab?: UserDialogTab) => void;
  onPassword: (u: UserDto) => void;
  onDelete: (u: UserDto) => void;
}

const KIND_COLOR: Record<UserKind, string> = { ADMIN: 'grape', OTHER: 'blue' };
const STATE_COLOR: Record<UserState, string> = { NORMAL: 'green', DISABLED: 'gray', LOCKED: 'orange' };

const renderers = {
  kind: (p: ICellRendererParams<UserDto, UserKind, Ctx>) =>
    p.value ? <Badge tt="none" variant="light" color={KIND_COLOR[p.value]}>{p.context.t(`user.kinds.${p.value}`)}</Badge> : null,
  state: (p: ICellRendererParams<UserDto, UserState, Ctx>) =>
    p.value ? <Badge tt="none" variant="dot" color={STATE_COLOR[p.value]}>{p.context.t(`user.states.${p.value}`)}</Badge> : null,
  enabled: (p: ICellRendererParams<UserDto, unknown, Ctx>) => {
    const u = p.data;
    if (!u) return null;
    const self = u.id === p.context.selfId;
    return (
      <Switch
        size="sm"
        mt={7}
        checked={u.state !== 'DISABLED'}
        disabled={self || !p.context.canManage || p.context.toggling}
        aria-label={p.context.t('user.enabled')}
        onChange={(e) => p.context.onToggle(u, e.currentTarget.checked)}
        onDoubleClick={(e) => e.stopPropagation()}
        data-testid={`user-enabled-${u.username}`}
      />
    );
  },
  actions: (p: ICellRendererParams<UserDto, unknown, Ctx>) => {
    const u = p.data;
    if (!u) return null;
    const c = p.context;
    const self = u.id === c.selfId;
    return (
      <RowActions
        actions={[
          { key: 'edit', label: c.t('common:edit'), icon: <IconEdit size={16} />, onClick: () => c.onEdit(u), hidden: !c.canManage },
          { key: 'roles', label: c.t('user.tabRoles'), icon: <IconShieldCheck size={16} />, onClick: () => c.onEdit(u, 'roles'), hidden: !c.canManage },
          { key: 'companies', label: c.t('user.tabCompanies'), icon: <IconBuilding size={16} />, onClick: () => c.onEdit(u, 'companies'), hidden: !c.canManage },
          { key: 'password', label: c.t('user.setPassword'), icon: <IconKey size={16} />, onClick: () => c.onPassword(u), hidden: !c.canManage },
          { key: 'delete', label: c.t('common:delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => c.onDelete(u), hidden: !c.canManage, disabled: self },
        ]}
      />
    );
  },
};
const formatters = { dateTime: formatDateTime };

export function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const canManage = useHasRight(RIGHTS.USER_CENTER);
  const selfId = useSession((s) => s.userId);
  const [kind, setKind] = useState<UserKind | null>(null);
  const [state, setState] = useState<UserState | null>(null);
  const [selected, setSelected] = useState<UserDto[]>([]);
  const [dialog, setDialog] = useState<{ user: UserDto | null; tab: UserDialogTab } | null>(null);
  const [pwUser, setPwUser] = useState<UserDto | null>(null);
  const confirm = useConfirm<UserDto[]>();
  const toggle = useToggleUserDisabled();
  const del = useDeleteUsers();

  const context = useMemo<Ctx>(
    () => ({
      t: (k, o) => t(k.includes(':') ? k : `admin:${k}`, o),
      selfId,
      canManage,
      toggling: toggle.isPending,
      onToggle: (u, enabled) => toggle.mutate({ id: u.id, disabled: !enabled }),
      onEdit: (u, tab = 'basic') => setDialog({ user: u, tab }),
      onPassword: setPwUser,
      onDelete: (u) => confirm.ask([u]),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, selfId, canManage, toggle.isPending],
  );

  const filter = { kind, state };
  const one = selected.length === 1 ? selected[0] : null;

  return (
    <>
      <ListGrid<UserDto>
        gridId="userCenter.user"
        columns={usersColumns}
        query={(req) => userListOptions(req, filter)}
        resetKey={filter}
        getRowId={(u) => u.id}
        renderers={renderers}
        formatters={formatters}
        context={context}
        onSelectionChange={setSelected}
        onRowOpen={(u) => canManage && setDialog({ user: u, tab: 'basic' })}
        keywordPlaceholder={t('admin:user.keyword')}
        rowClassRules={{ 'ld-row-muted': (p) => p.data?.state === 'DISABLED' }}
        toolbar={
          canManage && (
            <>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ user: null, tab: 'basic' })} data-testid="user-new">
                {t('common:new')}
              </Button>
              <Button variant="default" leftSection={<IconEdit size={16} />} disabled={!one} onClick={() => one && setDialog({ user: one, tab: 'basic' })}>
                {t('common:edit')}
              </Button>
              <Button variant="default" leftSection={<IconKey size={16} />} disabled={!one} onClick={() => one && setPwUser(one)}>
                {t('admin:user.setPassword')}
              </Button>
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                disabled={!selected.length || selected.some((u) => u.id === selfId)}
                onClick={() => confirm.ask(selected)}
              >
                {t('common:delete')}
              </Button>
            </>
          )
        }
        filters={
          <>
            <Select
              size="sm"
              w={130}
              placeholder={t('admin:user.kind')}
              aria-label={t('admin:user.kind')}
              data={userKinds.map((k) => ({ value: k, label: t(`admin:user.kinds.${k}`) }))}
              value={kind}
              onChange={(v) => setKind(v as UserKind | null)}
              clearable
            />
            <Select
              size="sm"
              w={130}
              placeholder={t('admin:user.state')}
              aria-label={t('admin:user.state')}
              data={userStates.map((s) => ({ value: s, label: t(`admin:user.states.${s}`) }))}
              value={state}
              onChange={(v) => setState(v as UserState | null)}
              clearable
            />
          </>
        }
      />
      <UserDialog opened={!!dialog} user={dialog?.user ?? null} tab={dialog?.tab ?? 'basic'} onClose={() => setDialog(null)} />
      <SetPasswordDialog user={pwUser} onClose={() => setPwUser(null)} />
      <ConfirmDialog
        opened={confirm.opened}
        onCancel={confirm.close}
        loading={del.isPending}
        onConfirm={async () => {
          try {
            await del.mutateAsync((confirm.payload ?? []).map((u) => u.id));
          } finally {
            confirm.close();
          }
        }}
      />
    </>
  );
}
