/**
 * The invoice workbook (spec 02 §2.6, §5 Invoice; decision 018). The key is the invoice number
 * (unique in the company); the project is given by its code and must be one the caller reaches
 * (the invoice visibility rule: a principal of the project unless ADMIN or view-all-invoices 1101).
 * Amounts are currency units as text, read into cents by the money rules (never a float). PDF
 * attachments cannot come from a sheet: an imported invoice has none and the list flags it as
 * missing its attachment until one is uploaded (the template's notes say so).
 */
import { invoiceCreateBody, invoiceUpdateBody, type InvoiceDto } from '../../../../contract/invoice';
import { invoiceKinds } from '../../../../domain/enums';
import { RIGHTS } from '../../../../domain/rights';
import type { Db } from '../../../db/client';
import * as clients from '../../clients/service';
import * as invoice from '../../invoice/service';
import type { SheetDef, SheetScope } from '../sheet';
import { amount, byCode, AMOUNT_NUM_FMT, centsCell, collect, date, listPaging, oneOf, optionalText, refByCode } from './cells';
import { codeKey } from '../../../../domain/half-width';

type InvoiceFilter = Parameters<typeof invoice.listInvoices>[4]['filter'];
type ProjectFilter = Parameters<typeof clients.listProjects>[3]['filter'];

/** The invoice rule's viewer: view-all-invoices (1101), not the project list's right. */
const viewer = (s: SheetScope): invoice.Viewer => ({ userId: s.userId, isAdmin: s.isAdmin, viewAll: s.has(RIGHTS.INVOICE_VIEW_ALL) });

/** The kinds' words as the app shows them (locales/<lang>/invoice.json), accepted besides the codes. */
const KIND_WORDS: Record<(typeof invoiceKinds)[number], readonly string[]> = {
  VAT_GENERAL: ['增值税普通发票', '普票', 'VAT general invoice', 'VAT general'],
  VAT_SPECIAL: ['增值税专用发票', '专票', 'VAT special invoice', 'VAT special'],
  PAPER_SPECIAL: ['纸质专用发票', 'Paper special invoice', 'Paper special'],
  PAPER_GENERAL: ['纸质普通发票', 'Paper general invoice', 'Paper general'],
};

interface Ctx { projects: Map<string, number> }

/** The projects the caller may put invoices on, by code (the same rule the service checks again). */
const reachableProjects = async (db: Db, s: SheetScope) =>
  byCode(await collect((p) => clients.listProjects(db, s.companyId, viewer(s), p), {} as ProjectFilter));

const visibleInvoices = (db: Db, s: SheetScope) => collect((p) => invoice.listInvoices(db, s.fileSecret, s.companyId, viewer(s), p), {} as InvoiceFilter);

const money = (zh: string, en: string, field: 'amount' | 'receivedAmount' | 'redAmount', example: string) => ({
  zh, en, width: 16, field, numFmt: AMOUNT_NUM_FMT, cell: (i: InvoiceDto) => centsCell(i[field]), parse: amount, example,
  note: { zh: '元，最多两位小数，可带千分位；空 = 0', en: 'In currency units, at most 2 decimals, thousands separators allowed; empty = 0' },
});

export const invoiceSheet: SheetDef<InvoiceDto, Ctx, InvoiceFilter> = {
  kind: 'INVOICE',
  name: { zh: '发票', en: 'Invoices', file: 'invoices' },
  keyField: 'no',
  columns: [
    { zh: '发票号码', en: 'Invoice number', width: 18, field: 'no', required: true, cell: (i) => i.no, example: '04400123', note: { zh: '必填，公司内唯一；已存在的发票号码会被更新', en: 'Required, unique in the company; an existing invoice number is updated' } },
    { zh: '发票类型', en: 'Kind', width: 18, field: 'kind', cell: (i) => i.kind, parse: oneOf(invoiceKinds, KIND_WORDS), example: 'VAT_GENERAL', note: { zh: 'VAT_GENERAL（增值税普通发票）/VAT_SPECIAL（增值税专用发票）/PAPER_SPECIAL（纸质专用发票）/PAPER_GENERAL（纸质普通发票），可填中文名称；空 = 增值税普通发票', en: 'VAT_GENERAL / VAT_SPECIAL / PAPER_SPECIAL / PAPER_GENERAL or their names; empty = VAT general invoice' } },
    { zh: '项目编码', en: 'Project code', width: 14, field: 'projectId', required: true, cell: (i) => i.project.code, parse: refByCode((c: Ctx) => c.projects), example: 'P2025001', note: { zh: '必填，您可见的项目的编码', en: "Required: the code of a project you can see" } },
    { zh: '项目名称', en: 'Project name', width: 24, cell: (i) => i.project.name, example: null, note: { zh: '', en: '' } },
    { zh: '开票单位', en: 'Issuing office', width: 22, field: 'issueOffice', cell: (i) => i.issueOffice, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '开票日期', en: 'Date', width: 12, field: 'date', required: true, cell: (i) => i.date, parse: date, example: '2025-03-31', note: { zh: '必填，YYYY-MM-DD 或 Excel 日期', en: 'Required, YYYY-MM-DD or an Excel date' } },
    money('金额', 'Amount', 'amount', '10600.00'),
    money('已收金额', 'Received amount', 'receivedAmount', '5000.00'),
    money('红冲金额', 'Red amount', 'redAmount', '0'),
    { zh: '备注', en: 'Remark', width: 24, field: 'remark', cell: (i) => i.remark, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '附件数', en: 'Attachments', width: 10, cell: (i) => i.attachments.length, example: null, note: { zh: '', en: '' } },
  ],
  context: async (db, s) => ({ projects: await reachableProjects(db, s) }),
  page: (db, s, filter, offset, limit) => invoice.listInvoices(db, s.fileSecret, s.companyId, viewer(s), listPaging(filter, offset, limit)),
  existing: async (tx, s) => new Map((await visibleInvoices(tx, s)).map((i) => [codeKey(i.no), i])),
  createBody: invoiceCreateBody,
  updateBody: invoiceUpdateBody,
  scopeFields: () => ({}),
  ruleFields: { INVOICE_NO_DUPLICATE: 'no', INVOICE_RED_OVER_AMOUNT: 'redAmount', INVOICE_RECEIVED_OVER_AMOUNT: 'receivedAmount' },
  create: (tx, s, body: invoice.InvoiceFields) => invoice.createInvoice(tx, s.fileSecret, s.companyId, viewer(s), body),
  update: (tx, s, i, body: Partial<invoice.InvoiceFields>) => invoice.updateInvoice(tx, s.fileSecret, s.companyId, viewer(s), i.id, body),
  notes: [{
    zh: '附件（PDF）不能通过 Excel 导入：导入的发票没有附件，列表中会标记为“缺附件”，请在发票弹窗中逐张上传。',
    en: 'Attachments (PDF) cannot come from Excel: imported invoices have none and the list flags them as missing an attachment ("Missing"); upload each in the invoice popup.',
  }],
};
