/**
 * /userCenter/user: the users of the companies the caller manages. Kind and state badges, a
 * disable switch per row, create/edit with roles in the current company and company links,
 * set password, delete with confirmation. A row the server marks not `manageable` (a user holding
 * rights the caller lacks, or tied to a company it does not manage) has those actions, their keys
 * and Enter refused with the reason (admin:user.notManageable), as the server would refuse them.
 */
import { useMemo } from 'react';
import { Badge, Box, Switch, Tooltip } from '@mantine/core';
import { Select } from '../common/select';
import { IconBuilding, IconKey, IconShieldCheck } from '@tabler/icons-react';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { UserListItemDto as UserDto } from '../../../contract/idm';
import { userKinds, userStates, type UserKind, type UserState } from '../../../domain/enums';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useSession } from '../../session/store';
import { userListOptions, useDeleteUsers, useToggleUserDisabled } from '../../queries/admin-users';
import { useDialogState } from '../common/confirm-dialog';
import { notifyError } from '../../queries/admin-common';
import { ListPage } from '../common/list-page';
import { formatDateTime } from '../common/row-actions';
import { SetPasswordDialog } from './set-password-dialog';
import { UserDialog, type UserDialogTab } from './user-dialog';
import { usersColumns } from './users.columns';
import { useTabState } from '../../shell/tab-state';

interface Ctx {
  t: (k: string, o?: Record<string, unknown>) => string;
  selfId: number | null;
  canManage: boolean;
  toggling: boolean;
  /** Why the caller may not act on the user (null: it may). */
  refusal: (u: UserDto) => string | null;
  onToggle: (u: UserDto, enabled: boolean) => void;
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
    const reason = p.context.canManage ? p.context.refusal(u) : null;
    return (
      <Tooltip label={reason} disabled={!reason} withArrow multiline maw={320}>
        <Box display="inline-block">
          <Switch
            size="sm"
            mt={7}
            checked={u.state !== 'DISABLED'}
            disabled={self || !p.context.canManage || !!reason || p.context.toggling}
            aria-label={p.context.t('user.enabled')}
            onChange={(e) => p.context.onToggle(u, e.currentTarget.checked)}
            onDoubleClick={(e) => e.stopPropagation()}
            data-testid={`user-enabled-${u.username}`}
          />
        </Box>
      </Tooltip>
    );
  },
};
const formatters = { dateTime: formatDateTime };

export function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const canManage = useHasRight(RIGHTS.USER_CENTER);
  const selfId = useSession((s) => s.userId);
  const [kind, setKind] = useTabState<UserKind | null>(`users:kind`, () => null);
  const [state, setState] = useTabState<UserState | null>(`users:state`, () => null);
  const editor = useDialogState<{ user: UserDto | null; tab: UserDialogTab }>();
  const password = useDialogState<UserDto>();
  const toggle = useToggleUserDisabled();
  const del = useDeleteUsers();

  // The server's answer per row (manageable): acting on another row would be refused with 403.
  const refusal = (rows: UserDto[]) => (rows.some((u) => !u.manageable) ? t('admin:user.notManageable') : null);

  const context = useMemo<Ctx>(
    () => ({
      t: (k, o) => t(k.includes(':') ? k : `admin:${k}`, o),
      selfId,
      canManage,
      toggling: toggle.isPending,
      refusal: (u) => refusal([u]),
      onToggle: (u, enabled) => toggle.mutate({ id: u.id, disabled: !enabled }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, selfId, canManage, toggle.isPending],
  );

  const filter = { kind, state };
  const edit = (tab: UserDialogTab) => ([u]: UserDto[]) => editor.open({ user: u, tab });

  return (
    <ListPage<UserDto, Ctx>
      gridId="userCenter.user"
      columns={usersColumns}
      query={(req) => userListOptions(req, filter)}
      resetKey={filter}
      getRowId={(u) => u.id}
      rowLabel={(u) => u.username}
      renderers={renderers}
      formatters={formatters}
      context={context}
      onRowOpen={canManage ? (u) => (u.manageable ? editor.open({ user: u, tab: 'basic' }) : notifyError(new Error(refusal([u])!))) : undefined}
      keywordPlaceholder={t('admin:user.keyword')}
      rowClassRules={{ 'ld-row-muted': (p) => p.data?.state === 'DISABLED' }}
      actions={[
        { key: 'new', allowed: canManage, testId: 'user-new', run: () => editor.open({ user: null, tab: 'basic' }) },
        { key: 'edit', allowed: canManage, placement: 'both', refusal, run: edit('basic') },
        { key: 'roles', label: t('admin:user.tabRoles'), icon: <IconShieldCheck size={16} />, allowed: canManage, placement: 'row', refusal, run: edit('roles') },
        { key: 'companies', label: t('admin:user.tabCompanies'), icon: <IconBuilding size={16} />, allowed: canManage, placement: 'row', refusal, run: edit('companies') },
        { key: 'password', label: t('admin:user.setPassword'), icon: <IconKey size={16} />, selection: 'one', allowed: canManage, placement: 'both', refusal, run: ([u]) => password.open(u) },
      ]}
      remove={{ allowed: canManage, placement: 'both', when: (rows) => !rows.some((u) => u.id === selfId), refusal, one: (u) => del.mutateAsync([u.id]) }}
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
      dialogs={
        <>
          <UserDialog opened={editor.opened} user={editor.payload?.user ?? null} tab={editor.payload?.tab ?? 'basic'} onClose={editor.close} onNew={() => editor.open({ user: null, tab: 'basic' })} />
          <SetPasswordDialog user={password.payload} onClose={password.close} />
        </>
      }
    />
  );
}
