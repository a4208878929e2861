/**
 * The entry grid's messages that carry figures: an amount refused with the column's own maximum
 * (a column with `limits.maxAbsCents` says its limit, not the voucher's maximum cost), a paste
 * line, typed input that could not be saved, a `..`/`//` copy that does not fit the row.
 */
import type { TFunction } from 'i18next';
import { formatCents } from '../src/domain/money';
import type { CopyFromRowResult } from './sheet';
import { amountLimitsOf, type DataColumn } from './sheet-schema';

/** The message of an amount or paste error code in a column: `{{max}}` is that column's maximum. */
export function cellErrorText<R>(t: TFunction, code: string, column: DataColumn<R> | undefined): string {
  const max = column?.kind === 'amount' ? amountLimitsOf(column).maxAbsCents : undefined;
  return t(`grid:errors.${code}`, max === undefined ? {} : { max: formatCents(max) });
}

/** "Row 3, Debit: your input was not saved — <reason> (<text>)". */
export function inputNotSavedText(t: TFunction, rowIndex: number, columnHeader: string, text: string, reason: string): string {
  return t('grid:inputNotSaved', { row: rowIndex + 1, column: columnHeader, text, reason });
}

/** Why `..` / `//` copied nothing, or null when the copy goes ahead (or there is nothing to say). */
export function copyRefusalText(t: TFunction, result: CopyFromRowResult): string | null {
  if (result.ok) return null;
  if (result.reason === 'noSource') return t('grid:errors.COPY_NO_SOURCE');
  return t('grid:errors.COPY_DOES_NOT_FIT', { row: result.sourceIndex + 1, text: result.text });
}

/** Why a locked sheet refuses an edit: the screen's reason ("凭证已审核"), or that it is locked. */
export function lockedText(t: TFunction, reason: string | undefined): string {
  const trimmed = reason?.trim();
  return trimmed ? t('grid:readOnlyBecause', { reason: trimmed }) : t('grid:readOnly');
}
