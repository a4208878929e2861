/**
 * The auxiliary value popup of spec 02 §2.1 (600×400): a subject the books already use gains
 * auxiliary types (tip7); the existing voucher lines need one value per new type, chosen here with
 * the master-data pickers. Every value is required; Confirm answers them, Cancel answers null.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Input, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DepartmentField } from '../pickers/department-field';
import { EmployeeField } from '../pickers/employee-field';
import { VendorField } from '../pickers/vendor-field';
import { CustomerPicker } from '../pickers/customer-picker';
import { ProjectPicker } from '../pickers/project-picker';
import { BudgetPicker } from '../pickers/budget-picker';
import { PickerIcon } from '../pickers/picker-icon';

export interface AuxValue {
  auxTypeId: number;
  id: number;
}

interface Chosen {
  id: number;
  label: string;
}

interface Props {
  opened: boolean;
  /** The newly added auxiliary type ids (1 department … 6 budget). */
  auxTypeIds: number[];
  companyId: number | null;
  accountId: number | null;
  accountYearId: number | null;
  onCancel: () => void;
  onConfirm: (values: AuxValue[]) => void;
}

/** A read-only box showing the chosen record, with the picker icon (Tab to it, Enter or F7 opens the popup). */
function PickedBox({ label, chosen, error, onOpen, testId }: { label: string; chosen: Chosen | undefined; error?: string; onOpen: () => void; testId: string }) {
  return (
    <Input.Wrapper label={label} withAsterisk error={error}>
      <Input
        readOnly
        value={chosen?.label ?? ''}
        error={!!error}
        rightSection={<PickerIcon onOpen={onOpen} testId={`${testId}-open`} />}
        rightSectionPointerEvents="all"
        onKeyDown={(e) => {
          if (e.key === 'F7' || e.key === 'Enter' || e.key === 'ArrowDown') {
            e.preventDefault();
            onOpen();
          }
        }}
        data-testid={testId}
      />
    </Input.Wrapper>
  );
}

export function AuxValuesDialog({ opened, auxTypeIds, companyId, accountId, accountYearId, onCancel, onConfirm }: Props) {
  const { t } = useTranslation(['subject', 'common']);
  const [chosen, setChosen] = useState<Record<number, Chosen | undefined>>({});
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const [picking, setPicking] = useState<number | null>(null);
  const choose = (typeId: number, c: Chosen | null) => {
    setChosen((m) => ({ ...m, [typeId]: c ?? undefined }));
    if (c) setErrors((e) => ({ ...e, [typeId]: undefined }));
  };
  const label = (typeId: number) => t(`subject:aux.${typeId}`);
  const confirm = () => {
    const missing = auxTypeIds.filter((id) => !chosen[id]);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((id) => [id, t('subject:auxValues.required', { label: label(id) })])));
      return;
    }
    onConfirm(auxTypeIds.map((id) => ({ auxTypeId: id, id: chosen[id]!.id })));
  };

  const field = (typeId: number) => {
    const testId = `aux-value-${typeId}`;
    const error = errors[typeId];
    switch (typeId) {
      case 1:
        return (
          <DepartmentField companyId={companyId} value={chosen[1] ? String(chosen[1].id) : null} label={label(1)} withAsterisk error={error} testId={testId}
            onChange={(id) => choose(1, id ? { id: Number(id), label: id } : null)} />
        );
      case 2:
        return (
          <EmployeeField companyId={companyId} value={chosen[2]?.id ?? null} label={label(2)} withAsterisk large error={error} testId={testId}
            onChange={(e) => choose(2, e ? { id: e.id, label: `${e.code} ${e.name}` } : null)} />
        );
      case 4:
        return (
          <VendorField companyId={companyId} accountId={accountId} value={chosen[4]?.id ?? null} label={label(4)} error={error} testId={testId}
            onChange={(v) => choose(4, v ? { id: v.id, label: `${v.code} ${v.name}` } : null)} />
        );
      default:
        return <PickedBox label={label(typeId)} chosen={chosen[typeId]} error={error} onOpen={() => setPicking(typeId)} testId={testId} />;
    }
  };

  // The popup opens over the subject dialog: the caret goes into its first value's box. (A
  // `data-autofocus` on the field's wrapper did nothing, a <div> takes no focus, so the caret stayed
  // in the subject dialog behind, whose focus trap kept Tab there: no way in without the mouse.)
  const firstField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened) return;
    let frame = requestAnimationFrame(function place() {
      const box = firstField.current?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])');
      if (!box) {
        frame = requestAnimationFrame(place);
        return;
      }
      // Marked too, so the popup's own focus trap (a moment later) takes the same box, not its first button.
      box.setAttribute('data-autofocus', '');
      if (!box.contains(document.activeElement)) box.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [opened]);

  return (
    <>
      <Modal opened={opened} onClose={onCancel} title={t('subject:auxValues.title')} size={600} centered>
        <Stack gap="sm" mih={300} data-testid="aux-values-dialog">
          <Text size="sm" c="dimmed">{t('subject:auxValues.hint')}</Text>
          {auxTypeIds.map((id) => <div key={id} ref={id === auxTypeIds[0] ? firstField : undefined}>{field(id)}</div>)}
          <Group justify="flex-end" mt="auto">
            <Button variant="default" onClick={onCancel} data-testid="aux-values-cancel">{t('common:cancel')}</Button>
            <Button onClick={confirm} data-testid="aux-values-ok">{t('common:confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
      <CustomerPicker opened={picking === 3} companyId={companyId} onClose={() => setPicking(null)}
        onChoose={(c) => { choose(3, { id: c.id, label: `${c.code} ${c.name}` }); setPicking(null); }} />
      <ProjectPicker opened={picking === 5} companyId={companyId} onClose={() => setPicking(null)}
        onChoose={(p) => { choose(5, { id: p.id, label: `${p.code} ${p.name}` }); setPicking(null); }} />
      <BudgetPicker opened={picking === 6} accountYearId={accountYearId} onClose={() => setPicking(null)}
        onChoose={(b) => { choose(6, { id: b.id, label: `${b.code} ${b.name}` }); setPicking(null); }} />
    </>
  );
}
