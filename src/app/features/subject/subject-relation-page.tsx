/**
 * /basic/subjectRelation (科目对照, decision 024): which subject of another ledger set's account year
 * stands for each enabled leaf subject of the current year, so vouchers can be synchronised there.
 * Choose the target ledger set and year; "Map by code" fills every unmapped subject with the target
 * year's leaf of the same code; the Target subject cell is edited in place (Enter or typing starts:
 * a code, a name or part of one, Enter maps it; several matches open the pick list; an empty cell
 * removes the mapping); F7 opens the pick list of the current row. The rules of
 * src/domain/subject-relation.ts are checked here before the server checks them again: auxiliary
 * types the target does not take are shown as dropped (the save names them), a target requiring
 * types the source lacks is refused.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CellEditRequestEvent, ICellRendererParams } from 'ag-grid-community';
import { IconListSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SubjectDto } from '../../../contract/subject';
import type { SubjectRelationDto } from '../../../contract/subject-relation';
import { auxTypes } from '../../../domain/enums';
import { RIGHTS } from '../../../domain/rights';
import { droppedAuxTypes, subjectRelationProblem, type MappableSubject } from '../../../domain/subject-relation';
import { loadAllPages } from '../../api/all-pages';
import type { ListColumn } from '../../../../grids/list/columns';
import type { ListRequest } from '../../../../grids/list/list-grid';
import { ListPicker } from '../../../../grids/list-picker';
import { bilingualOption, matchLookup, type LookupOption } from '../../../../grids/lookup-match';
import { call } from '../../api/typed-client';
import { subjectApi, subjectRelationApi } from '../../../contract/heads';
import { accountsQueryOptions } from '../../queries/account';
import { notifyError } from '../../queries/admin-common';
import { allSubjectsOptions } from '../../queries/subjects';
import { subjectRelationKeys, useDeleteSubjectRelations, useMapByCode, useSaveSubjectRelations } from '../../queries/subject-relations';
import { useHasRight, useScope } from '../../session/store';
import { ListPage } from '../common/list-page';
import { FirstMatchSelect } from '../common/first-match-select';
import { localName, localTypeName } from '../../../domain/names';
import { FIELD_ROW } from '../../../../grids/list/field-row';

/** One enabled leaf subject of the current year with its relation to the chosen target year. */
export interface RelationRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  auxTypeIds: number[];
  relation: SubjectRelationDto | null;
  /** The target's code (what the cell editor starts with). */
  targetCode: string;
}

interface Ctx {
  t: TFunction;
  english: boolean;
}

const columns: ListColumn<RelationRow>[] = [
  { field: 'code', headerKey: 'subject:relation.sourceCode', width: 130 },
  { field: 'name', source: '*', headerKey: 'subject:relation.sourceName', minWidth: 180, flex: 1, renderer: 'name' },
  { field: 'auxTypeIds', headerKey: 'subject:relation.sourceAux', width: 150, renderer: 'aux' },
  { field: 'targetCode', headerKey: 'subject:relation.target', minWidth: 240, flex: 1, renderer: 'target', editable: true, cellEditor: 'agTextCellEditor' },
  { field: 'targetAux', source: '*', headerKey: 'subject:relation.targetAux', width: 150, renderer: 'targetAux' },
  { field: 'dropped', source: '*', headerKey: 'subject:relation.dropped', width: 170, renderer: 'dropped' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 100, renderer: 'actions', resizable: false, pinned: 'right' },
];

export const auxNames = (ids: readonly number[], english: boolean) =>
  ids.map((id) => auxTypes.find((a) => a.id === id)).filter((a) => a !== undefined).map((a) => localTypeName(english, a)).join(english ? ', ' : '、');

const nameOf = (s: { name: string; nameEn: string | null }, english: boolean) => localName(english, s);

const renderers = {
  name: (p: ICellRendererParams<RelationRow, RelationRow, Ctx>) => (p.data ? nameOf(p.data, p.context.english) : null),
  aux: (p: ICellRendererParams<RelationRow, number[], Ctx>) => auxNames(p.value ?? [], p.context.english),
  target: (p: ICellRendererParams<RelationRow, string, Ctx>) => {
    const r = p.data?.relation;
    if (!p.data) return null;
    return r ? (
      <span data-testid={`relation-target-${p.data.code}`}>{`${r.target.code} ${nameOf(r.target, p.context.english)}`}</span>
    ) : (
      <Text span size="sm" c="dimmed" data-testid={`relation-target-${p.data.code}`}>{p.context.t('subject:relation.unmapped')}</Text>
    );
  },
  targetAux: (p: ICellRendererParams<RelationRow, RelationRow, Ctx>) => (p.data?.relation ? auxNames(p.data.relation.target.auxTypeIds, p.context.english) : ''),
  dropped: (p: ICellRendererParams<RelationRow, RelationRow, Ctx>) => {
    const ids = p.data?.relation?.dropAuxTypeIds ?? [];
    return ids.length ? <Badge color="orange" variant="light" size="sm">{p.context.t('subject:relation.droppedValue', { types: auxNames(ids, p.context.english) })}</Badge> : '';
  },
};

/** Back to the row's target cell after the pick list (the cell editor that opened it is gone). */
function refocus(rowId: number) {
  setTimeout(() => document.querySelector<HTMLElement>(`[data-testid="relation-list"] .ag-row[row-id="${rowId}"] .ag-cell[col-id="targetCode"]`)?.focus(), 50);
}

const mappable = (s: { id: number; code: string; name: string; leaf: boolean; disabled: boolean; auxTypeIds: number[] }): MappableSubject => s;

/** The rows: enabled leaves of the source year with their relations, filtered by the keyword and "unmapped only". */
const rowsOptions = (sourceYearId: number, targetYearId: number, keyword: string, unmappedOnly: boolean) =>
  queryOptions({
    queryKey: [...subjectRelationKeys.pair(sourceYearId, targetYearId), 'rows', keyword, unmappedOnly] as const,
    queryFn: async ({ signal }) => {
      const [subjects, relations] = await Promise.all([
        loadAllPages((index, size) => call(subjectApi.list, { query: { filter: { accountYearId: sourceYearId, leaf: true, disabled: false }, index, size, sort: { code: 'asc' } } }, { signal })),
        loadAllPages((index, size) => call(subjectRelationApi.list, { query: { filter: { sourceAccountYearId: sourceYearId, targetAccountYearId: targetYearId }, index, size } }, { signal })),
      ]);
      const bySource = new Map(relations.content.map((r) => [r.source.id, r]));
      const q = keyword.trim().toLowerCase();
      const content = subjects.content
        .map((s): RelationRow => ({ id: s.id, code: s.code, name: s.name, nameEn: s.nameEn, auxTypeIds: s.auxTypeIds, relation: bySource.get(s.id) ?? null, targetCode: bySource.get(s.id)?.target.code ?? '' }))
        .filter((r) => !unmappedOnly || !r.relation)
        .filter((r) => !q || r.code.startsWith(q) || r.name.toLowerCase().includes(q) || (r.nameEn ?? '').toLowerCase().includes(q) || (r.relation?.target.code ?? '').startsWith(q));
      return { content, total: content.length };
    },
  });

export function SubjectRelationPage() {
  const { t, i18n } = useTranslation(['subject', 'admin', 'shell', 'errors']);
  const { companyId, accountId, accountYearId } = useScope();
  const english = i18n.language === 'en_US';
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const accounts = useQuery(accountsQueryOptions(companyId));
  const currentYear = accounts.data?.find((a) => a.id === accountId)?.accountYears?.find((y) => y.id === accountYearId);
  const targets = useMemo(
    () => (accounts.data ?? []).filter((a) => a.id !== accountId).flatMap((a) => (a.accountYears ?? []).map((y) => ({ value: String(y.id), label: `${a.name} · ${y.year}`, year: y.year }))),
    [accounts.data, accountId],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  // The target year defaults to the other ledger set's year of the same number.
  const targetValue = chosen && targets.some((o) => o.value === chosen) ? chosen : (targets.find((o) => o.year === currentYear?.year) ?? targets[0])?.value ?? null;
  const targetYearId = targetValue ? Number(targetValue) : null;
  const [unmappedOnly, setUnmappedOnly] = useState(false);
  const [skipped, setSkipped] = useState<Array<{ sourceSubjectId: number; code: string; name: string; reason: string }> | null>(null);
  // The answer names a skipped subject in Chinese only: its English name comes from the source year's subjects.
  const sourceSubjects = useQuery({ ...allSubjectsOptions(accountYearId), enabled: english && !!accountYearId && !!skipped?.length });
  const sourceById = useMemo(() => new Map((sourceSubjects.data?.content ?? []).map((s) => [s.id, s])), [sourceSubjects.data]);
  const [picking, setPicking] = useState<{ row: RelationRow; query: string } | null>(null);
  const current = useRef<RelationRow | null>(null);
  const rows = useRef(new Map<number, RelationRow>());

  const targetSubjects = useQuery({
    queryKey: ['subjects', targetYearId, 'relationTargets'] as const,
    queryFn: ({ signal }) => loadAllPages((index, size) => call(subjectApi.list, { query: { filter: { accountYearId: targetYearId!, leaf: true, disabled: false }, index, size, sort: { code: 'asc' } } }, { signal })),
    enabled: !!targetYearId,
  });
  // Named in the reader's language, found by either name and the mnemonic (the picker adds pinyin initials).
  const options: LookupOption[] = useMemo(() => (targetSubjects.data?.content ?? []).map((s) => bilingualOption({ ...s, value: String(s.id) }, english)), [targetSubjects.data, english]);
  const byId = useMemo(() => new Map((targetSubjects.data?.content ?? []).map((s) => [s.id, s])), [targetSubjects.data]);

  const save = useSaveSubjectRelations(accountYearId, targetYearId);
  const remove = useDeleteSubjectRelations(accountYearId, targetYearId);
  const byCode = useMapByCode(accountYearId, targetYearId);
  const context = useMemo<Ctx>(() => ({ t, english }), [t, english]);
  useEffect(() => setSkipped(null), [targetYearId]);

  if (!accountYearId || !companyId) return <Text c="dimmed">{t('shell:banner.accountYear')}</Text>;

  /** Maps the row to the target subject after the same checks the server makes. */
  const mapTo = (row: RelationRow, target: SubjectDto) => {
    const source = { ...row, leaf: true, disabled: false };
    const drop = droppedAuxTypes(source, target);
    const problem = subjectRelationProblem(mappable(source), mappable(target), drop);
    if (problem) {
      const label = (s: { code: string; name: string; nameEn: string | null }) => `${s.code} ${nameOf(s, english)}`;
      const types = 'auxTypeIds' in problem ? auxNames(problem.auxTypeIds, english) : '';
      // The problem's subject is the source or the target passed in (named here with its English name).
      const subject = 'subject' in problem ? label(problem.subject === source ? row : target) : '';
      notifyError(new Error(t(`errors:${problem.code}`, { subject, source: label(row), target: label(target), types })));
      return;
    }
    save.mutate([{ sourceSubjectId: row.id, targetSubjectId: target.id, dropAuxTypeIds: drop }], {
      onSuccess: () => {
        if (drop.length) notifications.show({ color: 'orange', message: t('subject:relation.droppedNotice', { source: row.code, target: target.code, types: auxNames(drop, english) }) });
      },
    });
  };

  const onCellEditRequest = (e: CellEditRequestEvent<RelationRow>) => {
    const row = e.data;
    if (!row || e.colDef.colId !== 'targetCode') return;
    const text = String(e.newValue ?? '').trim();
    if (!text) {
      if (row.relation) remove.mutate([row.relation.id]);
      return;
    }
    if (row.relation && (text === row.relation.target.code || text === `${row.relation.target.code} ${nameOf(row.relation.target, english)}`)) return;
    const hit = matchLookup(text, options);
    if (hit.ok && hit.value) mapTo(row, byId.get(Number(hit.value))!);
    else setPicking({ row, query: text });
  };

  const runByCode = () => {
    byCode.mutate(undefined, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: t('subject:relation.byCodeDone', { mapped: r.mapped.length, skipped: r.skipped.length }) });
        setSkipped(r.skipped);
      },
    });
  };

  return (
    <Stack gap="xs" onKeyDown={(e) => {
      // F7: the pick list of the focused row (as in the voucher editor).
      if (e.key !== 'F7' || !canEdit || !targetYearId) return;
      const rowId = e.target instanceof HTMLElement ? e.target.closest('.ag-row')?.getAttribute('row-id') : null;
      const row = (rowId ? rows.current.get(Number(rowId)) : undefined) ?? current.current;
      if (row) {
        e.preventDefault();
        setPicking({ row, query: '' });
      }
    }}>
      <Group gap="sm" align="flex-end" wrap="wrap" className={FIELD_ROW}>
        <FirstMatchSelect
          label={t('subject:relation.targetYear')}
          w={320}
          data={targets}
          value={targetValue}
          onChange={(v) => v && setChosen(v)}
          allowDeselect={false}
          nothingFoundMessage={t('subject:relation.noTarget')}
          data-testid="relation-target-year"
        />
        {canEdit && (
          <Button variant="light" disabled={!targetYearId} loading={byCode.isPending} onClick={runByCode} data-testid="relation-by-code">
            {t('subject:relation.byCode')}
          </Button>
        )}
        <Checkbox label={t('subject:relation.unmappedOnly')} checked={unmappedOnly} onChange={(e) => setUnmappedOnly(e.currentTarget.checked)} data-testid="relation-unmapped-only" mb={6} />
      </Group>
      <Text size="sm" c="dimmed">{t('subject:relation.hint')}</Text>
      {!targets.length && accounts.data && <Alert color="orange" data-testid="relation-no-target">{t('subject:relation.noTarget')}</Alert>}
      {skipped && skipped.length > 0 && (
        <Alert color="yellow" withCloseButton onClose={() => setSkipped(null)} data-testid="relation-skipped" p="xs">
          <Text size="sm">{t('subject:relation.skippedTitle', { count: skipped.length })}</Text>
          <Text size="xs" c="dimmed">
            {skipped.slice(0, 12).map((s) => `${s.code} ${nameOf({ name: s.name, nameEn: sourceById.get(s.sourceSubjectId)?.nameEn ?? null }, english)} (${t(`subject:relation.skip.${s.reason}`)})`).join(english ? '; ' : '；')}
            {skipped.length > 12 ? ' …' : ''}
          </Text>
        </Alert>
      )}
      {targetYearId && (
        <ListPage<RelationRow, Ctx>
          gridId="basic.subjectRelation"
          columns={columns}
          query={(req: ListRequest) => rowsOptions(accountYearId, targetYearId, req.keyword, unmappedOnly)}
          resetKey={[accountYearId, targetYearId, unmappedOnly]}
          getRowId={(r) => r.id}
          rowLabel={(r) => `${r.code} ${nameOf(r, english)}`}
          renderers={renderers}
          context={context}
          paged={false}
          emptyText={t('subject:relation.empty')}
          testId="relation-list"
          onCellEditRequest={canEdit ? onCellEditRequest : undefined}
          onCurrentRowChange={(row) => {
            current.current = row;
          }}
          onAnswer={(answer) => {
            rows.current = new Map(answer.content.map((r) => [r.id, r]));
          }}
          actions={[
            { key: 'pick', label: t('subject:relation.pick'), icon: <IconListSearch size={16} />, allowed: canEdit, placement: 'row', selection: 'one', testId: 'relation-pick', run: ([row]) => setPicking({ row, query: '' }) },
          ]}
          remove={{
            allowed: canEdit,
            placement: 'both',
            label: t('subject:relation.remove'),
            testId: 'relation-remove',
            when: (rows) => rows.some((r) => r.relation),
            message: (rows) => t('subject:relation.removeConfirm', { count: rows.filter((r) => r.relation).length }),
            one: async (row) => (row.relation ? remove.mutateAsync([row.relation.id]) : null),
          }}
        />
      )}
      <ListPicker
        opened={picking !== null}
        title={picking ? t('subject:relation.pickTitle', { subject: `${picking.row.code} ${nameOf(picking.row, english)}` }) : ''}
        options={options}
        initialQuery={picking?.query}
        onPick={(value) => {
          const p = picking;
          setPicking(null);
          const target = byId.get(Number(value));
          if (p && target) mapTo(p.row, target);
          if (p) refocus(p.row.id);
        }}
        onClose={() => {
          if (picking) refocus(picking.row.id);
          setPicking(null);
        }}
      />
    </Stack>
  );
}
