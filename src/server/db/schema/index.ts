export * from './platform';
export * from './staff';
