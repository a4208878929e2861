/**
 * What the grid tells the clerk: paste reports, refused commands and input, and why a locked
 * sheet takes no edit — through the screen's `onReport`, or a Mantine notification by default.
 * A refusal replaces the grid's previous one instead of piling up (one notification id per grid).
 */
import { MESSAGE_DISPLAY_MS } from '../src/domain/constants';
import { useCallback, useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import type { AmountInputErrorCode } from '../src/domain/amount-expression';
import type { GridReport } from './entry-grid-types';
import { cellErrorText, lockedText } from './grid-messages';
import { findColumn, findDataColumn, type SheetRow, type SheetSchema } from './sheet-schema';

export interface GridMessages {
  report: (r: GridReport) => void;
  /** Reports that the sheet is locked, with the screen's reason. */
  refuseLocked: () => void;
  /** The localized header of a column ("no column" for null). */
  headerOf: (field: string | null) => string;
  /** An amount or paste error in a column, with that column's own maximum. */
  errorText: (code: AmountInputErrorCode | string, field: string | null) => string;
}

const PASTE_LINES_SHOWN = 12;

export function useGridMessages<R extends SheetRow>(
  schema: SheetSchema<R>,
  t: TFunction,
  scope: string,
  onReport: ((report: GridReport) => void) | undefined,
  lockReason: string | undefined,
  /** The whole refusal in place of the lock's (EntryGridProps.lockMessage). */
  lockMessage?: string,
): GridMessages {
  const report = useCallback(
    (r: GridReport) => {
      if (onReport) {
        onReport(r);
        return;
      }
      if (r.kind === 'refused') {
        const id = `${scope}-refused`;
        // The same id shows once: a second refusal while the first is up replaces its text.
        notifications.show({ id, color: r.locked ? 'gray' : 'red', message: r.message, autoClose: MESSAGE_DISPLAY_MS });
        notifications.update({ id, color: r.locked ? 'gray' : 'red', message: r.message, autoClose: MESSAGE_DISPLAY_MS });
        return;
      }
      if (r.errors.length === 0) return;
      const more = r.messages.length - PASTE_LINES_SHOWN;
      notifications.show({
        color: r.accepted > 0 ? 'orange' : 'red',
        title: t('paste.reportTitle', { accepted: r.accepted, rejected: r.errors.length }),
        message: r.messages.slice(0, PASTE_LINES_SHOWN).join('\n') + (more > 0 ? `\n${t('paste.more', { count: more })}` : ''),
        // The one exception to the spec's 1.5 s: a list of refused pasted lines must stay readable (it has a close button).
        autoClose: 12000,
        withCloseButton: true,
        style: { whiteSpace: 'pre-line' },
      });
    },
    [onReport, scope, t],
  );

  const refuseLocked = useCallback(() => report({ kind: 'refused', locked: true, message: lockMessage?.trim() || lockedText(t, lockReason) }), [report, t, lockReason, lockMessage]);

  const headerOf = useCallback(
    (field: string | null) => {
      const column = field ? findColumn(schema, field) : undefined;
      return column ? t(column.headerKey) : t('paste.noColumn');
    },
    [schema, t],
  );

  const errorText = useCallback((code: AmountInputErrorCode | string, field: string | null) => cellErrorText(t, code, field ? findDataColumn(schema, field) : undefined), [schema, t]);

  return useMemo(() => ({ report, refuseLocked, headerOf, errorText }), [report, refuseLocked, headerOf, errorText]);
}
