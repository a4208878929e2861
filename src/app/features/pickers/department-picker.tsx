/**
 * The department pick-list popup (spec 02 §2.3, §2.10): the company's departments in code order
 * with their ancestor path; only a last-level department can be chosen where a line carries it (a
 * parent is refused with a message; Sure stays disabled on it); a ledger that rolls the tree up
 * (auxiliary ledgers by department) takes a parent too, standing for its whole subtree (`parents`).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DepartmentDto } from '../../../contract/staff';
import type { ListColumn } from '../../../../grids/list/columns';
import { allDepartmentsOptions, departmentListOptions } from '../../queries/staff';
import { NoCompanyPicker } from './no-company-picker';
import { PickerModal } from './picker-modal';
import { departmentPath, leafRefusal, PICKER_SIZES } from './picker-rules';
import './pickers.css';

const columns: ListColumn<DepartmentDto>[] = [
  { field: 'code', headerKey: 'pickers:col.code', width: 130, sortable: true },
  { field: 'name', headerKey: 'pickers:col.name', width: 200, sortable: true },
  { field: 'path', source: '*', headerKey: 'pickers:col.path', minWidth: 260, flex: 1, format: 'path' },
];

export function DepartmentPicker({ opened, companyId, onClose, onChoose, parents = false }: {
  opened: boolean;
  companyId: number | null;
  onClose: () => void;
  /** A parent department may be chosen too (its subtree); otherwise it is refused with the reason. */
  parents?: boolean;
  onChoose: (d: DepartmentDto) => void;
}) {
  const { t } = useTranslation('pickers');
  const { data } = useQuery(allDepartmentsOptions(companyId));
  const all = data?.content;
  const formatters = useMemo(() => ({
    path: (_v: unknown, row: DepartmentDto | undefined) => (row ? departmentPath(all ?? [row], row) : ''),
  }), [all]);
  const title = t('title.department');
  if (opened && !companyId) return <NoCompanyPicker title={title} onClose={onClose} />;
  return (
    <PickerModal<DepartmentDto>
      opened={opened}
      title={title}
      size={PICKER_SIZES.department}
      gridId="picker.department"
      columns={columns}
      formatters={formatters}
      query={(req) => departmentListOptions(companyId!, { ...req, sort: Object.keys(req.sort).length ? req.sort : { code: 'asc' } }, null)}
      getRowId={(d) => d.id}
      keywordPlaceholder={t('keyword')}
      refuse={parents ? undefined : (d) => (leafRefusal(d) === 'notLeaf' ? t('notLeaf', { name: `${d.code} ${d.name}` }) : null)}
      rowClassRules={{ [parents ? 'picker-row-group' : 'picker-row-parent']: (p) => !!p.data && !p.data.leaf }}
      onClose={onClose}
      onChoose={onChoose}
      testId="department-picker"
    />
  );
}
