/**
 * /userCenter/role: the roles of the current company on the left, the selected role's rights
 * tree on the right. Saving replaces the role's whole set of rights. System roles are read-only.
 * Rights ticked and not saved stay with the tab (another tab and back) and mark it unsaved; choosing
 * another role, closing the tab, logout or a company switch ask Yes / No / Cancel first.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Card, Grid, Group, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { GridApi, ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { roleCreateBody, type RoleDto } from '../../../contract/idm';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope, useSession } from '../../session/store';
import { allRightsOptions, roleListOptions, roleRightsOptions, useCreateRole, useDeleteRole, useSaveRoleRights, useUpdateRole } from '../../queries/admin-roles';
import { useTabState } from '../../shell/tab-state';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { useDialogState } from '../common/confirm-dialog';
import { leaveWithSaveTip } from '../common/save-tip';
import { SaveTipDialog } from '../common/save-tip-dialog';
import { useSaveTip } from '../common/use-save-tip';
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

/** Rights ticked but not saved: of which role, on top of which saved version of its rights. */
interface RightsDraft {
  roleId: number;
  version: number;
  ids: ReadonlySet<number>;
}

export function RolesPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId } = useScope();
  const canManage = useHasRight(RIGHTS.USER_CENTER);
  // The role shown and its unsaved rights are kept with the tab (per company): back from another
  // tab, the same role shows with the rights as the user left them.
  const [role, setRole] = useTabState<RoleDto | null>(`roles:role:${companyId}`, () => null);
  const rights = useRoleRights(companyId, role, canManage);
  const editor = useDialogState<RoleDto | null>();
  const del = useDeleteRole();
  const context = useMemo(() => ({ t: (k: string) => t(k) }), [t]);
  const editable = (rows: RoleDto[]) => rows.every((r) => r.kind !== 'SYSTEM');

  // The latest of what the question's answers act on (they come after an await).
  const latest = useRef({ role, rights });
  useEffect(() => {
    latest.current = { role, rights };
  });
  const saveLatest = () => latest.current.rights.save();
  const tip = useSaveTip();
  // The role the question is about (the one being edited).
  const [tipName, setTipName] = useState('');
  // Unsaved rights mark the tab; closing it asks Yes / No / Cancel (Yes saves first), and so do
  // logout and a company switch (shell/dirty-guard.tsx: `save`).
  useTabDirty(
    rights.dirty,
    (close) => {
      setTipName(latest.current.role?.name ?? '');
      void leaveWithSaveTip({ dirty: true, ask: tip.ask, save: saveLatest, proceed: close });
    },
    { kept: true, save: saveLatest },
  );

  const gridApi = useRef<GridApi<RoleDto> | null>(null);
  /** The list's selection and caret on a role's row (none selected when it is not on the page shown). */
  const showInList = (r: RoleDto | null, focus: boolean) => {
    const api = gridApi.current;
    if (!api || api.isDestroyed()) return;
    const node = r ? api.getRowNode(String(r.id)) : undefined;
    if (!node) {
      api.deselectAll();
      return;
    }
    if (!node.isSelected()) node.setSelected(true, true);
    const column = api.getFocusedCell()?.column ?? api.getAllDisplayedColumns()[0];
    if (focus && column && node.rowIndex !== null) api.setFocusedCell(node.rowIndex, column);
  };
  const asking = useRef(false);
  /**
   * Another role chosen in the list (Space, a click, Enter on a read-only role, a role just
   * created): with unsaved rights the save tip asks first — Yes saves then shows the other role,
   * No drops the changes and shows it, Cancel stays on the role being edited (the list back on it).
   */
  const choose = async (next: RoleDto) => {
    const { role: current, rights: now } = latest.current;
    if (asking.current) return;
    if (!current || current.id === next.id || !now.dirty) {
      setRole(next);
      return;
    }
    asking.current = true;
    // Until answered, the list stays on the role being edited (Cancel gives the caret back there).
    showInList(current, true);
    setTipName(current.name);
    try {
      await leaveWithSaveTip({
        dirty: true,
        ask: tip.ask,
        save: saveLatest,
        proceed: () => {
          latest.current.rights.drop();
          setRole(next);
          // After the question has closed (it gives the focus back to nobody when the user moves on).
          setTimeout(() => requestAnimationFrame(() => showInList(next, true)), 30);
        },
      });
    } finally {
      asking.current = false;
    }
  };

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
          onGridApi={(api) => {
            gridApi.current = api;
          }}
          onSelectionChange={(rows) => rows[0] && void choose(rows[0])}
          // Enter on a row opens its editor; the system role is read-only, so Enter shows its rights
          // (as it does for anyone without the right to edit roles) instead of doing nothing.
          onRowOpen={(r) => (canManage && r.kind !== 'SYSTEM' ? editor.open(r) : void choose(r))}
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
            onDone: (outcome) => {
              if (!outcome.deleted.includes(latest.current.role?.id ?? -1)) return;
              latest.current.rights.drop();
              setRole(null);
            },
          }}
          dialogs={<RoleDialog opened={editor.opened} role={editor.payload} companyId={companyId} onClose={editor.close} onCreated={(r) => void choose(r)} onNew={() => editor.open(null)} />}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <RoleRightsCard role={role} rights={rights} />
      </Grid.Col>
      <SaveTipDialog {...tip.dialog} message={t('admin:role.saveTip', { name: tipName })} />
    </Grid>
  );
}

/**
 * The rights of the role shown: as saved, or as the user ticked them (the draft, kept with the tab
 * per company). A draft belongs to one role and to the version of its rights it was made on: once
 * the saved rights change (this save, or someone else's: STALE_DATA reloads them) it is dropped.
 */
function useRoleRights(companyId: number | null, role: RoleDto | null, canManage: boolean) {
  const lang = useSession((s) => s.language);
  const catalogue = useQuery(allRightsOptions(lang));
  const saved = useQuery(roleRightsOptions(role?.id ?? null));
  const mutation = useSaveRoleRights();
  const tree = useMemo(() => buildRightsTree(catalogue.data ?? []), [catalogue.data]);
  const index = useMemo(() => indexTree(tree), [tree]);
  const [draft, setDraft] = useTabState<RightsDraft | null>(`roles:draft:${companyId}`, () => null);
  const current = !!draft && !!role && !!saved.data && draft.roleId === role.id && draft.version === saved.data.version;
  // A draft of another role, or on rights changed since: nothing to show, nothing to keep.
  const stale = !!draft && (!role || draft.roleId !== role.id || (!!saved.data && draft.version !== saved.data.version));
  useEffect(() => {
    if (stale) setDraft(null);
  }, [stale, setDraft]);
  const savedIds = saved.data?.rightIds;
  const granted = useMemo<ReadonlySet<number>>(() => (current ? draft.ids : new Set(savedIds ?? [])), [current, draft, savedIds]);
  const readOnly = !canManage || role?.kind === 'SYSTEM';
  const dirty = !readOnly && current && !sameSet(draft.ids, saved.data!.rightIds);
  return {
    catalogue,
    saved,
    tree,
    granted,
    readOnly,
    dirty,
    saving: mutation.isPending,
    setGranted(ids: Set<number>) {
      if (role && saved.data && !readOnly) setDraft({ roleId: role.id, version: saved.data.version, ids });
    },
    /** Back to the saved rights. */
    drop: () => setDraft(null),
    /**
     * Saves the ticked rights; resolves whether they are saved (nothing to save counts as saved).
     * Also when asked from outside right after the page came back (logout, a company switch): the
     * role's rights and the catalogue may still be loading then, and are waited for.
     */
    async save(): Promise<boolean> {
      if (readOnly || !role || !draft || draft.roleId !== role.id) return true;
      const sent = draft;
      const now = saved.data ?? (await saved.refetch()).data;
      if (now && now.version === sent.version && sameSet(sent.ids, now.rightIds)) return true;
      // Rights outside the catalogue are dropped from what is sent: never with the catalogue unread.
      const known = catalogue.data ? index : indexTree(buildRightsTree((await catalogue.refetch()).data ?? []));
      if (!known.parent.size) return false;
      try {
        // The version the rights were ticked on: changed meanwhile, the server says so (and they reload).
        await mutation.mutateAsync({ roleId: role.id, rightIds: normalizeGranted(known, sent.ids), version: sent.version });
      } catch {
        return false; // notified (useSaveRoleRights)
      }
      setDraft((d) => (d === sent ? null : d));
      return true;
    },
  };
}

function RoleRightsCard({ role, rights }: { role: RoleDto | null; rights: ReturnType<typeof useRoleRights> }) {
  const { t } = useTranslation(['admin', 'common']);
  const { catalogue, saved, tree, granted, readOnly, dirty } = rights;

  return (
    <Card withBorder padding="md" data-testid="role-rights-card" data-dirty={dirty || undefined}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={5}>{role ? t('admin:role.rightsOf', { name: role.name }) : t('admin:role.rights')}</Title>
          {role?.kind === 'SYSTEM' && <Badge tt="none" color="gray" variant="light">{t('admin:role.readOnly')}</Badge>}
          {dirty && <Badge tt="none" color="orange" variant="light" data-testid="role-rights-unsaved">{t('admin:role.unsaved')}</Badge>}
        </Group>
        {role && !readOnly && (
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconRestore size={14} />} disabled={!dirty} onClick={rights.drop} data-testid="role-rights-reset">
              {t('common:reset')}
            </Button>
            <Button
              size="xs"
              leftSection={<IconDeviceFloppy size={14} />}
              disabled={!dirty}
              loading={rights.saving}
              onClick={() => void rights.save()}
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
          <RightsTreeEditor tree={tree} granted={granted} onChange={rights.setGranted} readOnly={readOnly} />
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
