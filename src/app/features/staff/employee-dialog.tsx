/**
 * The employee editor (500×450, spec 02 §2.3): code, name, sex, department (last-level only),
 * phone, position, birthday, salesman, entry and leave dates, disabled, remark; Copy when editing.
 * A false `disabled` is sent as null (spec 02 §4).
 */
import { useEffect, useMemo } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Select } from '../common/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { employeeCreateBody, type EmployeeDto } from '../../../contract/staff';
import { disabledOnWire } from '../../../domain/staff';
import { allDepartmentsOptions, useSaveEmployee } from '../../queries/staff';
import { DateField } from '../common/date-field';
import { FormDialog } from '../common/form-dialog';
import { DepartmentField } from '../pickers/department-field';
import { useEntityForm } from '../common/use-entity-form';

export interface EmployeeValues extends Record<string, unknown> {
  code: string;
  name: string;
  sex: string | null;
  departmentId: string | null;
  phone: string;
  position: string;
  birthday: string | null;
  salesman: boolean;
  entryDate: string | null;
  leaveDate: string | null;
  disabled: boolean;
  remark: string;
}

export const employeeValues = (e?: EmployeeDto | null, departmentId?: number | null): EmployeeValues => ({
  code: e?.code ?? '',
  name: e?.name ?? '',
  sex: e?.sex === 0 || e?.sex === 1 ? String(e.sex) : null,
  departmentId: e ? String(e.departmentId) : departmentId ? String(departmentId) : null,
  phone: e?.phone ?? '',
  position: e?.position ?? '',
  birthday: e?.birthday ?? null,
  salesman: e?.salesman ?? false,
  entryDate: e?.entryDate ?? null,
  leaveDate: e?.leaveDate ?? null,
  disabled: e?.disabled ?? false,
  remark: e?.remark ?? '',
});

export function EmployeeDialog({ opened, companyId, employee, copyOf, departmentId, onClose, onOpen, onSaved }: {
  opened: boolean;
  companyId: number;
  /** The record edited; null for a new one. */
  employee: EmployeeDto | null;
  /** A new record starting from another's values (Copy). */
  copyOf?: EmployeeDto | null;
  /** The department chosen in the tree, preset for a new record when it is a last-level one. */
  departmentId: number | null;
  onClose: () => void;
  onOpen: (next: { employee: EmployeeDto | null; copyOf?: EmployeeDto | null }) => void;
  /** The employee as stored by a save (the vendor form's add-employee takes it as the owner). */
  onSaved?: (saved: EmployeeDto) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const save = useSaveEmployee(companyId);
  const { data: depts } = useQuery(allDepartmentsOptions(companyId));
  const leaves = useMemo(() => (depts?.content ?? []).filter((d) => d.leaf), [depts]);
  const presetDept = departmentId && leaves.some((d) => d.id === departmentId) ? departmentId : null;
  const form = useEntityForm({
    schema: employeeCreateBody,
    empty: () => employeeValues(null, presetDept),
    required: ['code', 'name', 'departmentId'],
    toInput: (v) => ({
      ...v,
      companyId,
      sex: v.sex === null ? null : Number(v.sex),
      departmentId: v.departmentId === null ? undefined : Number(v.departmentId),
      disabled: disabledOnWire(v.disabled),
    }),
    // Spec 02 §5: code and name 'Please enter the correct content' (a name of 2 to 18 characters),
    // no department 'Please select'.
    messages: {
      code: { blank: { key: 'admin:validation.correctContent' } },
      name: { key: 'admin:employee.nameRule' },
      departmentId: { key: 'admin:employee.pleaseSelect' },
    },
    serverFields: { DATA_DUPLICATION: 'code', DEPARTMENT_NOT_LEAF: 'departmentId' },
  });
  const source = employee ?? copyOf ?? null;
  // The tree's department may become known only once the department list arrives (a department
  // just created elsewhere): a new record still without one takes it then.
  const presetValue = presetDept === null ? null : String(presetDept);
  useEffect(() => {
    if (opened && !source && presetValue !== null && form.values.departmentId === null) form.preset('departmentId', presetValue);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, source, presetValue]);
  const values = source ? { ...employeeValues(source), ...(copyOf ? { code: '' } : {}) } : undefined;
  // Typed as every date of the app is (2026/9/1, 20260901; DateField: one Tab goes from date to
  // date): emptying the text clears the date.
  const dateProps = (name: 'birthday' | 'entryDate' | 'leaveDate') => ({
    ...form.field(name),
    value: form.values[name],
    onChange: (v: string) => form.set(name, v || null),
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={employee ? t('admin:employee.editTitle', { name: employee.name }) : t('admin:employee.newTitle')}
      form={form}
      values={values}
      recordKey={employee ? employee.id : copyOf ? `copy-${copyOf.id}` : 'new'}
      onSave={(parsed) => {
        const body = { ...parsed, disabled: disabledOnWire(parsed.disabled) };
        const saving = employee ? save.mutateAsync({ id: employee.id, body: { ...body, version: employee.version } }) : save.mutateAsync({ id: null, body });
        return saving.then((saved) => {
          onSaved?.(saved);
          return saved;
        });
      }}
      saveAndNew
      onNew={() => onOpen({ employee: null })}
      size={500}
      footerLeft={employee ? <Button variant="default" onClick={() => onOpen({ employee: null, copyOf: employee })} data-testid="employee-copy">{t('admin:employee.copy')}</Button> : undefined}
      testId="employee-dialog"
    >
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        <TextInput label={t('admin:employee.code')} withAsterisk data-autofocus {...form.text('code')} data-testid="employee-code" />
        <TextInput label={t('admin:employee.name')} withAsterisk {...form.text('name')} data-testid="employee-name" />
        <Select
          label={t('admin:employee.sex')}
          data={[{ value: '1', label: t('admin:employee.sexes.1') }, { value: '0', label: t('admin:employee.sexes.0') }]}
          clearable
          {...form.field('sex')}
          data-testid="employee-sex"
        />
        <DepartmentField
          label={t('admin:employee.department')}
          withAsterisk
          companyId={companyId}
          {...form.field('departmentId')}
          value={form.values.departmentId}
          onChange={(v) => form.set('departmentId', v)}
          testId="employee-department"
        />
        <TextInput label={t('admin:employee.phone')} {...form.text('phone')} data-testid="employee-phone" />
        <TextInput label={t('admin:employee.position')} {...form.text('position')} data-testid="employee-position" />
        <DateField label={t('admin:employee.birthday')} {...dateProps('birthday')} data-testid="employee-birthday" />
        <DateField label={t('admin:employee.entryDate')} {...dateProps('entryDate')} data-testid="employee-entry-date" />
        <DateField label={t('admin:employee.leaveDate')} {...dateProps('leaveDate')} data-testid="employee-leave-date" />
        <Group gap="md" mt={24}>
          <Checkbox label={t('admin:employee.salesman')} {...form.checkbox('salesman')} data-testid="employee-salesman" />
          <Checkbox label={t('admin:employee.disabled')} {...form.checkbox('disabled')} data-testid="employee-disabled" />
        </Group>
      </SimpleGrid>
      <Textarea label={t('admin:employee.remark')} autosize minRows={2} maxRows={3} {...form.text('remark')} />
    </FormDialog>
  );
}
