/**
 * /basic/subjectList: the subject catalogue of the current account year (spec 02 §2.1). Left, the
 * tree panel (`SubjectTreePanel`) filters the list. Right, the list with names indented by level,
 * a show-disabled option, New / Modify (one record only) / Delete (leaf subjects only; the server also refuses used
 * ones) and the detail popup. Export (only when a download base is configured; the ticked rows)
 * runs in the background with the shared export progress bar, then downloads the workbook.
 */
import { useMemo, useState } from 'react';
import { Box, Checkbox, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { SubjectDto } from '../../../contract/subject';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { allSubjectsOptions, codeRuleOptions, subjectListOptions, useDeleteSubjects } from '../../queries/subjects';
import { notifyError } from '../../queries/admin-common';
import { systemConfigQueryOptions } from '../../queries/session';
import { downloadTemplate, importSubjects, startSubjectExport } from '../../queries/export';
import { subjectKeys } from '../../queries/subjects';
import { ImportDialog } from '../common/import-dialog';
import { useExportProgress } from '../common/export-progress';
import { useDialogState } from '../common/confirm-dialog';
import { call } from '../../api/typed-client';
import { subjectApi } from '../../../contract/heads';
import { ListPage } from '../common/list-page';
import { subjectsColumns } from './subjects.columns';
import { SubjectDialog, subjectValues, type SubjectEditorPayload } from './subject-dialog';
import { filterOfNode, TREE_ALL } from './subject-tree';
import { SubjectTreePanel } from './subject-tree-panel';
import { localName } from '../../../domain/names';
import { useTabState } from '../../shell/tab-state';

interface Ctx {
  t: (k: string, o?: Record<string, unknown>) => string;
  english: boolean;
}

// Booleans are drawn as text: AG Grid would otherwise show its own checkbox for a boolean cell.
const renderers = {
  name: (p: ICellRendererParams<SubjectDto, unknown, Ctx>) =>
    p.data ? <span style={{ paddingLeft: (p.data.level - 1) * 16 }} data-testid={`subject-row-${p.data.code}`}>{localName(p.context.english, p.data)}</span> : null,
  direction: (p: ICellRendererParams<SubjectDto, boolean, Ctx>) => p.context.t(p.value ? 'subject:direction.BORROWER' : 'subject:direction.LENDER'),
  yes: (p: ICellRendererParams<SubjectDto, boolean, Ctx>) => (p.value ? p.context.t('subject:yes') : ''),
};

export function SubjectListPage() {
  const { t, i18n } = useTranslation(['subject', 'admin', 'shell']);
  const { accountYearId } = useScope();
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const editor = useDialogState<SubjectEditorPayload>();
  const del = useDeleteSubjects(accountYearId);
  const [node, setNode] = useTabState<string>(`subjects:node:${accountYearId}`, () => TREE_ALL);
  const [showDisabled, setShowDisabled] = useTabState<boolean>(`subjects:showDisabled:${accountYearId}`, () => true);
  const all = useQuery(allSubjectsOptions(accountYearId));
  const rule = useQuery(codeRuleOptions(accountYearId));
  const subjects = useMemo(() => all.data?.content ?? [], [all.data]);
  const config = useQuery(systemConfigQueryOptions());
  const exporter = useExportProgress();
  const qc = useQueryClient();
  const [importing, setImporting] = useState(false);
  const ruleLengths = useMemo(() => rule.data?.levels.map((l) => l.length) ?? [], [rule.data]);

  const filter = useMemo(() => ({ ...filterOfNode(node, subjects), ...(showDisabled ? {} : { disabled: false }) }), [node, subjects, showDisabled]);

  const english = i18n.language === 'en_US';
  const context = useMemo<Ctx>(() => ({ t: (k, o) => t(k, o) as string, english }), [t, english]);
  const formatters = useMemo(() => ({
    kind: (v: unknown) => (v ? t(`subject:kind.${String(v)}`) : ''),
    auxes: (v: unknown) => (Array.isArray(v) ? v.map((id) => t(`subject:aux.${id}`)).join(english ? ', ' : '、') : ''),
  }), [t, english]);

  if (!accountYearId) return <Text c="dimmed">{t('shell:banner.accountYear')}</Text>;

  // A new subject under the chosen parent starts with its code prefix.
  const newPayload = (): SubjectEditorPayload => {
    const parent = node.startsWith('s:') ? subjects.find((s) => s.id === Number(node.slice(2))) : undefined;
    return parent ? { subject: null, seed: { ...subjectValues(accountYearId), code: parent.code }, key: `child${parent.id}${Date.now()}` } : { subject: null, key: `new${Date.now()}` };
  };

  return (
    <Group align="stretch" gap="sm" wrap="nowrap" h="100%">
      <SubjectTreePanel subjects={subjects} value={node} onChange={setNode} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <ListPage<SubjectDto, Ctx>
          gridId="basic.subjectList"
          savedFilters={{
            queryId: 'subject.list',
            scope: `y${accountYearId}`,
            value: { node, showDisabled },
            apply: (f: { node?: typeof node; showDisabled?: boolean }) => {
              if (f.node !== undefined) setNode(f.node);
              setShowDisabled(f.showDisabled ?? true);
            },
          }}
          columns={subjectsColumns}
          query={(req) => subjectListOptions(accountYearId, filter, req)}
          resetKey={[accountYearId, filter]}
          getRowId={(s) => s.id}
          rowLabel={(s) => `${s.code} ${localName(english, s)}`}
          renderers={renderers}
          formatters={formatters}
          context={context}
          keywordPlaceholder={t('keyword')}
          toolbarExtra={exporter.bar}
          filters={<Checkbox label={t('showDisabled')} checked={showDisabled} onChange={(e) => setShowDisabled(e.currentTarget.checked)} data-testid="subject-show-disabled" />}
          actions={[
            { key: 'new', allowed: canEdit, testId: 'subject-new', run: () => editor.open(newPayload()) },
            {
              key: 'edit',
              allowed: canEdit,
              placement: 'both',
              selection: 'some',
              testId: 'subject-edit',
              run: (rows) => (rows.length > 1 ? notifyError(new Error(t('onlyOne'))) : editor.open({ subject: rows[0] })),
            },
            { key: 'template', allowed: canEdit, testId: 'subject-template', run: () => void downloadTemplate('subject').catch(notifyError) },
            { key: 'import', allowed: canEdit, testId: 'subject-import', run: () => setImporting(true) },
            {
              key: 'export',
              // Only when a download base is configured; disabled with no selection (spec 02 §2.1).
              allowed: !!config.data?.downloadBase,
              selection: 'some',
              loading: exporter.running,
              testId: 'subject-export',
              run: async (rows) => {
                if (!rows.length) return notifyError(new Error(t('errors:NO_DATA_TO_EXPORT')));
                try {
                  exporter.start((await startSubjectExport(accountYearId, rows.map((r) => r.id))).token);
                } catch (err) {
                  notifyError(err);
                }
              },
            },
          ]}
          remove={{
            allowed: canEdit,
            placement: 'both',
            testId: 'subject-delete',
            guard: async (rows) => {
              if (!rows.length) return t('selectOne');
              const notLeaf = rows.filter((s) => !s.leaf);
              return notLeaf.length ? t('nonEnd', { codes: notLeaf.map((s) => s.code).join(', ') }) : null;
            },
            // Spec 02 §5: a used subject is refused with its codes before the confirmation, not after it.
            used: (s) => call(subjectApi.used, { query: { id: s.id } }),
            usedMessage: (used) => t('errors:SUBJECT_IN_USE', { codes: used.map((s) => s.code).join(', ') }),
            one: (s) => del.mutateAsync([s.id]),
          }}
          onRowOpen={canEdit ? (s) => editor.open({ subject: s }) : undefined}
          dialogs={
            <>
            <ImportDialog
              opened={importing}
              onClose={() => setImporting(false)}
              onImport={async (file) => {
                const r = await importSubjects(accountYearId, file);
                await qc.invalidateQueries({ queryKey: subjectKeys.year(accountYearId) });
                return r;
              }}
              testId="subject-import-dialog"
            />
            <SubjectDialog
              opened={editor.opened}
              payload={editor.payload}
              accountYearId={accountYearId}
              rule={ruleLengths}
              subjects={subjects}
              onClose={editor.close}
              onOpen={editor.open}
            />
            </>
          }
        />
      </Box>
    </Group>
  );
}
