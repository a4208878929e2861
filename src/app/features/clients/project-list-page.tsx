/**
 * /project/list (spec 02 §2.5): the company's projects, code descending, filtered by the server's
 * visibility rule (projects the user's employee directs unless ADMIN or right 501); keyword; New,
 * Edit (800×650) and Delete (after the used-check) with the project operation right (502);
 * double-click or View opens the 1000×650 view.
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProjectDto } from '../../../contract/clients';
import { formatCents } from '../../../domain/money';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { clientKeys, projectListOptions, projectUsed, useDeleteProject } from '../../queries/clients';
import { useDialogState } from '../common/confirm-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { useListTransfer } from '../common/list-transfer';
import { formatDateTime } from '../common/row-actions';
import { ProjectDialog } from './project-dialog';
import { ProjectViewDialog } from './project-view-dialog';
import { projectsColumns } from './projects.columns';

export function ProjectListPage() {
  const { t } = useTranslation(['clients', 'admin', 'common', 'errors']);
  const { companyId } = useScope();
  const canOperate = useHasRight(RIGHTS.PROJECT_OPERATE);
  const editor = useDialogState<{ project: ProjectDto | null }>();
  const viewer = useDialogState<ProjectDto>();
  const del = useDeleteProject(companyId);
  const qc = useQueryClient();
  const transfer = useListTransfer<ProjectDto>({ kind: 'project', scope: companyId ? { companyId } : null, canImport: canOperate, refresh: () => qc.invalidateQueries({ queryKey: clientKeys.projects(companyId) }) });
  const formatters = useMemo(() => ({
    kind: (v: unknown) => (typeof v === 'string' ? t(`clients:project.kinds.${v}`) : ''),
    cents: (v: unknown) => (typeof v === 'number' ? formatCents(v) : ''),
    yesNo: (v: unknown) => (v ? t('clients:project.yes') : ''),
    dateTime: formatDateTime,
  }), [t]);

  if (!companyId) return <NoCompany />;
  return (
    <ListPage<ProjectDto>
      gridId="project.list"
      savedFilters={{ queryId: 'project.list', scope: `c${companyId}` }}
      columns={projectsColumns}
      query={(req) => projectListOptions(companyId, req)}
      resetKey={{ companyId }}
      getRowId={(p) => p.id}
      rowLabel={(p) => `${p.code} ${p.name}`}
      formatters={formatters}
      keywordPlaceholder={t('clients:project.keyword')}
      rowClassRules={{ 'ld-row-muted': (p) => !!p.data?.disabled }}
      onRowOpen={(p) => viewer.open(p)}
      actions={[
        { key: 'new', allowed: canOperate, testId: 'project-new', run: () => editor.open({ project: null }) },
        { key: 'view', placement: 'row', run: ([p]) => viewer.open(p) },
        { key: 'edit', allowed: canOperate, placement: 'both', run: ([p]) => editor.open({ project: p }) },
        ...transfer.actions,
      ]}
      toolbarExtra={transfer.bar}
      remove={{
        allowed: canOperate,
        placement: 'both',
        used: (p) => projectUsed(p.id),
        one: (p) => del.mutateAsync(p.id),
      }}
      dialogs={
        <>
          {transfer.dialog}
          <ProjectDialog
            opened={editor.opened}
            companyId={companyId}
            project={editor.payload?.project ?? null}
            onClose={editor.close}
            onNew={() => editor.open({ project: null })}
          />
          <ProjectViewDialog
            project={viewer.opened ? viewer.payload ?? null : null}
            canOperate={canOperate}
            onClose={viewer.close}
            onEdit={(p) => {
              viewer.close();
              editor.open({ project: p });
            }}
            onNew={() => {
              viewer.close();
              editor.open({ project: null });
            }}
          />
        </>
      }
    />
  );
}
