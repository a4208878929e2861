/**
 * The level-1 subjects of the Accounting Standards for Small Enterprises (小企业会计准则, 财会〔2011〕17号,
 * appendix "会计科目、主要账务处理和财务报表"), with their official codes. A new account year without a
 * previous one starts from this chart. Note: profit of the year and profit distribution are 3103 and
 * 3104 in this standard (4103/4104 are the Accounting Standards for Business Enterprises' codes).
 * `debit` is the normal balance side; contra accounts (累计折旧, 累计摊销 …) are on the credit side.
 */
export interface StandardSubject {
  code: string;
  name: string;
  nameEn: string;
  debit: boolean;
}

const D = true;
const C = false;

export const SMALL_ENTERPRISE_CHART: readonly StandardSubject[] = [
  { code: '1001', name: '库存现金', nameEn: 'Cash on hand', debit: D },
  { code: '1002', name: '银行存款', nameEn: 'Cash in bank', debit: D },
  { code: '1012', name: '其他货币资金', nameEn: 'Other monetary funds', debit: D },
  { code: '1101', name: '短期投资', nameEn: 'Short-term investments', debit: D },
  { code: '1121', name: '应收票据', nameEn: 'Notes receivable', debit: D },
  { code: '1122', name: '应收账款', nameEn: 'Accounts receivable', debit: D },
  { code: '1123', name: '预付账款', nameEn: 'Prepayments', debit: D },
  { code: '1131', name: '应收股利', nameEn: 'Dividends receivable', debit: D },
  { code: '1132', name: '应收利息', nameEn: 'Interest receivable', debit: D },
  { code: '1221', name: '其他应收款', nameEn: 'Other receivables', debit: D },
  { code: '1401', name: '材料采购', nameEn: 'Materials purchasing', debit: D },
  { code: '1402', name: '在途物资', nameEn: 'Goods in transit', debit: D },
  { code: '1403', name: '原材料', nameEn: 'Raw materials', debit: D },
  { code: '1404', name: '材料成本差异', nameEn: 'Material cost variance', debit: D },
  { code: '1405', name: '库存商品', nameEn: 'Merchandise inventory', debit: D },
  { code: '1407', name: '商品进销差价', nameEn: 'Merchandise price margin', debit: C },
  { code: '1408', name: '委托加工物资', nameEn: 'Materials for outsourced processing', debit: D },
  { code: '1411', name: '周转材料', nameEn: 'Revolving materials', debit: D },
  { code: '1421', name: '消耗性生物资产', nameEn: 'Consumable biological assets', debit: D },
  { code: '1501', name: '长期债券投资', nameEn: 'Long-term bond investments', debit: D },
  { code: '1511', name: '长期股权投资', nameEn: 'Long-term equity investments', debit: D },
  { code: '1601', name: '固定资产', nameEn: 'Fixed assets', debit: D },
  { code: '1602', name: '累计折旧', nameEn: 'Accumulated depreciation', debit: C },
  { code: '1604', name: '在建工程', nameEn: 'Construction in progress', debit: D },
  { code: '1605', name: '工程物资', nameEn: 'Construction materials', debit: D },
  { code: '1606', name: '固定资产清理', nameEn: 'Disposal of fixed assets', debit: D },
  { code: '1621', name: '生产性生物资产', nameEn: 'Productive biological assets', debit: D },
  { code: '1622', name: '生产性生物资产累计折旧', nameEn: 'Accumulated depreciation of productive biological assets', debit: C },
  { code: '1701', name: '无形资产', nameEn: 'Intangible assets', debit: D },
  { code: '1702', name: '累计摊销', nameEn: 'Accumulated amortization', debit: C },
  { code: '1801', name: '长期待摊费用', nameEn: 'Long-term prepaid expenses', debit: D },
  { code: '1901', name: '待处理财产损溢', nameEn: 'Unsettled property gains and losses', debit: D },
  { code: '2001', name: '短期借款', nameEn: 'Short-term borrowings', debit: C },
  { code: '2201', name: '应付票据', nameEn: 'Notes payable', debit: C },
  { code: '2202', name: '应付账款', nameEn: 'Accounts payable', debit: C },
  { code: '2203', name: '预收账款', nameEn: 'Advances from customers', debit: C },
  { code: '2211', name: '应付职工薪酬', nameEn: 'Employee benefits payable', debit: C },
  { code: '2221', name: '应交税费', nameEn: 'Taxes payable', debit: C },
  { code: '2231', name: '应付利息', nameEn: 'Interest payable', debit: C },
  { code: '2232', name: '应付利润', nameEn: 'Profits payable', debit: C },
  { code: '2241', name: '其他应付款', nameEn: 'Other payables', debit: C },
  { code: '2401', name: '递延收益', nameEn: 'Deferred income', debit: C },
  { code: '2501', name: '长期借款', nameEn: 'Long-term borrowings', debit: C },
  { code: '2701', name: '长期应付款', nameEn: 'Long-term payables', debit: C },
  { code: '3001', name: '实收资本', nameEn: 'Paid-in capital', debit: C },
  { code: '3002', name: '资本公积', nameEn: 'Capital reserve', debit: C },
  { code: '3101', name: '盈余公积', nameEn: 'Surplus reserve', debit: C },
  { code: '3103', name: '本年利润', nameEn: 'Profit for the year', debit: C },
  { code: '3104', name: '利润分配', nameEn: 'Profit distribution', debit: C },
  { code: '4001', name: '生产成本', nameEn: 'Production costs', debit: D },
  { code: '4101', name: '制造费用', nameEn: 'Manufacturing overhead', debit: D },
  { code: '4301', name: '研发支出', nameEn: 'Research and development expenditure', debit: D },
  { code: '4401', name: '工程施工', nameEn: 'Construction contracts', debit: D },
  { code: '4403', name: '机械作业', nameEn: 'Machinery operations', debit: D },
  { code: '5001', name: '主营业务收入', nameEn: 'Main operating revenue', debit: C },
  { code: '5051', name: '其他业务收入', nameEn: 'Other operating revenue', debit: C },
  { code: '5111', name: '投资收益', nameEn: 'Investment income', debit: C },
  { code: '5301', name: '营业外收入', nameEn: 'Non-operating income', debit: C },
  { code: '5401', name: '主营业务成本', nameEn: 'Main operating costs', debit: D },
  { code: '5402', name: '其他业务成本', nameEn: 'Other operating costs', debit: D },
  { code: '5403', name: '税金及附加', nameEn: 'Taxes and surcharges', debit: D }, // renamed by 财会〔2016〕22号 (was 营业税金及附加)
  { code: '5601', name: '销售费用', nameEn: 'Selling expenses', debit: D },
  { code: '5602', name: '管理费用', nameEn: 'Administrative expenses', debit: D },
  { code: '5603', name: '财务费用', nameEn: 'Financial expenses', debit: D },
  { code: '5711', name: '营业外支出', nameEn: 'Non-operating expenses', debit: D },
  { code: '5801', name: '所得税费用', nameEn: 'Income tax expenses', debit: D },
];
