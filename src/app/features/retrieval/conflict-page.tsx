/**
 * /retrieval/query (利益冲突检索, right 9): the conflict-of-interest check before a matter is taken
 * (GET /retrieval/conflict, decision 050). The name box has the focus; Enter searches every company
 * where the user holds the right; ↓ goes into the hits: each says how the name appears (client of a
 * case, a customer without a case, or the opposing party, plaintiff or defendant of a case), in
 * which company and case, with the case's directors and department. Hits on the other side of a
 * case are drawn red: those are the conflicts to clear.
 */
import { useMemo, useRef } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ColDef, GridApi } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { retrievalApi } from '../../../contract/heads';
import type { ConflictHitDto } from '../../../contract/retrieval';
import { call } from '../../api/typed-client';
import { ReadGrid } from '../../../../grids/list/read-grid';
import { formatDate } from '../common/row-actions';
import { useTabState } from '../../shell/tab-state';
import { FillHeight } from '../../../../grids/list/use-fill-height';
import { FIELD_ROW } from '../../../../grids/list/field-row';

type Row = ConflictHitDto & { key: string };
const OTHER_SIDE = new Set(['OPPOSING', 'PLAINTIFF', 'DEFENDANT']);

export function ConflictPage() {
  const { t } = useTranslation(['retrieval', 'clients']);
  const [typed, setTyped] = useTabState<string>(`conflict:typed`, () => '');
  const [keyword, setKeyword] = useTabState<string | null>(`conflict:keyword`, () => null);
  const apiRef = useRef<GridApi<Row> | null>(null);
  const answer = useQuery({
    queryKey: ['retrieval', 'conflict', keyword],
    queryFn: async ({ signal }) => call(retrievalApi.conflict, { query: { keyword: keyword! } }, { signal }),
    enabled: keyword !== null,
  });
  const rows = useMemo<Row[]>(() => (answer.data?.hits ?? []).map((h, i) => ({ ...h, key: `${h.companyId}:${h.role}:${h.projectId ?? ''}:${h.customerId ?? ''}:${i}` })), [answer.data]);
  const columns = useMemo<ColDef<Row>[]>(() => [
    { colId: 'role', headerName: t('retrieval:columns.role'), width: 130, valueGetter: (p) => (p.data ? t(`retrieval:roles.${p.data.role}`) : ''),
      cellClassRules: { 'ld-negative': (p) => !!p.data && OTHER_SIDE.has(p.data.role) } },
    { field: 'matched', headerName: t('retrieval:columns.matched'), minWidth: 180, flex: 1 },
    { field: 'companyName', headerName: t('retrieval:columns.company'), minWidth: 160, flex: 1 },
    { field: 'projectCode', headerName: t('retrieval:columns.projectCode'), width: 120 },
    { field: 'projectName', headerName: t('retrieval:columns.projectName'), minWidth: 160, flex: 1 },
    { colId: 'projectKind', headerName: t('retrieval:columns.projectKind'), width: 100, valueGetter: (p) => (p.data?.projectKind ? t(`clients:project.kinds.${p.data.projectKind}`) : '') },
    { colId: 'principals', headerName: t('retrieval:columns.principals'), width: 150, valueGetter: (p) => (p.data?.principals ?? []).join(t('retrieval:separator')) },
    { field: 'department', headerName: t('retrieval:columns.department'), width: 120 },
    { colId: 'createdAt', headerName: t('retrieval:columns.createdAt'), width: 110, valueGetter: (p) => formatDate(p.data?.createdAt) },
    { colId: 'disabled', headerName: t('retrieval:columns.state'), width: 90, valueGetter: (p) => (p.data?.disabled ? t('retrieval:disabled') : '') },
  ], [t]);

  const run = () => {
    const k = typed.trim();
    if (k.length < 2) return;
    // The same name again asks again (a case may have been opened since); a new one is a new query.
    if (k === keyword) void answer.refetch();
    else setKeyword(k);
  };
  const other = rows.filter((r) => OTHER_SIDE.has(r.role)).length;

  return (
    <Stack gap="sm" data-testid="conflict-page">
      <Title order={4}>{t('retrieval:title')}</Title>
      <Group align="flex-end" gap="sm" className={FIELD_ROW}>
        <TextInput
          label={t('retrieval:keyword')}
          description={t('retrieval:keywordHint')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              run();
            } else if (e.key === 'ArrowDown' && apiRef.current && rows.length) {
              // The user asks for the hits: the caret goes there (not only when the focus is free).
              e.preventDefault();
              apiRef.current.ensureIndexVisible(0);
              apiRef.current.setFocusedCell(0, 'role');
            }
          }}
          w={360}
          maxLength={50}
          data-autofocus
          data-testid="conflict-keyword"
        />
        <Button leftSection={<IconSearch size={16} />} onClick={run} disabled={typed.trim().length < 2} loading={answer.isFetching} data-testid="conflict-search">
          {t('retrieval:search')}
        </Button>
      </Group>
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      {answer.data && (
        <Group gap="xs" data-testid="conflict-summary">
          <Text size="sm">{t('retrieval:found', { count: answer.data.hits.length, keyword: answer.data.keyword })}</Text>
          {other > 0 && <Badge color="red" variant="light" tt="none" data-testid="conflict-other-side">{t('retrieval:otherSide', { count: other })}</Badge>}
          {answer.data.truncated && <Badge color="orange" variant="light" tt="none">{t('retrieval:truncated', { count: answer.data.hits.length })}</Badge>}
        </Group>
      )}
      <Text size="xs" c="dimmed">{t('retrieval:keys')}</Text>
      <FillHeight min={320} fallback="calc(100vh - 330px)" data-testid="conflict-grid">
        <ReadGrid<Row>
          columnDefs={columns}
          rowData={rows}
          getRowId={(p) => p.data.key}
          emptyText={keyword === null ? t('retrieval:start') : t('retrieval:none')}
          loading={answer.isFetching && !answer.data}
          onGridReady={(e) => {
            apiRef.current = e.api;
          }}
          onGridPreDestroyed={() => {
            apiRef.current = null;
          }}
        />
      </FillHeight>
    </Stack>
  );
}
