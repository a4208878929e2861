/**
 * The subject catalogue in popup mode (spec 02 §2.1): the catalogue's tree panel and list in a
 * popup with Cancel and Sure (Sure disabled until a row is current); Enter or double-click chooses.
 * Disabled subjects are hidden unless "show disabled" is ticked. `leafOnly` refuses a subject with
 * sub-subjects (voucher lines and specific subjects take last-level subjects); `refuse` adds the
 * caller's own rule (a specific subject's kind). Its keyword box searches as the voucher cell does
 * (code, name in either language, mnemonic, pinyin initials: picker-rules.ts searchSubjectsLocally)
 * over the year's subjects it holds for the tree; names show in the reader's language.
 */
import { useMemo, useState } from 'react';
import { Checkbox } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubjectDto } from '../../../contract/subject';
import type { ListColumn } from '../../../../grids/list/columns';
import { allSubjectsOptions, subjectKeys, subjectListOptions } from '../../queries/subjects';
import { usePinyinInitials } from '../../../../grids/pinyin-initials';
import { filterOfNode, TREE_ALL } from '../subject/subject-tree';
import { SubjectTreePanel } from '../subject/subject-tree-panel';
import { PickerModal, pickerSideHeight } from './picker-modal';
import { leafRefusal, PICKER_SIZES, searchSubjectsLocally } from './picker-rules';
import './pickers.css';
import { localName } from '../../../domain/names';

const columns: ListColumn<SubjectDto>[] = [
  { field: 'level', headerKey: 'pickers:col.level', width: 60, align: 'center' },
  { field: 'code', headerKey: 'pickers:col.code', width: 110, sortable: true },
  { field: 'name', source: '*', headerKey: 'pickers:col.name', minWidth: 180, flex: 1, format: 'indented' },
  { field: 'kind', headerKey: 'pickers:col.kind', width: 80, format: 'kind' },
  // Booleans are drawn as text by renderers: AG Grid would otherwise show its own checkbox.
  { field: 'direction', headerKey: 'pickers:col.direction', width: 84, renderer: 'direction' },
  { field: 'auxTypeIds', headerKey: 'pickers:col.auxes', width: 120, format: 'auxes' },
  { field: 'disabled', headerKey: 'pickers:col.disabled', width: 84, renderer: 'yesNo' },
];

export function SubjectPicker({ opened, accountYearId, leafOnly = true, refuse, onClose, onChoose, testId = 'subject-picker' }: {
  opened: boolean;
  accountYearId: number | null;
  leafOnly?: boolean;
  /** The caller's own refusal (a message), checked after the leaf rule. */
  refuse?: (s: SubjectDto) => string | null;
  onClose: () => void;
  onChoose: (s: SubjectDto) => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation(['pickers', 'subject']);
  const english = i18n.language === 'en_US';
  const [node, setNode] = useState(TREE_ALL);
  const [showDisabled, setShowDisabled] = useState(false);
  const all = useQuery({ ...allSubjectsOptions(accountYearId), enabled: opened && !!accountYearId });
  const subjects = useMemo(() => all.data?.content ?? [], [all.data]);
  const filter = useMemo(() => ({ ...filterOfNode(node, subjects), ...(showDisabled ? {} : { disabled: false }) }), [node, subjects, showDisabled]);
  const initialsOf = usePinyinInitials(opened);
  const nameOf = (s: SubjectDto) => localName(english, s);
  const formatters = useMemo(() => ({
    indented: (_: unknown, row: SubjectDto | undefined) => (row ? `${'\u3000'.repeat(Math.max(0, row.level - 1))}${nameOf(row)}` : ''),
    kind: (v: unknown) => (v ? t(`subject:kind.${String(v)}`) : ''),
    auxes: (v: unknown) => (Array.isArray(v) ? v.map((id) => t(`subject:aux.${id}`)).join(english ? ', ' : '、') : ''),
    // nameOf reads `english`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [t, english]);
  const renderers = useMemo(() => ({
    direction: (p: { value?: unknown }) => t(p.value ? 'subject:direction.BORROWER' : 'subject:direction.LENDER'),
    yesNo: (p: { value?: unknown }) => (p.value ? t('pickers:yes') : ''),
  }), [t]);
  if (!accountYearId) return null;
  const size = PICKER_SIZES.subject;
  return (
    <PickerModal<SubjectDto>
      opened={opened}
      title={t('pickers:title.subject')}
      size={size}
      gridId="picker.subject"
      columns={columns}
      formatters={formatters}
      renderers={renderers}
      // A keyword is searched here, over the year's subjects (the server knows no pinyin initials).
      query={(req) => req.keyword && all.data ? queryOptions({
        queryKey: [...subjectKeys.list(accountYearId, filter, req), 'local', all.dataUpdatedAt, english, !!initialsOf] as const,
        queryFn: () => searchSubjectsLocally(subjects, filter, req, english, initialsOf),
      }) : subjectListOptions(accountYearId, filter, req)}
      resetKey={[accountYearId, filter]}
      getRowId={(s) => s.id}
      keywordPlaceholder={t('pickers:keyword')}
      filters={<Checkbox size="xs" label={t('subject:showDisabled')} checked={showDisabled} onChange={(e) => setShowDisabled(e.currentTarget.checked)} data-testid={`${testId}-show-disabled`} />}
      side={<SubjectTreePanel subjects={subjects} value={node} onChange={setNode} height={pickerSideHeight(size, { refuses: true })} testId={`${testId}-tree`} />}
      refuse={(s) => {
        if (leafOnly && leafRefusal(s) === 'notLeaf') return t('pickers:notLeaf', { name: `${s.code} ${nameOf(s)}` });
        if (s.disabled) return t('pickers:disabled', { name: `${s.code} ${nameOf(s)}` });
        return refuse?.(s) ?? null;
      }}
      rowClassRules={{ 'picker-row-parent': (p) => !!p.data && !p.data.leaf }}
      onClose={onClose}
      onChoose={onChoose}
      testId={testId}
    />
  );
}
