/**
 * The auxiliary-entry popup of a voucher line: the kit's entry grid with one column per
 * auxiliary type of the subject plus the direction and the amount (voucher-aux.ts), F7 /
 * unresolved text opens the pick list of the column's type (借 / 贷 in the direction column). Confirm (Ctrl+S)
 * checks '[label] is required' and hands the entries back. Esc cancels a cell's edit first; closing
 * the popup with changes asks first (common/grid-dialog.tsx).
 */
import { useMemo, useRef, useState, type ReactElement } from 'react';
import { Button, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EntryGrid, type EntryGridHandle, type PickerHook } from '../../../../grids/entry-grid';
import { useListPicker } from '../../../../grids/list-picker';
import type { SheetRow } from '../../../../grids/sheet-schema';
import { commitOpenEditor } from '../../../../grids/commit-open-editor';
import { useSheet } from '../../../../grids/use-sheet';
import type { VoucherKitRow } from '../../../../grids/voucher-kit.columns';
import { GRID_DIALOG_CONFIRM_KEY, GRID_DIALOG_CONFIRM_SHORTCUT, useGridDialog } from '../common/grid-dialog';
import { auxPopupChanged, auxPopupSchema, auxRefusalCell, checkAuxPopup, popupRowOfLine, sideOf, type AuxEntry, type AuxPopupRow } from './voucher-aux';
import type { VoucherCatalog } from './voucher-catalog';

export interface AuxPopupProps {
  line: VoucherKitRow;
  catalog: VoucherCatalog;
  onConfirm: (entries: AuxEntry[]) => void;
  onCancel: () => void;
}

/**
 * The F7 pick lists of an auxiliary popup's grid (the voucher's and the opening balances'): one per
 * auxiliary type column (`aux<type>`), and the direction column.
 */
export function useAuxPopupPickers<R extends SheetRow>(types: readonly number[], catalog: VoucherCatalog): { pickers: Record<string, PickerHook<R>>; picker: ReactElement } {
  const { t } = useTranslation('voucher');
  const { open, picker } = useListPicker<R>();
  const debit = t('voucher:auxDirection.debit');
  const credit = t('voucher:auxDirection.credit');
  const pickers = useMemo<Record<string, PickerHook<R>>>(() => {
    const byType = types.map((type): [string, PickerHook<R>] => [
      `aux${type}`,
      (request) => open(request, { title: t('voucher:picker.aux', { type: t(`voucher:auxTypes.${type}`) }), options: catalog.auxOptions(type) }),
    ]);
    const directions = [
      { value: 'debit', code: '1', name: debit },
      { value: 'credit', code: '2', name: credit },
    ];
    return { ...Object.fromEntries(byType), direction: (request) => open(request, { title: t('voucher:auxDirection.picker'), options: directions }) };
  }, [types, catalog, open, t, debit, credit]);
  return { pickers, picker };
}

/**
 * The popup as wide as its columns (index, one per auxiliary type, direction, the amount's digit
 * cells) and the dialog's padding: a subject with four types showed its amount only by scrolling.
 * Never wider than the window.
 */
export const auxPopupWidth = (typeCount: number) => `min(${Math.max(780, 52 + 90 + 200 + 160 * typeCount + 64)}px, 96vw)`;

export function AuxPopup({ line, catalog, onConfirm, onCancel }: AuxPopupProps) {
  const { t } = useTranslation(['voucher', 'grid']);
  const types = catalog.auxTypesOf(line.subjectId);
  const debitLabel = t('voucher:auxDirection.debit');
  const creditLabel = t('voucher:auxDirection.credit');
  const schema = useMemo(() => auxPopupSchema(types, catalog, { debit: debitLabel, credit: creditLabel }), [types, catalog, debitLabel, creditLabel]);
  // A line without an amount yet starts on its subject's side (a revenue subject on credit).
  const subjectDebit = catalog.subjectOf(line.subjectId)?.direction;
  const [initialRows] = useState(() => [popupRowOfLine(line, subjectDebit)]);
  const [state, dispatch, current] = useSheet(schema, initialRows);
  const { pickers, picker } = useAuxPopupPickers<AuxPopupRow>(types, catalog);
  const [error, setError] = useState<string | null>(null);
  const gridRef = useRef<EntryGridHandle>(null);

  const confirm = () => {
    // The cell being typed in is committed first (through dispatch): the rows are read after it.
    void commitOpenEditor(gridRef.current?.api()).then(() => {
      const check = checkAuxPopup(current().rows, types, sideOf(line, subjectDebit));
      if (!check.ok) {
        setError(
          check.missingType === null
            ? t('voucher:messages.auxAmountRequired', { row: check.row + 1 })
            : t('voucher:messages.auxRequired', { row: check.row + 1, label: t(`voucher:auxTypes.${check.missingType}`) }),
        );
        // The caret goes to the cell the refusal names.
        const at = auxRefusalCell(current().rows, check);
        if (at) gridRef.current?.focusCell(at.rowId, at.field);
        return;
      }
      onConfirm(check.entries);
    });
  };
  const dialog = useGridDialog({ dirty: auxPopupChanged(initialRows, state.rows), onClose: onCancel, onConfirm: confirm, message: t('voucher:aux.unsaved') });

  return (
    <>
    <Modal opened {...dialog.modalProps} title={t('voucher:aux.title', { subject: catalog.subjectLabel(line.subjectId ?? '') })} size={auxPopupWidth(types.length)} centered data-testid="voucher-aux-popup">
      <Stack gap="xs">
        <EntryGrid schema={schema} state={state} dispatch={dispatch} pickers={pickers} autoFocus testId="voucher-aux-grid" handleRef={gridRef} />
        <Text size="xs" c="dimmed">
          {t('voucher:aux.hint')}
        </Text>
        {error && (
          <Text size="sm" c="red" data-testid="voucher-aux-error">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={dialog.requestClose} aria-keyshortcuts="Escape" data-testid="voucher-aux-cancel">
            {t('voucher:aux.cancel')} <Kbd ml={6} size="xs">Esc</Kbd>
          </Button>
          <Button onClick={confirm} aria-keyshortcuts={GRID_DIALOG_CONFIRM_SHORTCUT} data-testid="voucher-aux-confirm">
            {t('voucher:aux.confirm')} <Kbd ml={6} size="xs">{GRID_DIALOG_CONFIRM_KEY}</Kbd>
          </Button>
        </Group>
      </Stack>
      {picker}
    </Modal>
    {dialog.question}
    </>
  );
}
