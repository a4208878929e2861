/**
 * /userCenter/role: the roles of the current company on the left, the selected role's rights
 * tree on the right. Saving replaces the role's whole set of rights. System roles are read-only.
 */
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Card, Grid, Group, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { roleCreateBody, type RoleDto } from '../../../contract/idm';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope, useSession } from '../../session/store';
import { allRightsOptions, roleListOptions, roleRightsOptions, useCreateRole, useDeleteRole, useSaveRoleRights, useUpdateRole } from '../../queries/admin-roles';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { useEntityForm } from '../common/use-entity-form';
import { buildRightsTree, indexTree, normalizeGranted, sameSet } from './rights-tree';
import { RightsTreeEditor } from './rights-tree-editor';
import { rolesColumns } from './roles.columns';

const renderers = {
  kind: (p: ICellRendererParams<RoleDto, RoleDto['kind'], { t: (k: string) => string }>) =>
    p.value ? <Badge tt="none" variant="light" color={p.value === 'SYSTEM' ? 'gray' : 'blue'}>{p.context.t(`admin:role.kinds.${p.value}`)}</Badge> : null,
};

export function RolesPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId } = useScope();
  const canManage = useHasRight(RIGHTS.USER_CENTER);
  const [role, setRole] = useState<RoleDto | null>(null);
  const editor = useDialogState<RoleDto | null>();
  const del = useDeleteRole();
  const context = useMemo(() => ({ t: (k: string) => t(k) }), [t]);
  const editable = (rows: RoleDto[]) => rows.every((r) => r.kind !== 'SYSTEM');

  useEffect(() => setRole(null), [companyId]);

  if (!companyId) return <NoCompany />;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ListPage<RoleDto, { t: (k: string) => string }>
          gridId="userCenter.role"
          columns={rolesColumns}
          query={(req) => roleListOptions(companyId, req)}
          resetKey={companyId}
          getRowId={(r) => r.id}
          rowLabel={(r) => r.name}
          selection="single"
          renderers={renderers}
          context={context}
          onSelectionChange={(rows) => rows[0] && setRole(rows[0])}
          // Enter on a row opens its editor; the system role is read-only, so Enter shows its rights
          // (as it does for anyone without the right to edit roles) instead of doing nothing.
          onRowOpen={(r) => (canManage && r.kind !== 'SYSTEM' ? editor.open(r) : setRole(r))}
          keywordPlaceholder={t('admin:role.keyword')}
          rowClassRules={{ 'ld-row-current': (p) => p.data?.id === role?.id }}
          actions={[
            { key: 'new', allowed: canManage, testId: 'role-new', run: () => editor.open(null) },
            { key: 'edit', allowed: canManage, when: editable, run: ([r]) => editor.open(r) },
          ]}
          remove={{
            allowed: canManage,
            selection: 'one',
            when: editable,
            testId: 'role-delete',
            one: (r) => del.mutateAsync(r.id),
            onDone: (outcome) => outcome.deleted.includes(role?.id ?? -1) && setRole(null),
          }}
          dialogs={<RoleDialog opened={editor.opened} role={editor.payload} companyId={companyId} onClose={editor.close} onCreated={setRole} onNew={() => editor.open(null)} />}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <RoleRightsCard role={role} canManage={canManage} />
      </Grid.Col>
    </Grid>
  );
}

function RoleRightsCard({ role, canManage }: { role: RoleDto | null; canManage: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  const lang = useSession((s) => s.language);
  const catalogue = useQuery(allRightsOptions(lang));
  const saved = useQuery(roleRightsOptions(role?.id ?? null));
  const save = useSaveRoleRights();
  const tree = useMemo(() => buildRightsTree(catalogue.data ?? []), [catalogue.data]);
  const index = useMemo(() => indexTree(tree), [tree]);
  const [granted, setGranted] = useState<Set<number>>(new Set());

  useEffect(() => {
    setGranted(new Set(saved.data?.rightIds ?? []));
  }, [saved.data, role?.id]);

  const readOnly = !canManage || role?.kind === 'SYSTEM';
  const dirty = !!saved.data && !sameSet(granted, saved.data.rightIds);

  return (
    <Card withBorder padding="md" data-testid="role-rights-card">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={5}>{role ? t('admin:role.rightsOf', { name: role.name }) : t('admin:role.rights')}</Title>
          {role?.kind === 'SYSTEM' && <Badge tt="none" color="gray" variant="light">{t('admin:role.readOnly')}</Badge>}
          {dirty && <Badge tt="none" color="orange" variant="light">{t('admin:role.unsaved')}</Badge>}
        </Group>
        {role && !readOnly && (
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconRestore size={14} />} disabled={!dirty} onClick={() => setGranted(new Set(saved.data?.rightIds ?? []))}>
              {t('common:reset')}
            </Button>
            <Button
              size="xs"
              leftSection={<IconDeviceFloppy size={14} />}
              disabled={!dirty}
              loading={save.isPending}
              onClick={() => saved.data && save.mutate({ roleId: role.id, rightIds: normalizeGranted(index, granted), version: saved.data.version })}
              data-testid="role-rights-save"
            >
              {t('common:save')}
            </Button>
          </Group>
        )}
      </Group>
      {!role ? (
        <Text c="dimmed" size="sm">{t('admin:role.pick')}</Text>
      ) : catalogue.isLoading || saved.isLoading ? (
        <Loader size="sm" />
      ) : (
        <Stack gap={4} style={{ maxHeight: 'calc(100vh - 230px)', overflow: 'auto' }}>
          <Text size="xs" c="dimmed">{t('admin:role.treeHint', { count: granted.size })}</Text>
          <RightsTreeEditor tree={tree} granted={granted} onChange={setGranted} readOnly={readOnly} />
        </Stack>
      )}
    </Card>
  );
}

function RoleDialog(props: { opened: boolean; role: RoleDto | null; companyId: number; onClose: () => void; onCreated: (r: RoleDto) => void; onNew: () => void }) {
  const { opened, role, companyId, onClose, onCreated, onNew } = props;
  const { t } = useTranslation(['admin', 'common']);
  const form = useEntityForm({ schema: roleCreateBody, empty: () => ({ companyId, name: '', remark: '' }), required: ['name'], serverFields: { DATA_DUPLICATION: 'name' } });
  const create = useCreateRole();
  const update = useUpdateRole();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={role ? t('admin:role.editTitle') : t('admin:role.newTitle')}
      form={form}
      values={role ? { companyId, name: role.name, remark: role.remark ?? '' } : undefined}
      recordKey={role?.id}
      onSave={async (body) => {
        if (role) await update.mutateAsync({ id: role.id, body: { name: body.name, remark: body.remark ?? null, version: role.version } });
        else onCreated(await create.mutateAsync({ ...body, companyId }));
      }}
      saveAndNew
      onNew={onNew}
      testId="role-dialog"
    >
      <TextInput label={t('admin:role.name')} withAsterisk data-autofocus {...form.text('name')} data-testid="role-name" />
      <Textarea label={t('admin:role.remark')} autosize minRows={2} {...form.text('remark')} />
    </FormDialog>
  );
}
