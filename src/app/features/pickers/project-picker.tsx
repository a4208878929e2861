/**
 * The case (project) pick-list popup (spec 02 §2.5, §2.10): 960×600, code descending, enabled
 * cases only; a keyword search shows at most the first 100 with the cap message.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectDto } from '../../../contract/clients';
import { formatCents } from '../../../domain/money';
import { indexColumn, type ListColumn } from '../../../../grids/list/columns';
import { NoCompanyPicker } from './no-company-picker';
import { PickerModal } from './picker-modal';
import { projectPageOptions } from './picker-queries';
import { PICKER_SIZES } from './picker-rules';

// Spec 02 §2.5 (the list as a selection popup): index, code … defendant; no department, summary or remark.
const columns: ListColumn<ProjectDto>[] = [
  indexColumn(),
  { field: 'code', headerKey: 'pickers:col.code', width: 120, sortable: true },
  { field: 'name', headerKey: 'pickers:col.name', minWidth: 200, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'pickers:col.kind', width: 110, format: 'kind' },
  { field: 'amount', headerKey: 'pickers:col.amount', width: 130, format: 'cents', negative: true, align: 'right', sortable: true },
  { field: 'clientNames', headerKey: 'pickers:col.clients', width: 160 },
  { field: 'oppParty', headerKey: 'clients:project.oppParty', width: 140 },
  { field: 'principalNames', headerKey: 'pickers:col.principals', width: 130 },
  { field: 'plaintiff', headerKey: 'clients:project.plaintiff', width: 120 },
  { field: 'defendant', headerKey: 'clients:project.defendant', width: 120 },
];

export function ProjectPicker({ opened, companyId, onClose, onChoose }: {
  opened: boolean;
  companyId: number | null;
  onClose: () => void;
  onChoose: (p: ProjectDto) => void;
}) {
  const { t } = useTranslation(['pickers', 'clients']);
  const formatters = useMemo(() => ({
    kind: (v: unknown) => (v ? t(`clients:project.kinds.${String(v)}`) : ''),
    cents: (v: unknown) => (typeof v === 'number' ? formatCents(v) : ''),
  }), [t]);
  const title = t('pickers:title.project');
  if (opened && !companyId) return <NoCompanyPicker title={title} onClose={onClose} />;
  return (
    <PickerModal<ProjectDto>
      opened={opened}
      title={title}
      size={PICKER_SIZES.project}
      gridId="picker.project"
      columns={columns}
      formatters={formatters}
      query={(req) => projectPageOptions(companyId!, req)}
      initialSort={{ code: 'desc' }}
      getRowId={(p) => p.id}
      keywordPlaceholder={t('pickers:keyword')}
      capKeywordResults
      onClose={onClose}
      onChoose={onChoose}
      testId="project-picker"
    />
  );
}
