export * from './platform';
export * from './finance-settings';
