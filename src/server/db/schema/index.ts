export * from './platform';
export * from './finance-settings';
export * from './subjects';
export * from './staff';
export * from './clients';
export * from './export';
export * from './budgets';
export * from './invoices';
