/**
 * /common, "Common functions" (常用功能), the fixed tab beside Home: the user's own list of the
 * screens they use all day, opened with one key. 1–9 open the first nine from anywhere on the page
 * (not while typing); Enter or a double click opens the current row; Insert adds (a search by name
 * or pinyin, like the palette), Delete removes, Alt+↑ / Alt+↓ move the current row. Until the user
 * changes anything the list is a default for their rights (shortcuts.ts); "Restore defaults" goes
 * back to it. Kept per user by /system/shortcut, so it follows them to any browser.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Modal, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconRestore, IconTrash } from '@tabler/icons-react';
import type { GridApi } from 'ag-grid-community';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../../grids/list/columns';
import type { ListRequest } from '../../../../grids/list/list-grid';
import { focusIsFree } from '../../../../grids/focus-first-cell';
import { SHORTCUT_MAX } from '../../../domain/constants';
import { bothTitles } from '../../routes/menu-titles';
import { matchScore } from '../../shell/palette-search';
import { useSession } from '../../session/store';
import { resetShortcuts, saveShortcuts, shortcutsQueryOptions } from '../../queries/shortcuts';
import { isTyping, ListPage } from '../common/list-page';
import { FirstMatchSelect } from '../common/first-match-select';
import { shortcutCandidates, shownShortcuts, withAdded, withMoved, withRemoved, type ShortcutEntry } from './shortcuts';

interface Row {
  key: string;
  /** 1–9: the key that opens it. */
  no: string;
  title: string;
  section: string;
  href: string;
}

const columns: ListColumn<Row>[] = [
  { field: 'no', headerKey: 'shell:commonFunctions.key', width: 90, align: 'center' },
  { field: 'title', headerKey: 'shell:commonFunctions.title', minWidth: 220, flex: 1 },
  { field: 'section', headerKey: 'shell:commonFunctions.section', minWidth: 220, flex: 1 },
];

export function CommonFunctionsPage() {
  const { t, i18n } = useTranslation(['shell', 'menu', 'common']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const stored = useQuery(shortcutsQueryOptions());
  const candidates = useMemo(() => shortcutCandidates(user, bothTitles), [user]);
  const shown = useMemo(() => (stored.data ? shownShortcuts(stored.data, candidates) : []), [stored.data, candidates]);
  const [adding, setAdding] = useState(false);
  const gridApi = useRef<GridApi<Row> | null>(null);
  /** The row to focus once the grid shows the new order (after a move or an add). */
  const focusAfter = useRef<string | null>(null);

  // What is saved: the user's keys, or the defaults shown until now (a first change keeps them).
  const savedKeys = () => (stored.data?.saved ? stored.data.keys : shown.map((e) => e.key));
  const rowOf = (e: ShortcutEntry, i: number): Row => ({
    key: e.key, no: i < 9 ? String(i + 1) : '', title: t(`menu:${e.titleKey}`), section: e.trail.map((k) => t(`menu:${k}`)).join(' / '), href: e.href,
  });
  const rows = useMemo(() => shown.map(rowOf), [shown, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps -- t follows the language
  const query = (req: ListRequest) =>
    queryOptions({
      queryKey: ['shortcuts', 'rows', rows, req.index] as const,
      queryFn: () => ({ content: rows, total: rows.length }),
      enabled: stored.isSuccess,
    });

  const open = (r: Row | undefined) => { if (r) void navigate({ href: r.href }); };
  const current = (): Row | undefined => {
    const api = gridApi.current;
    const at = api && !api.isDestroyed() ? api.getFocusedCell()?.rowIndex : undefined;
    return typeof at === 'number' ? api!.getDisplayedRowAtIndex(at)?.data : undefined;
  };
  const move = (r: Row | undefined, delta: -1 | 1) => {
    if (!r) return;
    focusAfter.current = r.key;
    void saveShortcuts(qc, withMoved(savedKeys(), shown.map((e) => e.key), r.key, delta));
  };
  const remove = (list: Row[]) => {
    if (!list.length) return;
    const at = rows.findIndex((r) => r.key === list[0].key);
    const next = rows.filter((r) => !list.some((x) => x.key === r.key))[Math.min(at, rows.length - list.length - 1)];
    focusAfter.current = next?.key ?? null;
    void saveShortcuts(qc, withRemoved(savedKeys(), list.map((r) => r.key)));
  };
  const add = (key: string | null) => {
    setAdding(false);
    if (!key) return;
    focusAfter.current = key;
    void saveShortcuts(qc, withAdded(savedKeys(), key));
  };

  // Caught on the way down, before the grid's own keys: AG Grid would move the focus on Alt+↑ first.
  const onKeyDown = (e: KeyboardEvent) => {
    if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.target instanceof HTMLButtonElement && e.key !== 'Insert' && !/^[1-9]$/.test(e.key)) return;
    const handled = () => { e.preventDefault(); e.stopPropagation(); };
    if (!e.altKey && !e.shiftKey && /^[1-9]$/.test(e.key) && rows[Number(e.key) - 1]) {
      handled();
      open(rows[Number(e.key) - 1]);
    } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      handled();
      move(current(), e.key === 'ArrowUp' ? -1 : 1);
    } else if (!e.altKey && e.key === 'Delete') {
      const r = current();
      if (r) { handled(); remove([r]); }
    } else if (!e.altKey && e.key === 'Insert' && !full && addable.length) {
      handled();
      setAdding(true);
    }
  };

  const addable = candidates.filter((c) => !shown.some((s) => s.key === c.key));
  const full = savedKeys().length >= SHORTCUT_MAX;

  return (
    <Box onKeyDownCapture={onKeyDown} data-testid="common-functions">
      <ListPage<Row>
        gridId="home.common"
        columns={columns}
        query={query}
        resetKey={i18n.language}
        getRowId={(r) => r.key}
        rowLabel={(r) => r.title}
        selection="single"
        paged={false}
        // A short list: no keyword box, so the page opens on its first row and 1–9 work at once.
        searchable={false}
        // The selection follows the current row, so the toolbar acts on the row the keys are on.
        onCurrentRowChange={(r) => { if (r) gridApi.current?.getRowNode(r.key)?.setSelected(true, true); }}
        emptyText={t('shell:commonFunctions.empty')}
        onRowOpen={open}
        onGridApi={(api) => {
          gridApi.current = api;
          let arrived = false;
          // After every new set of rows: the row to keep the focus on (a moved or added one). The first
          // rows come after the page's arrival focus went to its first button: the first row takes it,
          // so 1–9 and the arrows work at once (never from a control the user chose).
          const place = () => {
            if (api.isDestroyed() || !api.getDisplayedRowCount()) return;
            const first = !arrived && focusIsFree() ? api.getDisplayedRowAtIndex(0)?.data?.key : undefined;
            arrived = true;
            const key = focusAfter.current ?? first;
            focusAfter.current = null;
            const node = key ? api.getRowNode(key) : undefined;
            const col = api.getAllDisplayedColumns()[0];
            if (node && typeof node.rowIndex === 'number' && col) {
              api.ensureIndexVisible(node.rowIndex);
              api.setFocusedCell(node.rowIndex, col);
              node.setSelected(true, true);
            }
          };
          api.addEventListener('rowDataUpdated', place);
          api.addEventListener('firstDataRendered', place);
          place();
        }}
        actions={[
          { key: 'new', label: t('shell:commonFunctions.add'), testId: 'common-add', when: () => !full && addable.length > 0, run: () => setAdding(true) },
          { key: 'up', label: t('shell:commonFunctions.up'), icon: <IconArrowUp size={16} />, selection: 'one', testId: 'common-up', run: ([r]) => move(r, -1) },
          { key: 'down', label: t('shell:commonFunctions.down'), icon: <IconArrowDown size={16} />, selection: 'one', testId: 'common-down', run: ([r]) => move(r, 1) },
          { key: 'remove', label: t('shell:commonFunctions.remove'), icon: <IconTrash size={16} />, selection: 'one', tone: 'danger', testId: 'common-remove', run: (list) => remove(list) },
          { key: 'reset', label: t('shell:commonFunctions.reset'), icon: <IconRestore size={16} />, testId: 'common-reset', when: () => !!stored.data?.saved, run: () => void resetShortcuts(qc) },
        ]}
        toolbarExtra={<Text size="xs" c="dimmed">{t('shell:commonFunctions.hint')}</Text>}
        dialogs={
          <Modal opened={adding} onClose={() => setAdding(false)} title={t('shell:commonFunctions.addTitle')} size={480}>
            {/* Typing highlights the first match: Enter adds it (as in the form dialogs' selects), also typed fast. */}
            <FirstMatchSelect
              data-autofocus
              defaultDropdownOpened
              label={t('shell:commonFunctions.pick')}
              placeholder={t('shell:commonFunctions.pickHint')}
              data={addable.map((c) => ({ value: c.key, label: `${t(`menu:${c.titleKey}`)} — ${c.trail.map((k) => t(`menu:${k}`)).join(' / ')}` }))}
              filter={({ options, search }) => {
                const byKey = new Map(addable.map((c) => [c.key, c]));
                return search ? options.filter((o) => 'value' in o && matchScore(search, byKey.get(o.value)!) !== null) : options;
              }}
              nothingFoundMessage={t('shell:commonFunctions.nothing')}
              maxDropdownHeight={320}
              onChange={add}
              data-testid="common-add-pick"
            />
          </Modal>
        }
      />
    </Box>
  );
}
