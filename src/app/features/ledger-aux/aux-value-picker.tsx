/**
 * The pick-list popup of one auxiliary type (the catalogues' own pickers), answering {id, code, name}.
 * Departments and budget items are trees whose parents the ledgers roll up (a parent's row sums its
 * subtree, server features/ledger-aux): a parent may be chosen, standing for its subtree.
 */
import { BudgetPicker } from '../pickers/budget-picker';
import { CustomerPicker } from '../pickers/customer-picker';
import { DepartmentPicker } from '../pickers/department-picker';
import { EmployeePicker } from '../pickers/employee-picker';
import { ProjectPicker } from '../pickers/project-picker';
import { VendorPicker } from '../pickers/vendor-picker';
import type { AuxRef } from './aux-ledger-model';

export function AuxValuePicker({ auxTypeId, opened, companyId, accountId, accountYearId, onClose, onChoose }: {
  auxTypeId: number;
  opened: boolean;
  companyId: number | null;
  accountId: number | null;
  accountYearId: number | null;
  onClose: () => void;
  onChoose: (v: AuxRef) => void;
}) {
  const choose = (v: { id: number; code: string; name: string }) => {
    onChoose({ id: v.id, code: v.code, name: v.name });
    onClose();
  };
  switch (auxTypeId) {
    case 1: return <DepartmentPicker parents opened={opened} companyId={companyId} onClose={onClose} onChoose={choose} />;
    case 2: return <EmployeePicker opened={opened} companyId={companyId} disabled={undefined} onClose={onClose} onChoose={choose} />;
    case 3: return <CustomerPicker opened={opened} companyId={companyId} onClose={onClose} onChoose={choose} />;
    case 4: return <VendorPicker opened={opened} companyId={companyId} accountId={accountId} onClose={onClose} onChoose={choose} />;
    case 5: return <ProjectPicker opened={opened} companyId={companyId} onClose={onClose} onChoose={choose} />;
    default: return <BudgetPicker parents opened={opened} accountYearId={accountYearId} onClose={onClose} onChoose={choose} />;
  }
}
