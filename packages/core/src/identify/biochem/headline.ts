import { complexCall } from '../complexes';
import type { LocalizedText } from '../index';
import { QUALITY_LEVELS, type QualityLevel } from './quality';

/**
 * Groups the primary tests and morphology cannot split, named after the species a morphology
 * matrix row carries: morphology alone names the group and the test that settles it, never a
 * species "good identification".
 */
export interface MorphologyGroup {
  /** The primary-matrix row it replaces. */
  row: string;
  name: LocalizedText;
  members: readonly string[];
  settles: LocalizedText;
  source: string;
}

export const MORPHOLOGY_GROUPS: readonly MorphologyGroup[] = [
  {
    row: 'Staphylococcus aureus',
    name: { en: 'Coagulase-positive staphylococci', zh: '凝固酶阳性葡萄球菌' },
    members: [
      'Staphylococcus aureus',
      'Staphylococcus argenteus',
      'Staphylococcus schweitzeri',
      'Staphylococcus pseudintermedius',
      'Staphylococcus intermedius',
      'Staphylococcus coagulans',
      'Staphylococcus delphini',
    ],
    settles: {
      zh: '革兰阳性成簇球菌、触酶阳性、凝固酶阳性还不能定种：S. argenteus、S. schweitzeri 与金黄色葡萄球菌表型相同，S. pseudintermedius、S. intermedius、S. coagulans 等（多来自动物）也凝固酶阳性。以 MALDI-TOF（更新数据库）或 16S/nuc 基因测序定种；S. intermedius 群 PYR 阳性、多黏菌素 B 敏感，可作初步区分。',
      en: 'Gram-positive cocci in clusters, catalase- and coagulase-positive do not settle the species: S. argenteus and S. schweitzeri share the S. aureus phenotype, and S. pseudintermedius, S. intermedius, S. coagulans (mostly from animals) are coagulase-positive too. MALDI-TOF (updated library) or 16S/nuc sequencing settles the species; the S. intermedius group is PYR-positive and polymyxin B-susceptible, a first hint.',
    },
    source:
      'Becker K., Heilmann C. & Peters G. 2014, Clin Microbiol Rev 27:870–926 (coagulase-positive staphylococci); Tong S.Y.C. et al. 2015, IJSEM 65:15–22 (S. argenteus, S. schweitzeri); Manual of Clinical Microbiology 12th ed., Staphylococcus chapter',
  },
];

/** What a biochemical or morphology identification heads its answer with. */
export type BiochemHeadline =
  /** The profile fits no taxon of the matrix well enough: said first, the nearest taxa only below. */
  | { kind: 'unacceptable'; name: LocalizedText }
  /** Morphology's answer for a row it cannot split from other species. */
  | { kind: 'morphology-group'; name: LocalizedText; members: readonly string[]; settles: LocalizedText; source: string }
  /** Morphology naming a species row: presumptive, at most "acceptable", confirmed by a species-level method. */
  | { kind: 'presumptive'; name: LocalizedText; settles: LocalizedText }
  /** A species complex the panel cannot split (see `@mdc/core/identify/complexes`). */
  | { kind: 'complex'; name: LocalizedText; members: readonly string[]; settles: LocalizedText; source: string }
  | { kind: 'taxon'; name: LocalizedText };

const PRESUMPTIVE: LocalizedText = {
  zh: '形态学与初步试验只能推定到种：请用生化鉴定板、MALDI-TOF 或 16S 测序确认。',
  en: 'Morphology and the primary tests only presume the species: confirm it with a biochemical panel, MALDI-TOF or 16S sequencing.',
};

/** The best label morphology may give a species row. */
export const MORPHOLOGY_SPECIES_CAP: QualityLevel = 'acceptable';

const worse = (a: QualityLevel, b: QualityLevel): QualityLevel => (QUALITY_LEVELS.indexOf(a) >= QUALITY_LEVELS.indexOf(b) ? a : b);

/**
 * The headline and the level it carries: an unacceptable profile first of all; for morphology a
 * group (coagulase-positive staphylococci) or a presumptive species capped at "acceptable"; for a
 * panel a complex it cannot split; else the taxon itself.
 */
export function biochemHeadline(
  method: 'biochem' | 'morphology',
  taxon: { name: string; zh?: string },
  level: QualityLevel,
  unacceptableLabel: LocalizedText,
): { headline: BiochemHeadline; level: QualityLevel } {
  if (level === 'unacceptable') return { headline: { kind: 'unacceptable', name: unacceptableLabel }, level };
  const named: LocalizedText = { en: taxon.name, zh: taxon.zh ?? taxon.name };
  const isSpecies = /^[A-Z][a-z]+ [a-z]+$/.test(taxon.name);
  if (method === 'morphology') {
    const group = MORPHOLOGY_GROUPS.find((g) => g.row === taxon.name);
    if (group) return { headline: { kind: 'morphology-group', name: group.name, members: group.members, settles: group.settles, source: group.source }, level };
    if (isSpecies) return { headline: { kind: 'presumptive', name: named, settles: PRESUMPTIVE }, level: worse(level, MORPHOLOGY_SPECIES_CAP) };
    return { headline: { kind: 'taxon', name: named }, level };
  }
  const complex = isSpecies ? complexCall('biochem', [taxon.name]) : undefined;
  if (complex) {
    return { headline: { kind: 'complex', name: { en: complex.name, zh: complex.zh }, members: complex.species, settles: complex.settles, source: complex.source }, level };
  }
  return { headline: { kind: 'taxon', name: named }, level };
}
