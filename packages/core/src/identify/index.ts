/**
 * The identification frame's shared vocabulary. Every method (16S/18S rRNA genes, whole genomes,
 * MALDI-TOF spectra, biochemical panels, morphology) is a folder beside this file with its own
 * engine (ITS reuses the 16S/18S one); what they share is only this: which methods exist, how they speak, and the one-line
 * call a history row shows.
 */

export const IDENTIFICATION_METHODS = ['16S', '18S', 'ITS', 'genome', 'proteome', 'biochem', 'morphology'] as const;
export type IdentificationMethod = (typeof IDENTIFICATION_METHODS)[number];

export type Language = 'zh' | 'en';
export type LocalizedText = Record<Language, string>;

/**
 * What a finished identification is called, for lists: the name (a species, a species group, a
 * genus), the method's own figure of merit and the level it supports. `measure` names the figure:
 * percent similarity of a marker gene, percent ANI, a MALDI log score (0–3), or percent ID of a
 * biochemical profile.
 */
export interface IdentificationCall {
  name: string;
  value: number | null;
  measure: 'similarity' | 'ani' | 'logScore' | 'percentId';
  level: string;
}

export function isIdentificationMethod(value: string): value is IdentificationMethod {
  return (IDENTIFICATION_METHODS as readonly string[]).includes(value);
}
