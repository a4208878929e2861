/**
 * The voucher list's columns (/voucher/daily/list): one row per voucher as Kingdee and Yonyou show
 * it — date, kind-code, the first line's summary, debit and credit totals (a negative one red), attachments, maker,
 * auditor, bookkeeper, cashier and the state tags. Sorting on the server (date, code, debit).
 */
import type { VoucherDto } from '../../../contract/voucher';
import type { ListColumn } from '../../../../grids/list/columns';

/** A column of a person's name (maker, auditor, bookkeeper, cashier). */
export const PERSON_WIDTH = 108;

export const vouchersColumns: ListColumn<VoucherDto>[] = [
  { field: 'markTime', headerKey: 'voucher:list.columns.date', width: 96, sortable: true, format: 'date' },
  { field: 'label', source: '*', headerKey: 'voucher:list.columns.code', width: 110, sortable: true, sortField: 'code', renderer: 'label' },
  { field: 'summary', source: '*', headerKey: 'voucher:list.columns.summary', minWidth: 100, flex: 1, renderer: 'summary' },
  { field: 'debitCents', headerKey: 'voucher:list.columns.debit', width: 110, sortable: true, sortField: 'debit', format: 'cents', negative: true, align: 'right' },
  { field: 'creditCents', headerKey: 'voucher:list.columns.credit', width: 110, format: 'cents', negative: true, align: 'right' },
  { field: 'billCount', headerKey: 'voucher:list.columns.billCount', width: 66, align: 'right' },
  // The people's names fit whole: a five-character name (系统管理员) at the list's 13 px, with the cell's padding.
  { field: 'createdByName', headerKey: 'voucher:list.columns.maker', width: PERSON_WIDTH },
  { field: 'auditByName', headerKey: 'voucher:list.columns.auditor', width: PERSON_WIDTH },
  { field: 'bookKeepByName', headerKey: 'voucher:list.columns.bookkeeper', width: PERSON_WIDTH },
  { field: 'cashierByName', headerKey: 'voucher:list.columns.cashier', width: PERSON_WIDTH },
  // Wide enough for the most a voucher shows, in English: Examined, Bookkept, Signed and Settled.
  { field: 'tags', source: '*', headerKey: 'voucher:list.columns.state', width: 256, renderer: 'tags' },
];
