export { BiochemFileError } from './errors';
export { parseCsv, csvTable, type CsvOptions, type CsvRow } from './csv';
export * from './bergeys';
export * from './api-panels';
export * from './ijsem';
export * from './matrices';
