/**
 * MLST of assemblies with PubMLST schemes, in the conventions of the `mlst` tool (exact `N`,
 * novel `~N`, partial `N?`, missing `-`, copies `N,M`; ST from the profiles), and the choice of a
 * scheme for an identified species. Pure: no I/O; reading the schemes is `@mdc/refdata/mlst`.
 */
export {
  MlstTyper,
  mlstOutcome,
  MLST_DEFAULT_EXCLUDED,
  MLST_MIN_COVERAGE,
  MLST_MIN_IDENTITY,
  type MlstAllele,
  type MlstCallKind,
  type MlstGenome,
  type MlstHit,
  type MlstLocusCall,
  type MlstProfile,
  type MlstResult,
  type MlstScheme,
  type MlstStatus,
} from './engine';
export { schemesForSpecies, type SchemeSpeciesEntry } from './schemes';
