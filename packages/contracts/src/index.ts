export * from './codes';
export * from './validation';
export * from './password';
export * from './auth';
export * from './routes';
export * from './resource';
export * from './lab';
export * from './spreadsheet';
