/**
 * The auxiliary breakdown of a subject's opening (F7 on an auxiliary subject): the voucher's
 * auxiliary-entry sheet (one column per auxiliary type of the subject, the side, the amount; F7 or
 * unresolved text opens the pick list of the column's type) plus the year-to-date debit and credit
 * of a set started mid-year. Confirm (Ctrl+S) checks '[label] is required' like the voucher popup and saves
 * the whole breakdown (POST /opening/aux); the subject's opening becomes its sum. Esc cancels a
 * cell's edit first; closing with changes asks first (common/grid-dialog.tsx).
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Button, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EntryGrid, type EntryGridHandle } from '../../../../grids/entry-grid';
import { commitOpenEditor } from '../../../../grids/commit-open-editor';
import { useSheet } from '../../../../grids/use-sheet';
import type { SheetSchema } from '../../../../grids/sheet-schema';
import { VOUCHER_LINE_MAX_CENTS } from '../../../domain/constants';
import { openingApi } from '../../../contract/heads';
import { call } from '../../api/typed-client';
import { useAuxPopupPickers } from '../voucher/aux-popup';
import { auxPopupChanged, auxPopupSchema, auxRefusalCell, checkAuxPopup } from '../voucher/voucher-aux';
import type { VoucherCatalog } from '../voucher/voucher-catalog';
import { GRID_DIALOG_CONFIRM_KEY, GRID_DIALOG_CONFIRM_SHORTCUT, useGridDialog } from '../common/grid-dialog';
import { auxBodyOf, auxPopupRowsOf, filledAuxRows, type OpeningAuxPopupRow } from './opening-model';

export interface OpeningAuxPopupProps {
  accountYearId: number;
  subject: { subjectId: number; code: string; name: string; direction: boolean; auxTypeIds: number[] };
  catalog: VoucherCatalog;
  readOnly: boolean;
  /** Why the breakdown is read-only (the year's first period settled when absent). */
  lockReason?: string;
  onSaved: () => void;
  /** Closed without saving. The popup does not return the focus: the caller puts it where the keys go on. */
  onClose: () => void;
}

function openingAuxSchema(types: readonly number[], catalog: VoucherCatalog, sides: { debit: string; credit: string }): SheetSchema<OpeningAuxPopupRow> {
  const base = auxPopupSchema(types, catalog, sides) as unknown as SheetSchema<OpeningAuxPopupRow>;
  return {
    ...base,
    id: 'opening-aux',
    blankRow: (id) => ({ ...base.blankRow(id), ytdDebit: null, ytdCredit: null }),
    columns: [
      ...base.columns,
      { kind: 'amount', field: 'ytdDebit', headerKey: 'opening:columns.ytdDebit', minWidth: 140, limits: { maxAbsCents: VOUCHER_LINE_MAX_CENTS } },
      { kind: 'amount', field: 'ytdCredit', headerKey: 'opening:columns.ytdCredit', minWidth: 140, limits: { maxAbsCents: VOUCHER_LINE_MAX_CENTS } },
    ],
  };
}

export function OpeningAuxPopup(props: OpeningAuxPopupProps) {
  const { accountYearId, subject } = props;
  const stored = useQuery({
    queryKey: ['opening', 'aux', accountYearId, subject.subjectId],
    queryFn: ({ signal }) => call(openingApi.aux, { query: { accountYearId, subjectId: subject.subjectId } }, { signal }),
    gcTime: 0,
  });
  const { t } = useTranslation(['opening', 'voucher']);
  // The sheet (below) says whether its rows changed and how it confirms: Esc, the ✕ and Cancel ask then.
  const [dirty, setDirty] = useState(false);
  const confirmRef = useRef<(() => void) | null>(null);
  const dialog = useGridDialog({ dirty: dirty && !props.readOnly, onClose: props.onClose, onConfirm: props.readOnly ? null : () => confirmRef.current?.() });
  return (
    <>
      <Modal opened {...dialog.modalProps} title={t('opening:aux.title', { subject: `${subject.code} ${subject.name}` })} size="80rem" centered returnFocus={false} data-testid="opening-aux-popup">
        {stored.data ? (
          <AuxSheet {...props} initial={auxPopupRowsOf(stored.data.rows, subject.direction)} onClose={dialog.requestClose} onDirty={setDirty} confirmRef={confirmRef} />
        ) : (
          <Text size="sm">{t('opening:loading')}</Text>
        )}
      </Modal>
      {dialog.question}
    </>
  );
}

interface AuxSheetProps extends OpeningAuxPopupProps {
  initial: OpeningAuxPopupRow[];
  onDirty: (dirty: boolean) => void;
  /** Set to the sheet's confirm (Ctrl+S and the question's Yes reach it through the dialog). */
  confirmRef: RefObject<(() => void) | null>;
}

function AuxSheet({ accountYearId, subject, catalog, readOnly, lockReason, onSaved, onClose, initial, onDirty, confirmRef }: AuxSheetProps) {
  const { t } = useTranslation(['opening', 'voucher', 'grid']);
  const types = subject.auxTypeIds;
  const debit = t('voucher:auxDirection.debit');
  const credit = t('voucher:auxDirection.credit');
  const schema = useMemo(() => openingAuxSchema(types, catalog, { debit, credit }), [types, catalog, debit, credit]);
  const [state, dispatch, current] = useSheet(schema, initial);
  const gridRef = useRef<EntryGridHandle>(null);
  const { pickers, picker } = useAuxPopupPickers<OpeningAuxPopupRow>(types, catalog);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (rows: ReturnType<typeof auxBodyOf>) => call(openingApi.saveAux, { body: { accountYearId, subjectId: subject.subjectId, rows } }),
    onSuccess: () => onSaved(),
    onError: (e) => setError(e.message),
  });

  const changed = auxPopupChanged(initial, state.rows);
  useEffect(() => onDirty(changed), [changed, onDirty]);

  const confirm = () => {
    if (readOnly || save.isPending) return;
    // The cell being typed in is committed first (through dispatch): the rows are read after it.
    void commitOpenEditor(gridRef.current?.api()).then(() => {
      const rows = current().rows;
      const filled = filledAuxRows(rows, types);
      if (filled.length === 0) {
        save.mutate([]);
        return;
      }
      const check = checkAuxPopup(rows, types, subject.direction ? 'debit' : 'credit');
      if (!check.ok) {
        setError(check.missingType === null
          ? t('voucher:messages.auxAmountRequired', { row: check.row + 1 })
          : t('voucher:messages.auxRequired', { row: check.row + 1, label: t(`voucher:auxTypes.${check.missingType}`) }));
        // The caret goes to the cell the refusal names.
        const at = auxRefusalCell(rows, check);
        if (at) gridRef.current?.focusCell(at.rowId, at.field);
        return;
      }
      save.mutate(auxBodyOf(check.entries, filled, subject.direction));
    });
  };
  // Ctrl+S (the dialog's confirm key, as it saves the screen behind) and the question's Yes confirm here.
  useEffect(() => {
    confirmRef.current = confirm;
  });

  return (
    <Stack gap="xs">
      <EntryGrid schema={schema} state={state} dispatch={dispatch} pickers={pickers} autoFocus readOnly={readOnly} lockReason={readOnly ? lockReason ?? t('opening:settled') : undefined} testId="opening-aux-grid" handleRef={gridRef} />
      <Text size="xs" c="dimmed">{t('opening:aux.hint')}</Text>
      {error && <Text size="sm" c="red" data-testid="opening-aux-error">{error}</Text>}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} aria-keyshortcuts="Escape">{t('opening:aux.cancel')} <Kbd ml={6} size="xs">Esc</Kbd></Button>
        <Button onClick={confirm} disabled={readOnly} loading={save.isPending} aria-keyshortcuts={GRID_DIALOG_CONFIRM_SHORTCUT} data-testid="opening-aux-confirm">
          {t('opening:aux.confirm')} <Kbd ml={6} size="xs">{GRID_DIALOG_CONFIRM_KEY}</Kbd>
        </Button>
      </Group>
      {picker}
    </Stack>
  );
}
