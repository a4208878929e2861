/**
 * Create/edit dialog of the users screen. Creating sets the password, company links and roles of
 * the current company at once; editing shows the basic data and, in tabs, the user's roles in the
 * current company and the user's company links (each change is saved at once).
 */
import { useEffect, useState } from 'react';
import { Checkbox, Group, Loader, PasswordInput, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { FirstMatchMultiSelect } from '../common/first-match-select';
import { Select } from '../common/select';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { userCreateBody, userUpdateBody, type UserDto } from '../../../contract/idm';
import { userKinds, userStates, type UserKind, type UserState } from '../../../domain/enums';
import { useScope, useSession } from '../../session/store';
import { companyPickerOptions } from '../../queries/admin-companies';
import { canGrantRole, companyRolesOptions } from '../../queries/admin-roles';
import {
  useAddUserCompany, useAddUserRole, useCreateUser, useRemoveUserCompany, useRemoveUserRole, userCompaniesOptions, userExists, userRolesOptions, useUpdateUser,
} from '../../queries/admin-users';
import { FormDialog } from '../common/form-dialog';
import { useEntityForm } from '../common/use-entity-form';

export type UserDialogTab = 'basic' | 'roles' | 'companies';

interface Values extends Record<string, unknown> {
  username: string;
  name: string;
  password: string;
  kind: UserKind;
  state: UserState;
  mobileTel: string;
  email: string;
  companyIds: string[];
  roleIds: string[];
}

const empty = (companyId: number | null): Values => ({
  username: '', name: '', password: '', kind: 'OTHER', state: 'NORMAL', mobileTel: '', email: '', companyIds: companyId ? [String(companyId)] : [], roleIds: [],
});

const editValues = (user: UserDto, companyId: number | null): Values => ({
  ...empty(companyId), username: user.username, name: user.name, kind: user.kind, state: user.state, mobileTel: user.mobileTel ?? '', email: user.email ?? '', companyIds: [],
});

export function UserDialog({ opened, user, tab, onClose, onNew }: { opened: boolean; user: UserDto | null; tab: UserDialogTab; onClose: () => void; onNew?: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId } = useScope();
  const isAdmin = useSession((s) => s.user?.kind === 'ADMIN');
  const me = useSession((s) => s.user);
  const editing = !!user;
  const form = useEntityForm({
    schema: editing ? userUpdateBody : userCreateBody,
    empty: () => empty(companyId),
    required: editing ? ['name'] : ['username', 'name', 'password'],
    // Editing changes the basic data only; links and roles are saved in their tabs.
    toInput: ({ companyIds, roleIds, username, password, ...basic }) =>
      editing ? basic : { ...basic, username, password, companyIds: companyIds.map(Number), roleIds: roleIds.map(Number) },
    serverFields: editing ? {} : { DATA_DUPLICATION: 'username' },
  });
  const [activeTab, setActiveTab] = useState<string | null>(tab);
  const create = useCreateUser();
  const update = useUpdateUser();
  const companies = useQuery({ ...companyPickerOptions(), enabled: opened });
  const roles = useQuery({ ...companyRolesOptions(companyId), enabled: opened && !!companyId });

  useEffect(() => {
    if (opened) setActiveTab(tab);
  }, [opened, user?.id, tab]);

  const checkUsername = async () => {
    const err = form.checkField('username');
    if (err || editing) return;
    try {
      if (await userExists(form.values.username.trim())) form.setError('username', { key: 'admin:user.usernameTaken' });
    } catch {
      /* the server re-checks on save */
    }
  };

  const save = async (body: NonNullable<ReturnType<typeof form.validate>>) => {
    if (user) return update.mutateAsync({ id: user.id, body });
    const companyIds = form.values.companyIds.map(Number);
    // The user's home company: the current one when linked to it, else the first linked company.
    const home = companyId && companyIds.includes(companyId) ? companyId : (companyIds[0] ?? null);
    return create.mutateAsync({ ...(body as z.output<typeof userCreateBody>), companyId: home });
  };

  const kindData = userKinds.map((k) => ({ value: k, label: t(`admin:user.kinds.${k}`) }));
  const stateData = userStates.map((s) => ({ value: s, label: t(`admin:user.states.${s}`) }));

  const basic = (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label={t('admin:user.username')} withAsterisk disabled={editing} data-autofocus={!editing || undefined} {...form.text('username')} onBlur={checkUsername} data-testid="user-username" />
        <TextInput label={t('admin:user.name')} withAsterisk data-autofocus={editing || undefined} {...form.text('name')} data-testid="user-name" />
        {!editing && (
          <PasswordInput label={t('admin:user.password')} withAsterisk description={t('admin:user.passwordRule')} {...form.text('password')} data-testid="user-password" />
        )}
        <Select label={t('admin:user.kind')} data={kindData} value={form.values.kind} onChange={(k) => k && form.set('kind', k as UserKind)} disabled={!isAdmin} allowDeselect={false} />
        <Select label={t('admin:user.state')} data={stateData} value={form.values.state} onChange={(s) => s && form.set('state', s as UserState)} allowDeselect={false} />
        <TextInput label={t('admin:user.mobileTel')} {...form.text('mobileTel')} data-testid="user-mobile" />
        <TextInput label={t('admin:user.email')} {...form.text('email')} data-testid="user-email" />
      </SimpleGrid>
      {!editing && (
        <>
          <FirstMatchMultiSelect
            label={t('admin:user.companies')}
            data={(companies.data?.content ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.values.companyIds}
            onChange={(v) => form.set('companyIds', v)}
            clearable
            data-testid="user-companies"
          />
          <FirstMatchMultiSelect
            label={t('admin:user.rolesInCompany')}
            // Roles with rights the manager does not hold cannot be given (the server refuses them too).
            data={(roles.data?.content ?? []).map((r) => ({ value: String(r.id), label: r.name, disabled: !canGrantRole(me, r) }))}
            value={form.values.roleIds}
            onChange={(v) => form.set('roleIds', v)}
            clearable
            disabled={!companyId}
            data-testid="user-roles"
          />
        </>
      )}
    </Stack>
  );

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={editing ? t('admin:user.editTitle', { name: user.name }) : t('admin:user.newTitle')}
      form={form}
      values={user ? editValues(user, companyId) : undefined}
      recordKey={user?.id}
      onSave={save}
      saveAndNew={!editing}
      onNew={onNew}
      size="lg"
      testId="user-dialog"
    >
      {editing ? (
        <Tabs value={activeTab} onChange={setActiveTab} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="basic">{t('admin:user.tabBasic')}</Tabs.Tab>
            <Tabs.Tab value="roles" data-testid="tab-roles">{t('admin:user.tabRoles')}</Tabs.Tab>
            <Tabs.Tab value="companies" data-testid="tab-companies">{t('admin:user.tabCompanies')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basic">{basic}</Tabs.Panel>
          <Tabs.Panel value="roles">
            <UserRolesPanel userId={user.id} />
          </Tabs.Panel>
          <Tabs.Panel value="companies">
            <UserCompaniesPanel userId={user.id} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        basic
      )}
    </FormDialog>
  );
}

/** The user's roles in the current company: one checkbox per role, saved on change. */
function UserRolesPanel({ userId }: { userId: number }) {
  const { t } = useTranslation('admin');
  const { companyId } = useScope();
  const roles = useQuery(companyRolesOptions(companyId));
  const held = useQuery(userRolesOptions(userId, companyId));
  const add = useAddUserRole();
  const remove = useRemoveUserRole();
  const me = useSession((s) => s.user);
  if (!companyId) return <Text c="dimmed">{t('noCompany')}</Text>;
  if (roles.isLoading || held.isLoading) return <Loader size="sm" />;
  const links = held.data?.content ?? [];
  const list = roles.data?.content ?? [];
  return (
    <Stack gap="xs" data-testid="user-roles-panel">
      <Text size="sm" c="dimmed">{t('user.rolesHint')}</Text>
      {list.length === 0 && <Text c="dimmed">{t('role.none')}</Text>}
      {list.map((r) => {
        const link = links.find((l) => l.roleId === r.id);
        return (
          <Checkbox
            key={r.id}
            label={
              <Group gap={6}>
                <span>{r.name}</span>
                {r.remark && <Text span size="xs" c="dimmed">{r.remark}</Text>}
              </Group>
            }
            checked={!!link}
            disabled={add.isPending || remove.isPending || !canGrantRole(me, r)}
            onChange={(e) => (e.currentTarget.checked ? add.mutate({ userId, roleId: r.id }) : link && remove.mutate(link.id))}
            data-testid={`user-role-${r.name}`}
          />
        );
      })}
    </Stack>
  );
}

/** The user's company links: one checkbox per visible company, saved on change (unlinking drops the roles there). */
function UserCompaniesPanel({ userId }: { userId: number }) {
  const { t } = useTranslation('admin');
  const companies = useQuery(companyPickerOptions());
  const links = useQuery(userCompaniesOptions({ userId }));
  const add = useAddUserCompany();
  const remove = useRemoveUserCompany();
  if (companies.isLoading || links.isLoading) return <Loader size="sm" />;
  const held = links.data?.content ?? [];
  return (
    <Stack gap="xs" data-testid="user-companies-panel">
      <Text size="sm" c="dimmed">{t('user.companiesHint')}</Text>
      {(companies.data?.content ?? []).map((c) => {
        const link = held.find((l) => l.companyId === c.id);
        return (
          <Checkbox
            key={c.id}
            label={c.name}
            checked={!!link}
            disabled={add.isPending || remove.isPending}
            onChange={(e) => (e.currentTarget.checked ? add.mutate({ userId, companyId: c.id }) : link && remove.mutate(link.id))}
            data-testid={`user-company-${c.id}`}
          />
        );
      })}
    </Stack>
  );
}
