/**
 * The auxiliary breakdown of a subject's opening (F7 on an auxiliary subject): the voucher's
 * auxiliary-entry sheet (one column per auxiliary type of the subject, the side, the amount; F7 or
 * unresolved text opens the pick list of the column's type) plus the year-to-date debit and credit
 * of a set started mid-year. Confirm checks '[label] is required' like the voucher popup and saves
 * the whole breakdown (POST /opening/aux); the subject's opening becomes its sum.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EntryGrid, type EntryGridHandle } from '../../../../grids/entry-grid';
import { useSheet } from '../../../../grids/use-sheet';
import type { SheetSchema } from '../../../../grids/sheet-schema';
import { VOUCHER_LINE_MAX_CENTS } from '../../../domain/constants';
import { openingApi } from '../../../contract/heads';
import { call } from '../../api/typed-client';
import { useAuxPopupPickers } from '../voucher/aux-popup';
import { auxPopupSchema, auxRefusalCell, checkAuxPopup } from '../voucher/voucher-aux';
import type { VoucherCatalog } from '../voucher/voucher-catalog';
import { isCtrlLetter, useScreenKeys } from '../common/use-screen-keys';
import { auxBodyOf, auxPopupRowsOf, filledAuxRows, type OpeningAuxPopupRow } from './opening-model';

export interface OpeningAuxPopupProps {
  accountYearId: number;
  subject: { subjectId: number; code: string; name: string; direction: boolean; auxTypeIds: number[] };
  catalog: VoucherCatalog;
  readOnly: boolean;
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
  return (
    <Modal opened onClose={props.onClose} title={t('opening:aux.title', { subject: `${subject.code} ${subject.name}` })} size="80rem" centered returnFocus={false} data-testid="opening-aux-popup">
      {stored.data ? <AuxSheet {...props} initial={auxPopupRowsOf(stored.data.rows, subject.direction)} /> : <Text size="sm">{t('opening:loading')}</Text>}
    </Modal>
  );
}

function AuxSheet({ accountYearId, subject, catalog, readOnly, onSaved, onClose, initial }: OpeningAuxPopupProps & { initial: OpeningAuxPopupRow[] }) {
  const { t } = useTranslation(['opening', 'voucher', 'grid']);
  const types = subject.auxTypeIds;
  const debit = t('voucher:auxDirection.debit');
  const credit = t('voucher:auxDirection.credit');
  const schema = useMemo(() => openingAuxSchema(types, catalog, { debit, credit }), [types, catalog, debit, credit]);
  const [state, dispatch] = useSheet(schema, initial);
  const stateRef = useRef(state);
  stateRef.current = state;
  const gridRef = useRef<EntryGridHandle>(null);
  const { pickers, picker } = useAuxPopupPickers<OpeningAuxPopupRow>(types, catalog);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (rows: ReturnType<typeof auxBodyOf>) => call(openingApi.saveAux, { body: { accountYearId, subjectId: subject.subjectId, rows } }),
    onSuccess: () => onSaved(),
    onError: (e) => setError(e.message),
  });

  // Ctrl+S confirms the breakdown, as it saves the screen behind (the screen keys: useScreenKeys).
  const rootRef = useRef<HTMLDivElement>(null);
  useScreenKeys(rootRef, (e) => {
    if (!isCtrlLetter(e, 's') || readOnly) return false;
    confirm();
    return true;
  });

  const confirm = () => {
    gridRef.current?.api()?.stopEditing();
    requestAnimationFrame(() => {
      const rows = stateRef.current.rows;
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

  return (
    <Stack gap="xs" ref={rootRef}>
      <EntryGrid schema={schema} state={state} dispatch={dispatch} pickers={pickers} autoFocus readOnly={readOnly} lockReason={readOnly ? t('opening:settled') : undefined} testId="opening-aux-grid" handleRef={gridRef} />
      <Text size="xs" c="dimmed">{t('opening:aux.hint')}</Text>
      {error && <Text size="sm" c="red" data-testid="opening-aux-error">{error}</Text>}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>{t('opening:aux.cancel')}</Button>
        <Button onClick={confirm} disabled={readOnly} loading={save.isPending} data-testid="opening-aux-confirm">{t('opening:aux.confirm')}</Button>
      </Group>
      {picker}
    </Stack>
  );
}
