/**
 * The editor's state as one value, kept with its tab (src/app/shell/tab-state.ts, decision 005):
 * the stored voucher it shows (null for a new one), the header fields, the kit sheet of lines and
 * whether anything changed since it was loaded or saved. Pure reducer.
 */
import { createSheetState, reduceSheet, type SheetEvent, type SheetState } from '../../../../grids/sheet';
import type { SheetSchema } from '../../../../grids/sheet-schema';
import type { VoucherKitRow } from '../../../../grids/voucher-kit.columns';
import type { VoucherDto } from '../../../contract/voucher';
import { rowsOfVoucher } from './voucher-mapping';

export interface VoucherHeaderState {
  /** The account year the voucher lies in: its subjects, periods and stepping follow it. */
  accountYearId: number;
  kindId: number | null;
  /** As typed or generated (digits; padded on display). */
  code: string;
  markDate: string;
  billCount: number | null;
}

export interface VoucherEditorState {
  voucher: VoucherDto | null;
  header: VoucherHeaderState;
  sheet: SheetState<VoucherKitRow>;
  dirty: boolean;
  /** The code came from /voucher/code (regenerated when kind or date change) rather than typed. */
  codeGenerated: boolean;
}

export type EditorEvent =
  | { type: 'sheet'; event: SheetEvent<VoucherKitRow> }
  | { type: 'header'; patch: Partial<VoucherHeaderState>; byUser: boolean }
  | { type: 'generatedCode'; code: string }
  | { type: 'loaded'; voucher: VoucherDto }
  | { type: 'reset'; header: VoucherHeaderState }
  | { type: 'copied'; header: VoucherHeaderState }
  /** The mark date moved into another account year: the lines keep everything but their subjects (spec 01 §5). */
  | { type: 'movedToYear'; accountYearId: number; markDate: string };

export function newEditorState(schema: SheetSchema<VoucherKitRow>, header: VoucherHeaderState): VoucherEditorState {
  return { voucher: null, header, sheet: createSheetState(schema), dirty: false, codeGenerated: true };
}

export function loadedEditorState(schema: SheetSchema<VoucherKitRow>, voucher: VoucherDto): VoucherEditorState {
  return {
    voucher,
    header: { accountYearId: voucher.accountYearId, kindId: voucher.kindId, code: voucher.codeText, markDate: voucher.markTime.slice(0, 10), billCount: voucher.billCount },
    sheet: createSheetState(schema, rowsOfVoucher(voucher.items)),
    dirty: false,
    codeGenerated: false,
  };
}

export function reduceEditor(schema: SheetSchema<VoucherKitRow>, state: VoucherEditorState, event: EditorEvent): VoucherEditorState {
  switch (event.type) {
    case 'sheet': {
      const sheet = reduceSheet(schema, state.sheet, event.event);
      if (sheet === state.sheet) return state;
      const edits = event.event.type !== 'sheet.lock' && event.event.type !== 'sheet.load';
      return { ...state, sheet, dirty: state.dirty || (edits && sheet.rows !== state.sheet.rows) };
    }
    case 'header': {
      const header = { ...state.header, ...event.patch };
      const codeTyped = event.patch.code !== undefined && event.byUser;
      return { ...state, header, dirty: state.dirty || event.byUser, codeGenerated: codeTyped ? false : state.codeGenerated };
    }
    case 'generatedCode':
      return state.codeGenerated ? { ...state, header: { ...state.header, code: event.code } } : state;
    case 'loaded':
      return { ...loadedEditorState(schema, event.voucher), sheet: { ...createSheetState(schema, rowsOfVoucher(event.voucher.items), state.sheet.seq) } };
    case 'reset':
      return { ...newEditorState(schema, event.header), sheet: createSheetState(schema, [], state.sheet.seq) };
    case 'movedToYear': {
      // Subjects and their auxiliary values belong to the old year; summaries and amounts stay.
      const rows = state.sheet.rows.map((r) => (r.subjectId === null && r.auxId === null ? r : { ...r, subjectId: null, auxId: null }));
      return {
        ...state,
        header: { ...state.header, accountYearId: event.accountYearId, markDate: event.markDate },
        sheet: { ...createSheetState(schema, rows, state.sheet.seq), locked: state.sheet.locked },
        dirty: true,
      };
    }
    case 'copied':
      // Copy (spec 01 §4): same kind and lines; id, code, date, period, relations and processing cleared, bill count 0.
      return {
        voucher: null,
        header: event.header,
        sheet: { ...createSheetState(schema, state.sheet.rows.map((r, i) => ({ ...r, id: `voucher-copy-${state.sheet.seq}-${i}` })), state.sheet.seq), locked: false },
        dirty: true,
        codeGenerated: true,
      };
  }
}
