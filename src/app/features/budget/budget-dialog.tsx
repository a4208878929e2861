/**
 * The budget detail popup (spec 02 §2.2, 750×350): code, name, abbreviation, kind (a child takes its
 * parent's; only a level-1 budget chooses), principal (employee autocomplete, clearable), the code
 * rule text, disabled, and the parent (from the code's prefix). Save, Save and new (Ctrl+Enter: the
 * next code at the same level), Exit (Esc).
 */
import { useMemo } from 'react';
import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Select } from '../common/select';
import { useTranslation } from 'react-i18next';
import { budgetCreateBody, type BudgetDto } from '../../../contract/budget';
import { budgetKinds } from '../../../domain/enums';
import { budgetParentCode, isValidBudgetCode, nextBudgetCode, BUDGET_CODE_LENGTHS } from '../../../domain/budget-code';
import { useCreateBudget, useUpdateBudget } from '../../queries/budgets';
import { FormDialog } from '../common/form-dialog';
import { useEntityForm } from '../common/use-entity-form';
import { EmployeeSelect } from '../staff/employee-select';
import { CodeInput } from '../common/code-input';

export interface BudgetValues extends Record<string, unknown> {
  accountYearId: number;
  code: string;
  name: string;
  abbr: string;
  kind: 'INCOME' | 'OUTCOME';
  principalId: string | null;
  disabled: boolean;
}

export const budgetValues = (accountYearId: number, b?: Partial<BudgetDto> | null): BudgetValues => ({
  accountYearId,
  code: b?.code ?? '',
  name: b?.name ?? '',
  abbr: b?.abbr ?? '',
  kind: b?.kind ?? 'INCOME',
  principalId: b?.principalId ? String(b.principalId) : null,
  disabled: !!b?.disabled,
});

export interface BudgetEditorPayload {
  budget: BudgetDto | null;
  seed?: BudgetValues;
  key?: string;
}

export function BudgetDialog({ opened, payload, accountYearId, companyId, budgets, onClose, onOpen }: {
  opened: boolean;
  payload: BudgetEditorPayload | null;
  accountYearId: number;
  companyId: number;
  budgets: BudgetDto[];
  onClose: () => void;
  onOpen: (p: BudgetEditorPayload) => void;
}) {
  const { t } = useTranslation(['budget', 'admin']);
  const budget = payload?.budget ?? null;
  const isNew = !budget;
  const byCode = useMemo(() => new Map(budgets.map((b) => [b.code, b])), [budgets]);
  const form = useEntityForm({
    schema: budgetCreateBody,
    empty: () => budgetValues(accountYearId),
    required: ['code', 'name'],
    toInput: (v) => ({ ...v, abbr: v.abbr || null, principalId: v.principalId ? Number(v.principalId) : null }),
    rules: (v) => (v.code && !isValidBudgetCode(v.code) ? { code: { key: 'budget:tip2' } } : {}),
    // An empty code or name says 'Please enter', as the subject catalogue's popup (spec 02 §5).
    messages: { code: { blank: { key: 'admin:validation.pleaseEnter' } }, name: { blank: { key: 'admin:validation.pleaseEnter' } } },
    serverFields: { BUDGET_CODE_DUPLICATE: 'code', BUDGET_CODE_INVALID: 'code', BUDGET_PARENT_MISSING: 'code', PARENT_IN_USE: 'code', BUDGET_PARENT_IN_USE: 'code', BUDGET_PARENT_HAS_AMOUNT: 'code' },
  });
  const create = useCreateBudget(accountYearId);
  const update = useUpdateBudget(accountYearId);

  const parentCode = budgetParentCode(form.values.code);
  const parent = parentCode ? byCode.get(parentCode) : undefined;
  // A child's kind is its parent's; only a level-1 budget chooses its own.
  const kind = parent ? parent.kind : form.values.kind;
  const kindLocked = !!parentCode || (!!budget && budget.parentId !== null);
  const codeInput = form.text('code');

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={isNew ? t('newTitle') : t('editTitle')}
      form={form}
      values={payload?.seed ?? (budget ? budgetValues(accountYearId, budget) : undefined)}
      recordKey={payload?.key ?? (budget ? `b${budget.id}` : undefined)}
      onSave={(body) => {
        if (budget) {
          const { accountYearId: _y, code: _c, kind: k, ...rest } = body;
          return update.mutateAsync({ id: budget.id, body: { ...rest, ...(budget.parentId === null ? { kind: k } : {}), version: budget.version } });
        }
        return create.mutateAsync({ ...body, kind: parent ? undefined : body.kind });
      }}
      saveAndNew
      onNew={() => onOpen({ budget: null })}
      nextValues={(saved) => ({ ...saved, code: nextBudgetCode(saved.code) ?? '', name: '', abbr: '' })}
      size={750}
      testId="budget-dialog"
    >
      <Stack gap="sm" mih={250}>
        <SimpleGrid cols={2} spacing="sm">
          <CodeInput
            label={t('field.code')}
            withAsterisk
            data-autofocus={isNew || undefined}
            disabled={!isNew}
            placeholder={t('codeHint')}
            input={codeInput}
            maxLength={8}
            data-testid="budget-code"
          />
          <TextInput label={t('field.name')} withAsterisk data-autofocus={!isNew || undefined} maxLength={50} {...form.text('name')} data-testid="budget-name" />
          <TextInput label={t('field.abbr')} maxLength={50} {...form.text('abbr')} data-testid="budget-abbr" />
          <Select
            label={t('field.kind')}
            withAsterisk
            data={budgetKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            value={kind}
            disabled={kindLocked}
            allowDeselect={false}
            onChange={(v) => v && form.set('kind', v as BudgetValues['kind'])}
            data-testid="budget-kind"
          />
          <EmployeeSelect
            companyId={companyId}
            label={t('field.principal')}
            value={form.values.principalId ? Number(form.values.principalId) : null}
            current={budget?.principal ?? null}
            onChange={(e) => form.set('principalId', e ? String(e.id) : null)}
            error={form.error('principalId')}
            testId="budget-principal"
          />
          <TextInput label={t('field.codeRule')} value={BUDGET_CODE_LENGTHS.join('-')} readOnly data-testid="budget-rule" />
          <TextInput label={t('field.parent')} value={parent ? `${parent.code} ${parent.name}` : parentCode ?? t('noParent')} readOnly data-testid="budget-parent" />
        </SimpleGrid>
        <Checkbox label={t('field.disabled')} {...form.checkbox('disabled')} data-testid="budget-disabled" />
      </Stack>
    </FormDialog>
  );
}
