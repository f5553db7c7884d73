/** An account's own main spectra: a lab's strains, not a second commercial library. */
export const MAX_OWN_ENTRIES = 200;
/** Replicates of one entry: Bruker's MSP method takes 20–24; a lab often spots 3–8. */
export const MIN_REPLICATES = 2;
export const MAX_REPLICATES = 96;

/** Species as labs write them: a Latin binomial, maybe with a subspecies or serovar after it; null when it is not one. */
export function cleanSpecies(value: string): string | null {
  const species = value.trim().replace(/\s+/g, ' ');
  return /^[A-Z][a-z]+ [a-z][a-z-]+( [A-Za-z0-9. -]+)?$/.test(species) && species.length <= 100 ? species : null;
}
