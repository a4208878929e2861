export * from './platform';
export * from './subjects';
