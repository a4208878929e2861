/**
 * The standard layouts of the Accounting Standards for Small Enterprises (小企业会计准则, 财会〔2011〕17号
 * appendix): 资产负债表 会小企01表 (rows 1–30 assets, 31–53 liabilities and owners' equity) and
 * 利润表 会小企02表 (rows 1–32), over the standard chart (decision 011). Every company starts from
 * them (decision 033) and may adjust its copy. 其中 rows whose content depends on detail subjects
 * the standard chart does not have (消费税, 广告费 …) start empty, for the company to fill.
 */
import type { ReportKind } from './report-formula';

export type ReportSide = 'LEFT' | 'RIGHT';
/** Rows whose figures are compared: assets total = liabilities and equity total. */
export type ReportRole = 'ASSETS_TOTAL' | 'LIABILITIES_EQUITY_TOTAL';
export const reportRoles = ['ASSETS_TOTAL', 'LIABILITIES_EQUITY_TOTAL'] as const;
export const reportSides = ['LEFT', 'RIGHT'] as const;

export interface LayoutRow {
  kind: ReportKind;
  side: ReportSide;
  lineNo: number | null;
  label: string;
  labelEn: string;
  indent: number;
  bold: boolean;
  formula: string;
  role: ReportRole | null;
}

type Spec = [lineNo: number | null, label: string, labelEn: string, indent: number, formula: string, bold?: boolean, role?: ReportRole];

const range = (from: number, to: number, skip: number[] = []) => Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((n) => !skip.includes(n)).map((n) => `R${n}`).join('+');
const d = (...codes: string[]) => codes.map((c) => `D(${c})`).join('+');
const c = (...codes: string[]) => codes.map((x) => `C(${x})`).join('+');

const assets: Spec[] = [
  [null, '流动资产：', 'Current assets:', 0, '', true],
  [1, '货币资金', 'Cash and cash equivalents', 1, d('1001', '1002', '1012')],
  [2, '短期投资', 'Short-term investments', 1, d('1101')],
  [3, '应收票据', 'Notes receivable', 1, d('1121')],
  [4, '应收账款', 'Accounts receivable', 1, 'DP(1122)+DP(2203)'],
  [5, '预付账款', 'Prepayments', 1, 'DP(1123)+DP(2202)'],
  [6, '应收股利', 'Dividends receivable', 1, d('1131')],
  [7, '应收利息', 'Interest receivable', 1, d('1132')],
  [8, '其他应收款', 'Other receivables', 1, d('1221')],
  [9, '存货', 'Inventories', 1, d('1401', '1402', '1403', '1404', '1405', '1407', '1408', '1411', '1421', '4001', '4101', '4401', '4403')],
  [10, '其中：原材料', 'Of which: raw materials', 2, d('1403')],
  [11, '在产品', 'Work in progress', 3, d('4001')],
  [12, '库存商品', 'Merchandise inventory', 3, d('1405')],
  [13, '周转材料', 'Revolving materials', 3, d('1411')],
  [14, '其他流动资产', 'Other current assets', 1, d('1901')],
  [15, '流动资产合计', 'Total current assets', 1, range(1, 9) + '+R14', true],
  [null, '非流动资产：', 'Non-current assets:', 0, '', true],
  [16, '长期债券投资', 'Long-term bond investments', 1, d('1501')],
  [17, '长期股权投资', 'Long-term equity investments', 1, d('1511')],
  [18, '固定资产原价', 'Fixed assets at cost', 1, d('1601')],
  [19, '减：累计折旧', 'Less: accumulated depreciation', 1, c('1602')],
  [20, '固定资产账面价值', 'Fixed assets, carrying amount', 1, 'R18-R19'],
  [21, '在建工程', 'Construction in progress', 1, d('1604')],
  [22, '工程物资', 'Construction materials', 1, d('1605')],
  [23, '固定资产清理', 'Disposal of fixed assets', 1, d('1606')],
  [24, '生产性生物资产', 'Productive biological assets', 1, 'D(1621)-C(1622)'],
  [25, '无形资产', 'Intangible assets', 1, 'D(1701)-C(1702)'],
  [26, '开发支出', 'Development expenditure', 1, d('4301')],
  [27, '长期待摊费用', 'Long-term prepaid expenses', 1, d('1801')],
  [28, '其他非流动资产', 'Other non-current assets', 1, ''],
  [29, '非流动资产合计', 'Total non-current assets', 1, 'R16+R17+' + range(20, 28), true],
  [30, '资产总计', 'Total assets', 0, 'R15+R29', true, 'ASSETS_TOTAL'],
];

const liabilities: Spec[] = [
  [null, '流动负债：', 'Current liabilities:', 0, '', true],
  [31, '短期借款', 'Short-term borrowings', 1, c('2001')],
  [32, '应付票据', 'Notes payable', 1, c('2201')],
  [33, '应付账款', 'Accounts payable', 1, 'CP(2202)+CP(1123)'],
  [34, '预收账款', 'Advances from customers', 1, 'CP(2203)+CP(1122)'],
  [35, '应付职工薪酬', 'Employee benefits payable', 1, c('2211')],
  [36, '应交税费', 'Taxes payable', 1, c('2221')],
  [37, '应付利息', 'Interest payable', 1, c('2231')],
  [38, '应付利润', 'Profits payable', 1, c('2232')],
  [39, '其他应付款', 'Other payables', 1, c('2241')],
  [40, '其他流动负债', 'Other current liabilities', 1, ''],
  [41, '流动负债合计', 'Total current liabilities', 1, range(31, 40), true],
  [null, '非流动负债：', 'Non-current liabilities:', 0, '', true],
  [42, '长期借款', 'Long-term borrowings', 1, c('2501')],
  [43, '长期应付款', 'Long-term payables', 1, c('2701')],
  [44, '递延收益', 'Deferred income', 1, c('2401')],
  [45, '其他非流动负债', 'Other non-current liabilities', 1, ''],
  [46, '非流动负债合计', 'Total non-current liabilities', 1, range(42, 45), true],
  [47, '负债合计', 'Total liabilities', 0, 'R41+R46', true],
  [null, '所有者权益（或股东权益）：', "Owners' equity:", 0, '', true],
  [48, '实收资本（或股本）', 'Paid-in capital (or share capital)', 1, c('3001')],
  [49, '资本公积', 'Capital reserve', 1, c('3002')],
  [50, '盈余公积', 'Surplus reserve', 1, c('3101')],
  [51, '未分配利润', 'Undistributed profit', 1, c('3103', '3104')],
  [52, '所有者权益（或股东权益）合计', "Total owners' equity", 1, range(48, 51), true],
  [53, '负债和所有者权益（或股东权益）总计', "Total liabilities and owners' equity", 0, 'R47+R52', true, 'LIABILITIES_EQUITY_TOTAL'],
];

const income: Spec[] = [
  [1, '一、营业收入', 'I. Operating revenue', 0, 'C(5001)+C(5051)', true],
  [2, '减：营业成本', 'Less: operating costs', 1, 'D(5401)+D(5402)'],
  [3, '税金及附加', 'Taxes and surcharges', 1, 'D(5403)'],
  [4, '其中：消费税', 'Of which: consumption tax', 2, ''],
  [5, '营业税', 'Business tax', 3, ''],
  [6, '城市维护建设税', 'Urban maintenance and construction tax', 3, ''],
  [7, '资源税', 'Resource tax', 3, ''],
  [8, '土地增值税', 'Land appreciation tax', 3, ''],
  [9, '城镇土地使用税、房产税、车船税、印花税', 'Land use, property, vehicle and vessel, and stamp taxes', 3, ''],
  [10, '教育费附加、矿产资源补偿费、排污费', 'Education surcharge, mineral resource compensation and pollutant fees', 3, ''],
  [11, '销售费用', 'Selling expenses', 1, 'D(5601)'],
  [12, '其中：商品维修费', 'Of which: merchandise repairs', 2, ''],
  [13, '广告费和业务宣传费', 'Advertising and promotion', 3, ''],
  [14, '管理费用', 'Administrative expenses', 1, 'D(5602)'],
  [15, '其中：开办费', 'Of which: start-up costs', 2, ''],
  [16, '业务招待费', 'Business entertainment', 3, ''],
  [17, '研究费用', 'Research costs', 3, ''],
  [18, '财务费用', 'Financial expenses', 1, 'D(5603)'],
  [19, '其中：利息费用（收入以“-”号填列）', 'Of which: interest expense (income with "-")', 2, ''],
  [20, '加：投资收益（损失以“-”号填列）', 'Add: investment income (loss with "-")', 1, 'C(5111)'],
  [21, '二、营业利润（亏损以“-”号填列）', 'II. Operating profit (loss with "-")', 0, 'R1-R2-R3-R11-R14-R18+R20', true],
  [22, '加：营业外收入', 'Add: non-operating income', 1, 'C(5301)'],
  [23, '其中：政府补助', 'Of which: government grants', 2, ''],
  [24, '减：营业外支出', 'Less: non-operating expenses', 1, 'D(5711)'],
  [25, '其中：坏账损失', 'Of which: bad debt losses', 2, ''],
  [26, '无法收回的长期债券投资损失', 'Unrecoverable long-term bond investment losses', 3, ''],
  [27, '无法收回的长期股权投资损失', 'Unrecoverable long-term equity investment losses', 3, ''],
  [28, '自然灾害等不可抗力因素造成的损失', 'Losses from force majeure such as natural disasters', 3, ''],
  [29, '税收滞纳金', 'Tax late-payment surcharges', 3, ''],
  [30, '三、利润总额（亏损总额以“-”号填列）', 'III. Total profit (loss with "-")', 0, 'R21+R22-R24', true],
  [31, '减：所得税费用', 'Less: income tax expense', 1, 'D(5801)'],
  [32, '四、净利润（净亏损以“-”号填列）', 'IV. Net profit (net loss with "-")', 0, 'R30-R31', true],
];

const rowsOf = (kind: ReportKind, side: ReportSide, specs: Spec[]): LayoutRow[] =>
  specs.map(([lineNo, label, labelEn, indent, formula, bold, role]) => ({ kind, side, lineNo, label, labelEn, indent, bold: bold ?? false, formula, role: role ?? null }));

/** The standard rows of a report kind, in display order (left column first on the balance sheet). */
export const STANDARD_LAYOUTS: Record<ReportKind, readonly LayoutRow[]> = {
  BALANCE_SHEET: [...rowsOf('BALANCE_SHEET', 'LEFT', assets), ...rowsOf('BALANCE_SHEET', 'RIGHT', liabilities)],
  INCOME_STATEMENT: rowsOf('INCOME_STATEMENT', 'LEFT', income),
};

/** Official form numbers (表号) shown in the report head. */
export const FORM_NUMBERS: Record<ReportKind, string> = { BALANCE_SHEET: '会小企01表', INCOME_STATEMENT: '会小企02表' };

/**
 * Pairs the balance sheet's two sides row by row, the classic way: the shorter side is padded with
 * blank rows before its last row, so 资产总计 and 负债和所有者权益总计 stand on the same last line.
 */
export function pairSides<T>(left: readonly T[], right: readonly T[]): Array<{ left?: T; right?: T }> {
  const n = Math.max(left.length, right.length);
  const pad = (side: readonly T[]): Array<T | undefined> => (side.length === 0 || side.length === n
    ? [...side, ...Array<undefined>(n - side.length).fill(undefined)]
    : [...side.slice(0, -1), ...Array<undefined>(n - side.length).fill(undefined), side[side.length - 1]]);
  const l = pad(left);
  const r = pad(right);
  return Array.from({ length: n }, (_, i) => ({ left: l[i], right: r[i] }));
}
