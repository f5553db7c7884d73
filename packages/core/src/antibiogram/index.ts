/**
 * @mdc/core/antibiogram — the cumulative antibiogram of CLSI M39 from interpreted isolates:
 * first-isolate rules, the minimum count, %S with SDD or EUCAST I when asked, intrinsic
 * resistance and selective reporting, combination and alert-rate views. Pure, no I/O.
 */
export * from './types';
export { AntibiogramBuilder, buildAntibiogram, countsAsSusceptible, isClinicalCategory } from './builder';
export { combination, incidence, describeRules, type CombinationCell, type IncidenceRow } from './views';
