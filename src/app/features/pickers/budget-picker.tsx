/**
 * The budget pick-list popup (spec 02 §2.2, §2.10): 850×700, the year's enabled budgets in tree
 * (code) order with names indented by level. Only a last-level budget can be chosen where a line
 * carries the item (voucher and opening lines, a subject's values); a report that rolls the tree up
 * (budget execution) takes a parent too, standing for its whole subtree (`parents`).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BudgetDto } from '../../../contract/budget';
import type { ListColumn } from '../../../../grids/list/columns';
import { PickerModal } from './picker-modal';
import { budgetPageOptions } from './picker-queries';
import { leafRefusal, PICKER_SIZES } from './picker-rules';
import './pickers.css';

const columns: ListColumn<BudgetDto>[] = [
  { field: 'level', headerKey: 'pickers:col.level', width: 70, align: 'center' },
  { field: 'code', headerKey: 'pickers:col.code', width: 120 },
  { field: 'name', headerKey: 'pickers:col.name', minWidth: 220, flex: 1, format: 'indented' },
  { field: 'kind', headerKey: 'pickers:col.kind', width: 90, format: 'kind' },
  { field: 'principal', headerKey: 'pickers:col.principal', width: 120, format: 'ref' },
];

export function BudgetPicker({ opened, accountYearId, onClose, onChoose, parents = false }: {
  opened: boolean;
  accountYearId: number | null;
  onClose: () => void;
  /** A parent item may be chosen too (its subtree); otherwise it is refused with the reason. */
  parents?: boolean;
  onChoose: (b: BudgetDto) => void;
}) {
  const { t } = useTranslation(['pickers', 'budget']);
  const formatters = useMemo(() => ({
    indented: (v: unknown, row: BudgetDto | undefined) => `${'\u3000'.repeat(Math.max(0, (row?.level ?? 1) - 1))}${String(v ?? '')}`,
    kind: (v: unknown) => (v ? t(`budget:kind.${String(v)}`) : ''),
    ref: (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: string }).name) : ''),
  }), [t]);
  if (!accountYearId) return null;
  return (
    <PickerModal<BudgetDto>
      opened={opened}
      title={t('pickers:title.budget')}
      size={PICKER_SIZES.budget}
      gridId="picker.budget"
      columns={columns}
      formatters={formatters}
      query={(req) => budgetPageOptions(accountYearId, req)}
      getRowId={(b) => b.id}
      keywordPlaceholder={t('pickers:keyword')}
      refuse={parents ? undefined : (b) => (leafRefusal(b) === 'notLeaf' ? t('pickers:notLeaf', { name: `${b.code} ${b.name}` }) : null)}
      rowClassRules={{ [parents ? 'picker-row-group' : 'picker-row-parent']: (p) => !!p.data && !p.data.leaf }}
      onClose={onClose}
      onChoose={onChoose}
      testId="budget-picker"
    />
  );
}
