/**
 * @mdc/core/antibiogram — the cumulative antibiogram of CLSI M39 from interpreted isolates:
 * first-isolate rules, the minimum count, %S with SDD or EUCAST I when asked, intrinsic
 * resistance and selective reporting, combination view and resistance-phenotype rates within each definition's species scope. Pure, no I/O.
 */
export * from './types';
export { AntibiogramBuilder, buildAntibiogram, countsAsSusceptible, isClinicalCategory } from './builder';
export { combination, describeRules, type CombinationCell } from './views';
export { PHENOTYPES, ESBL_SPECIES, phenotypeRates, type PhenotypeDefinition, type PhenotypeRate } from './phenotypes';
