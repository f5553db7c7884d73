export * from './tests';
export * from './errors';
export * from './panels';
export * from './profile';
export * from './reactions';
export * from './matrix';
export * from './identify';
export * from './request';
