export * from './engine';
export * from './drugs';
export * from './intrinsic';
export { KmerIndex, searchAssembly, type Alignment, type ContigSet, type ReferenceSequence, type SearchOptions } from './search';
export * from './predict';
export * from './rules';
export * from './reports';
export * from './concordance';
