/**
 * Fungal ITS identification on the 16S/18S engine: the 5.8S located in a read cuts it into ITS1
 * and ITS2, each searched against its own reference (IF+UNITE+INSDC), evidence pooled per species,
 * thresholds of its own (Vu et al. 2019) and species complexes ITS cannot split. Pure: no I/O.
 */
export { identifyIts, identifyItsSequences, type IdentifyItsOptions, type ItsBasis, type ItsFacts, type ItsIdentification, type ItsIndexes, type ItsItem, type ItsPart, type ItsPartRegion, type ItsRefusal, type ItsResult } from './identify';
export { locateItsRegions, setLocalAlignKernel, CONSENSUS_58S, type ItsRegions, type QueryStretch } from './regions';
export { ITS_REGIONS, MIN_REFERENCE_LENGTH, itsExclusion, itsHeaderNamesSpecies, itsReference, parseItsHeader, type ItsExclusion, type ItsReference, type ItsRegion } from './references';
export { ITS_SPECIES_GROUPS, itsSpeciesGroupOf, type ItsSpeciesGroup } from './species-groups';
export { ITS_THRESHOLDS, ITS_THRESHOLD_SOURCES, ITS_MIN_LENGTH, ITS_MAX_LENGTH } from './thresholds';
export { ITS_MESSAGES, ITS_BASIS_LABELS, ITS_METHOD_NOTE, type ItsMessageKey } from './messages';
export { formatItsTsv, formatItsJson } from './format';
export { itsCall } from './call';
