/**
 * Saved query filters of a list page, per user (spec 01 §3 / spec 02 §7 "User data"): stored in
 * /api/system/userData with kind = `filter:<query id>@<scope>` (the scope is the company, ledger
 * set or account year the list belongs to), subKind = the name the user gave, content = {keyword,
 * filter}. Read page 0, size 50, modifiedAt descending; rows past the newest MAX_SAVED_FILTERS
 * (or a second row of one name) are pruned with deleteMany on save.
 *
 * The control: a select of the saved names (picking one applies it), a save button (asks a name;
 * an existing name is replaced), a rename button and a delete button for the picked one (a rename
 * onto another saved name replaces that one). Picking an entry always applies it (the shown one
 * too: no deselect); a screen's filter reset empties the box through useClearSavedFilter. ListPage renders it when a
 * screen passes `savedFilters` (list-page.tsx).
 */
import { useCallback, useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { systemApi } from '../../../contract/heads';
import type { UserDataDto } from '../../../contract/system';
import { call } from '../../api/typed-client';
import { queryKeys } from '../../queries/keys';
import { useTabState } from '../../shell/tab-state';
import { notifyError } from '../../queries/admin-common';
import { listAfterSave, prunedAfterSave, savedFilterKind, type SavedFilterContent, type SavedFiltersOption } from './saved-filters-model';
import { FirstMatchSelect } from './first-match-select';

export type { SavedFiltersOption } from './saved-filters-model';

/** The tab slot holding the picked saved filter's name of a query (kept with the tab, like the filter). */
const pickedSlot = (queryId: string, scope: string | number) => `savedFilter:${savedFilterKind(queryId, scope)}`;

/**
 * Forgets the picked saved filter of a list (its box empties): for a screen's filter-reset button,
 * after which the box no longer describes what is shown (and picking that entry again applies it).
 */
export function useClearSavedFilter(option: Pick<SavedFiltersOption, 'queryId' | 'scope'>): () => void {
  const [, setPicked] = useTabState<string | null>(pickedSlot(option.queryId, option.scope), () => null);
  return useCallback(() => setPicked(null), [setPicked]);
}

export function SavedFilters<F>({ option, keyword, applyKeyword }: { option: SavedFiltersOption<F>; keyword: () => string; applyKeyword: (k: string) => void }) {
  const { t } = useTranslation('common');
  const qc = useQueryClient();
  const kind = savedFilterKind(option.queryId, option.scope);
  const key = queryKeys.userData(kind);
  // The applied filter's name stays with the tab, like the filter itself.
  const [picked, setPicked] = useTabState<string | null>(pickedSlot(option.queryId, option.scope), () => null);
  /** The name being typed: for a save, or for renaming the picked filter. */
  const [naming, setNaming] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);
  // The list is read again after every write, without the write waiting for it (a returned promise
  // would keep the mutation pending, and its dialog's button loading, until the read came back):
  // each write's own answer has already put the list as it now stands into the cache.
  const reread = () => void qc.invalidateQueries({ queryKey: key });
  const rows = useQuery({
    queryKey: key,
    queryFn: async () => (await call(systemApi.userData, { query: { filter: { kind }, index: 0, size: 50, sort: { modifiedAt: 'desc' } } })).content,
  });
  const list = rows.data ?? [];
  const byName = (name: string | null) => list.find((r) => r.subKind === name);

  const save = useMutation({
    mutationFn: async (name: string) => {
      const content: SavedFilterContent<F> = { keyword: keyword().trim(), ...(option.value !== undefined ? { filter: option.value } : {}) };
      const existing = byName(name);
      const row = existing
        ? await call(systemApi.updateUserData, { params: { id: existing.id }, body: { content } })
        : await call(systemApi.createUserData, { body: { kind, subKind: name, content } });
      const extras = prunedAfterSave(list, row.id, name);
      if (extras.length) await call(systemApi.deleteUserDataMany, { query: { filter: { id: extras } } });
      return { name, row, extras };
    },
    onSuccess: ({ name, row, extras }) => {
      qc.setQueryData<UserDataDto[]>(key, (rows) => listAfterSave(rows ?? [], row, extras));
      setPicked(name);
      setNaming(null);
    },
    onError: notifyError,
    onSettled: reread,
  });
  const rename = useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => {
      const row = await call(systemApi.updateUserData, { params: { id }, body: { subKind: name } });
      const extras = prunedAfterSave(list, id, name);
      if (extras.length) await call(systemApi.deleteUserDataMany, { query: { filter: { id: extras } } });
      return { name, row, extras };
    },
    onSuccess: ({ name, row, extras }) => {
      qc.setQueryData<UserDataDto[]>(key, (rows) => listAfterSave(rows ?? [], row, extras));
      setPicked(name);
      setNaming(null);
      setRenaming(false);
    },
    onError: notifyError,
    onSettled: reread,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await call(systemApi.deleteUserData, { params: { id } });
      return id;
    },
    onSuccess: (id) => {
      qc.setQueryData<UserDataDto[]>(key, (rows) => rows?.filter((r) => r.id !== id));
      setPicked(null);
    },
    onError: notifyError,
    onSettled: reread,
  });

  const apply = (name: string | null) => {
    setPicked(name);
    const row = byName(name);
    if (!row) return;
    const content = (row.content ?? {}) as Partial<SavedFilterContent<F>>;
    if (content.filter !== undefined && option.apply) option.apply(content.filter);
    applyKeyword(typeof content.keyword === 'string' ? content.keyword : '');
  };
  const pickedRow = byName(picked);

  return (
    <Group gap={4} wrap="nowrap" data-testid="saved-filters">
      <FirstMatchSelect
        size="sm"
        w={170}
        placeholder={t('savedFilters.placeholder')}
        aria-label={t('savedFilters.label')}
        data={list.map((r) => r.subKind ?? '').filter(Boolean).map((name) => ({ value: name, label: name }))}
        value={pickedRow ? picked : null}
        // A pick always applies its entry, the shown one too (Select's onChange keeps quiet when the
        // value stays): never a deselect that empties the box. onChange only hears the clear button.
        onOptionSubmit={apply}
        onChange={(v) => { if (v === null) apply(null); }}
        allowDeselect={false}
        clearable
        nothingFoundMessage={t('savedFilters.none')}
        data-testid="saved-filters-select"
      />
      <Tooltip label={t('savedFilters.save')}>
        <ActionIcon variant="default" size="lg" aria-label={t('savedFilters.save')} onClick={() => { setRenaming(false); setNaming(picked ?? ''); }} data-testid="saved-filters-save">
          <IconDeviceFloppy size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('savedFilters.rename')}>
        <ActionIcon variant="default" size="lg" aria-label={t('savedFilters.rename')} disabled={!pickedRow}
          onClick={() => { if (pickedRow) { setRenaming(true); setNaming(picked ?? ''); } }} data-testid="saved-filters-rename">
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('savedFilters.delete')}>
        <ActionIcon
          variant="default"
          size="lg"
          color="red"
          aria-label={t('savedFilters.delete')}
          disabled={!pickedRow}
          loading={remove.isPending}
          onClick={() => pickedRow && remove.mutate(pickedRow.id)}
          data-testid="saved-filters-delete"
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={naming !== null} onClose={() => setNaming(null)} title={renaming ? t('savedFilters.rename') : t('savedFilters.save')} size="sm" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const name = (naming ?? '').trim();
            if (!name) return;
            if (renaming && pickedRow) rename.mutate({ id: pickedRow.id, name: name.slice(0, 100) });
            else save.mutate(name.slice(0, 100));
          }}
        >
          <Stack gap="sm">
            <TextInput
              data-autofocus
              label={t('savedFilters.name')}
              value={naming ?? ''}
              maxLength={100}
              onChange={(e) => setNaming(e.currentTarget.value)}
              data-testid="saved-filters-name"
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setNaming(null)}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={save.isPending || rename.isPending} disabled={!(naming ?? '').trim()} data-testid="saved-filters-confirm">
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
