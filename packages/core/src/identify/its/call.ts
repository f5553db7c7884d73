import type { IdentificationCall } from '../index';
import { sequenceCall } from '../rrna/call';
import type { Identification } from '../rrna/search';
import type { ItsIdentification } from './identify';

/**
 * The call of one identified ITS read: the species complex ITS cannot split (by its English name),
 * otherwise as a 16S/18S sequence's (`sequenceCall`): a genus-level read is "<Genus> sp.", its top
 * hit's species only the closest.
 */
export function itsCall(result: ItsIdentification): IdentificationCall {
  const group = result.its.speciesGroup;
  if (group) return { name: group.name.en, value: result.topHit.similarity, measure: 'similarity', level: result.confidence.level, closest: null };
  return sequenceCall(result);
}

/** `itsCall` for the 16S/18S formats, which see an ITS read as an identification. */
export function itsCallOf(result: Identification): IdentificationCall {
  return 'its' in result ? itsCall(result as ItsIdentification) : sequenceCall(result);
}
