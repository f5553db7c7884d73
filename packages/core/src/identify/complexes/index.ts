import type { IdentificationMethod, LocalizedText } from '../index';

/**
 * Species complexes and groups that an identification method cannot split: the call is then the
 * complex, named as microbiologists name it, not one of its species. Every row says which methods
 * cannot split it, which test does, and where that comes from. Members are listed under their
 * current names and, where a reference set may still carry them, under former ones (the members of
 * the M. tuberculosis complex are heterotypic synonyms of M. tuberculosis in LPSN since Riojas et
 * al. 2018, yet laboratories and reference sets name them).
 *
 * A method "cannot split" a complex when its members are not separated by what it measures:
 * 16S/18S similarity within the margin that names one species, ANI within one genomic species,
 * MALDI-TOF spectra of routine libraries, the reactions of biochemical panels, or morphology.
 */
export interface TaxonComplex {
  id: string;
  /** The call as reports write it; starts with the species it is named after. */
  name: string;
  zh: string;
  /** The species the complex is named after. */
  namedAfter: string;
  /** Species (current and former names) that belong to it. */
  species: readonly string[];
  /** Genera all of whose species belong to it (Shigella in E. coli / Shigella). */
  genera?: readonly string[];
  /** Methods that cannot split its members. */
  unsplitBy: readonly IdentificationMethod[];
  /** What separates the members, for the reader. */
  settles: LocalizedText;
  source: string;
}

const ALL_SEQUENCE_AND_SPECTRA: readonly IdentificationMethod[] = ['16S', 'proteome'];

export const TAXON_COMPLEXES: readonly TaxonComplex[] = [
  {
    id: 'mycobacterium-tuberculosis-complex',
    name: 'Mycobacterium tuberculosis complex',
    zh: '结核分枝杆菌复合群',
    namedAfter: 'Mycobacterium tuberculosis',
    species: [
      'Mycobacterium tuberculosis',
      'Mycobacterium bovis',
      'Mycobacterium africanum',
      'Mycobacterium microti',
      'Mycobacterium canettii',
      'Mycobacterium caprae',
      'Mycobacterium pinnipedii',
      'Mycobacterium mungi',
      'Mycobacterium orygis',
    ],
    unsplitBy: [...ALL_SEQUENCE_AND_SPECTRA, 'genome', 'biochem', 'morphology'],
    settles: {
      zh: '复合群内各成员 16S rRNA 基因相同、全基因组 ANI > 99.9%；以差异区（RD）缺失分析、spoligotyping 或全基因组谱系分型区分（如 M. bovis BCG 的 RD1 缺失）。',
      en: 'Members share identical 16S rRNA genes and > 99.9 % genome ANI; regions of difference (RD deletion analysis), spoligotyping or whole-genome lineage typing separate them (e.g. RD1 deletion of M. bovis BCG).',
    },
    source:
      'Brosch R. et al. 2002, PNAS 99:3684–3689 (RD deletions); Riojas M.A. et al. 2018, IJSEM 68:324–332 (members are one genomic species, heterotypic synonyms of M. tuberculosis); Böddinghaus B. et al. 1990, J Clin Microbiol 28:1751–1759 (identical 16S)',
  },
  {
    id: 'escherichia-coli-shigella',
    name: 'Escherichia coli / Shigella',
    zh: '大肠埃希菌/志贺菌',
    namedAfter: 'Escherichia coli',
    species: ['Escherichia coli', 'Shigella dysenteriae', 'Shigella flexneri', 'Shigella boydii', 'Shigella sonnei'],
    genera: ['Shigella'],
    unsplitBy: [...ALL_SEQUENCE_AND_SPECTRA, 'genome'],
    settles: {
      zh: '志贺菌无动力、多数不发酵乳糖、赖氨酸脱羧酶阴性、不利用醋酸盐和黏液酸，以 O 抗原血清凝集定型；基因组可用 ShigaTyper 或 ShigEiFinder（ipaH 与血清型基因）区分志贺菌与肠侵袭性大肠埃希菌。',
      en: 'Shigella is non-motile, mostly lactose-negative, lysine decarboxylase-negative, acetate- and mucate-negative and typed by O-antigen agglutination; from the genome, ShigaTyper or ShigEiFinder (ipaH with serotype genes) separate Shigella from enteroinvasive E. coli.',
    },
    source:
      'Pettengill E.A. et al. 2016, Front Microbiol 6:1513 (Shigella within E. coli by genome); Chaudhuri R.R. & Henderson I.R. 2012, Infect Genet Evol 12:214–226; Bruker MBT library notes (E. coli/Shigella reported together); shared genome manifest: Shigella 97–98.5 % ANI to E. coli',
  },
  {
    id: 'acinetobacter-baumannii-calcoaceticus-complex',
    name: 'Acinetobacter baumannii–calcoaceticus complex',
    zh: '鲍曼-醋酸钙不动杆菌复合群',
    namedAfter: 'Acinetobacter baumannii',
    species: [
      'Acinetobacter baumannii',
      'Acinetobacter calcoaceticus',
      'Acinetobacter pittii',
      'Acinetobacter nosocomialis',
      'Acinetobacter seifertii',
      'Acinetobacter lactucae',
      'Acinetobacter dijkshoorniae',
    ],
    unsplitBy: ['16S', 'biochem', 'morphology'],
    settles: {
      zh: '表型与 16S 无法可靠区分；以 rpoB 测序、gyrB 多重 PCR、blaOXA-51-like 基因（A. baumannii 固有）或全基因组 ANI 区分，更新后的 MALDI-TOF 数据库也可区分。',
      en: 'Phenotype and 16S cannot separate them reliably; rpoB sequencing, gyrB multiplex PCR, the intrinsic blaOXA-51-like gene (A. baumannii) or genome ANI do, as do updated MALDI-TOF libraries.',
    },
    source: 'Nemec A. et al. 2011, Res Microbiol 162:393–404; Nemec A. et al. 2015, Res Microbiol 166:447–456 (A. seifertii); Cosgaya C. et al. 2016, Front Microbiol 7:1942 (A. dijkshoorniae)',
  },
  {
    id: 'enterobacter-cloacae-complex',
    name: 'Enterobacter cloacae complex',
    zh: '阴沟肠杆菌复合群',
    namedAfter: 'Enterobacter cloacae',
    species: [
      'Enterobacter cloacae',
      'Enterobacter hormaechei',
      'Enterobacter asburiae',
      'Enterobacter kobei',
      'Enterobacter ludwigii',
      'Enterobacter mori',
      'Enterobacter roggenkampii',
      'Enterobacter bugandensis',
      'Enterobacter chengduensis',
      'Enterobacter cancerogenus',
      'Enterobacter xiangfangensis',
      'Enterobacter sichuanensis',
    ],
    unsplitBy: [...ALL_SEQUENCE_AND_SPECTRA, 'biochem', 'morphology'],
    settles: {
      zh: '常规生化、16S 与常规 MALDI-TOF 数据库无法区分复合群内的种；以 hsp60 测序或全基因组 ANI 区分。',
      en: 'Routine biochemistry, 16S and routine MALDI-TOF libraries do not separate its species; hsp60 sequencing or genome ANI do.',
    },
    source: 'Mezzatesta M.L. et al. 2012, Future Microbiol 7:887–902; Hoffmann H. & Roggenkamp A. 2003, Appl Environ Microbiol 69:5306–5318 (hsp60 clusters); Wu W. et al. 2020, Front Microbiol 11:2151',
  },
  {
    id: 'bacillus-cereus-group',
    name: 'Bacillus cereus group',
    zh: '蜡样芽胞杆菌群',
    namedAfter: 'Bacillus cereus',
    species: [
      'Bacillus cereus',
      'Bacillus anthracis',
      'Bacillus thuringiensis',
      'Bacillus mycoides',
      'Bacillus pseudomycoides',
      'Bacillus weihenstephanensis',
      'Bacillus cytotoxicus',
      'Bacillus toyonensis',
      'Bacillus wiedmannii',
      'Bacillus paranthracis',
      'Bacillus pacificus',
      'Bacillus tropicus',
      'Bacillus albus',
      'Bacillus mobilis',
      'Bacillus luti',
      'Bacillus nitratireducens',
      'Bacillus proteolyticus',
    ],
    unsplitBy: [...ALL_SEQUENCE_AND_SPECTRA, 'biochem', 'morphology'],
    settles: {
      zh: '群内 16S 相似度 > 99%，MALDI-TOF 与生化无法可靠区分；炭疽芽胞杆菌以无动力、不溶血、青霉素敏感、γ 噬菌体裂解及 pXO1/pXO2 质粒 PCR 确认（疑似时送参比实验室）。',
      en: 'Its members share > 99 % 16S similarity and are not reliably separated by MALDI-TOF or biochemistry; B. anthracis is confirmed by non-motility, no haemolysis, penicillin susceptibility, gamma-phage lysis and pXO1/pXO2 PCR (refer suspected isolates to a reference laboratory).',
    },
    source: 'Carroll L.M. et al. 2020, mBio 11:e00034-20 (genomospecies of the group); Ash C. et al. 1991, Int J Syst Bacteriol 41:343–346 (16S); CDC/ASM Sentinel Level Laboratory Guidelines, Bacillus anthracis (2017)',
  },
  {
    id: 'streptococcus-mitis-oralis-group',
    name: 'Streptococcus mitis/oralis group',
    zh: '缓症/口腔链球菌群',
    namedAfter: 'Streptococcus mitis',
    species: [
      'Streptococcus mitis',
      'Streptococcus oralis',
      'Streptococcus pneumoniae',
      'Streptococcus pseudopneumoniae',
      'Streptococcus infantis',
      'Streptococcus peroris',
      'Streptococcus tigurinus',
      'Streptococcus dentisani',
      'Streptococcus sinensis',
      'Streptococcus oligofermentans',
      'Streptococcus cristatus',
    ],
    unsplitBy: [...ALL_SEQUENCE_AND_SPECTRA, 'biochem', 'morphology'],
    settles: {
      zh: '群内 16S 相似度 > 99%，生化与常规 MALDI-TOF 易混淆（常把缓症链球菌报为肺炎链球菌）；肺炎链球菌以 Optochin 敏感和胆汁溶解确认，其余以 sodA/gdh 测序或全基因组区分。',
      en: 'Its members share > 99 % 16S similarity and are confused by biochemistry and routine MALDI-TOF (S. mitis reported as S. pneumoniae); S. pneumoniae is confirmed by optochin susceptibility and bile solubility, the others by sodA/gdh sequencing or the genome.',
    },
    source: 'Kawamura Y. et al. 1995, Int J Syst Bacteriol 45:406–408 (16S of the mitis group); Jensen A. et al. 2016, Mol Phylogenet Evol 99:271–283; Kilian M. et al. 2008, PLoS One 3:e2683',
  },
  {
    id: 'klebsiella-pneumoniae-complex',
    name: 'Klebsiella pneumoniae complex',
    zh: '肺炎克雷伯菌复合群',
    namedAfter: 'Klebsiella pneumoniae',
    species: [
      'Klebsiella pneumoniae',
      'Klebsiella quasipneumoniae',
      'Klebsiella variicola',
      'Klebsiella africana',
      'Klebsiella quasivariicola',
    ],
    // ANI separates its species (94–96 %), MALDI-TOF partly: only the unambiguous ANI calls stand
    // (see complexCall's `ambiguousWith`).
    unsplitBy: ['16S', 'biochem', 'morphology'],
    settles: {
      zh: '复合群（Kp1–Kp7）内 16S 与常规生化无法区分；以全基因组 ANI（如 Kleborate）或 rpoB/MALDI-TOF 专用峰区分。',
      en: 'Its phylogroups (Kp1–Kp7) are not separated by 16S or routine biochemistry; genome ANI (e.g. Kleborate) or rpoB / specific MALDI-TOF peaks do.',
    },
    source: 'Wyres K.L., Lam M.M.C. & Holt K.E. 2020, Nat Rev Microbiol 18:344–359; Rodrigues C. et al. 2019, Res Microbiol 170:165–170 (K. africana); Rodrigues C. et al. 2018, Front Microbiol 9:3000 (MALDI-TOF peaks)',
  },
  {
    id: 'burkholderia-cepacia-complex',
    name: 'Burkholderia cepacia complex',
    zh: '洋葱伯克霍尔德菌复合群',
    namedAfter: 'Burkholderia cepacia',
    species: [
      'Burkholderia cepacia',
      'Burkholderia cenocepacia',
      'Burkholderia multivorans',
      'Burkholderia vietnamiensis',
      'Burkholderia stabilis',
      'Burkholderia ambifaria',
      'Burkholderia anthina',
      'Burkholderia pyrrocinia',
      'Burkholderia dolosa',
      'Burkholderia lata',
      'Burkholderia contaminans',
      'Burkholderia arboris',
      'Burkholderia diffusa',
      'Burkholderia latens',
      'Burkholderia metallica',
      'Burkholderia seminalis',
      'Burkholderia ubonensis',
      'Burkholderia pseudomultivorans',
      'Burkholderia stagnalis',
      'Burkholderia territorii',
    ],
    unsplitBy: [...ALL_SEQUENCE_AND_SPECTRA, 'biochem', 'morphology'],
    settles: {
      zh: '复合群内 16S 相似度 98%–100%，生化与 MALDI-TOF 无法可靠区分；以 recA 测序、MLST 或全基因组区分。',
      en: 'Its members share 98–100 % 16S similarity and are not reliably separated by biochemistry or MALDI-TOF; recA sequencing, MLST or the genome do.',
    },
    source: 'Mahenthiralingam E., Urban T.A. & Goldberg J.B. 2005, Nat Rev Microbiol 3:144–156; Vandamme P. & Dawyndt P. 2011, Syst Appl Microbiol 34:87–95',
  },
  {
    id: 'staphylococcus-aureus-complex',
    name: 'Staphylococcus aureus complex',
    zh: '金黄色葡萄球菌复合群',
    namedAfter: 'Staphylococcus aureus',
    species: ['Staphylococcus aureus', 'Staphylococcus argenteus', 'Staphylococcus schweitzeri', 'Staphylococcus roterodami', 'Staphylococcus singaporensis'],
    unsplitBy: ['16S', 'biochem'],
    settles: {
      zh: '16S 与常规生化（凝固酶阳性）无法区分；S. argenteus 缺少金黄色色素（staphyloxanthin），以 MALDI-TOF（更新数据库）、nuc/NRPS 基因 PCR 或全基因组 ANI 区分。',
      en: '16S and routine biochemistry (coagulase-positive) do not separate them; S. argenteus lacks the golden pigment (staphyloxanthin) and is told apart by MALDI-TOF (updated library), nuc/NRPS PCR or genome ANI.',
    },
    source: 'Tong S.Y.C. et al. 2015, IJSEM 65:15–22 (S. argenteus, S. schweitzeri); Becker K. et al. 2019, Clin Microbiol Infect 25:1064–1070',
  },
];

/** Species (and genera) of each complex, by method, built once. */
const bySpecies = new Map<string, TaxonComplex[]>();
const byGenus = new Map<string, TaxonComplex[]>();
for (const complex of TAXON_COMPLEXES) {
  for (const species of complex.species) bySpecies.set(species.toLowerCase(), [...(bySpecies.get(species.toLowerCase()) ?? []), complex]);
  for (const genus of complex.genera ?? []) byGenus.set(genus.toLowerCase(), [...(byGenus.get(genus.toLowerCase()) ?? []), complex]);
}

function binomial(name: string): string {
  return name.trim().split(/\s+/).slice(0, 2).join(' ').toLowerCase();
}

/** The complexes a species belongs to (by current or former name; a subspecies by its species). */
export function complexesOf(species: string): readonly TaxonComplex[] {
  const key = binomial(species);
  const genus = key.split(' ')[0] ?? '';
  return [...(bySpecies.get(key) ?? []), ...(byGenus.get(genus) ?? []).filter((c) => !bySpecies.get(key)?.includes(c))];
}

/** Whether the species belongs to the complex. */
export function isComplexMember(complex: TaxonComplex, species: string): boolean {
  return complexesOf(species).includes(complex);
}

export interface ComplexCallOptions {
  /**
   * Species the method found as close as the named one (an ambiguous call): when they and the
   * named species are all of one complex, the complex is the call even for a method that
   * usually splits it (a K. africana genome at 95.6 % to K. pneumoniae and near K. variicola).
   */
  ambiguousWith?: readonly string[];
}

/**
 * The complex a method should call instead of the species it named: every species named (one
 * species, or the species of a species group) belongs to the complex and the method cannot split
 * it, or the call was ambiguous between members of one complex. Undefined when the named species
 * stand as they are (no complex, a group spanning outsiders, or a method that splits the complex).
 */
export function complexCall(method: IdentificationMethod, named: readonly string[], options: ComplexCallOptions = {}): TaxonComplex | undefined {
  const species = named.filter((name) => name.trim().length > 0);
  if (species.length === 0) return undefined;
  const candidates = complexesOf(species[0]!);
  for (const complex of candidates) {
    if (!species.every((s) => isComplexMember(complex, s))) continue;
    if (complex.unsplitBy.includes(method)) return complex;
    const rivals = options.ambiguousWith ?? [];
    if (rivals.length > 0 && rivals.every((s) => isComplexMember(complex, s))) return complex;
  }
  return undefined;
}

export function complexById(id: string): TaxonComplex | undefined {
  return TAXON_COMPLEXES.find((complex) => complex.id === id);
}
