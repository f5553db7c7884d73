import type { LocalizedText } from '../index';

/**
 * Species that ITS cannot tell apart: sister species whose ITS sequences are identical or differ
 * less than within a species. A result naming any member is reported as the group, with the
 * marker that does separate them. Every row carries its source.
 */
export interface ItsSpeciesGroup {
  id: string;
  name: LocalizedText;
  /** Member species as the reference names them (Index Fungorum names of IF+UNITE+INSDC). */
  members: readonly string[];
  /** Which marker separates the members. */
  resolvedBy: LocalizedText;
  source: string;
}

export const ITS_SPECIES_GROUPS: readonly ItsSpeciesGroup[] = Object.freeze([
  {
    id: 'aspergillus-fumigati',
    name: { en: 'Aspergillus section Fumigati', zh: '烟曲霉组（Aspergillus section Fumigati）' },
    members: ['Aspergillus fumigatus', 'Aspergillus lentulus', 'Aspergillus fischeri', 'Aspergillus udagawae', 'Aspergillus novofumigatus', 'Aspergillus hiratsukae', 'Aspergillus fumigatiaffinis', 'Aspergillus viridinutans', 'Aspergillus thermomutatus', 'Aspergillus pseudofischeri'],
    resolvedBy: { en: 'β-tubulin (benA) or calmodulin (CaM)', zh: 'β-微管蛋白（benA）或钙调蛋白（CaM）基因' },
    source: 'Samson R.A. et al. 2014, Stud Mycol 78:141–173 (ITS does not separate the species of section Fumigati; benA/CaM do)',
  },
  {
    id: 'fusarium-solani-sc',
    name: { en: 'Fusarium solani species complex', zh: '茄病镰刀菌复合群（Fusarium solani species complex）' },
    members: ['Fusarium solani', 'Fusarium falciforme', 'Fusarium keratoplasticum', 'Fusarium petroliphilum', 'Fusarium solani-melongenae', 'Neocosmospora solani', 'Neocosmospora falciformis', 'Neocosmospora keratoplastica', 'Neocosmospora petroliphila'],
    resolvedBy: { en: 'translation elongation factor 1-α (TEF1) and RPB2', zh: '翻译延伸因子 1-α（TEF1）与 RPB2 基因' },
    source: "O'Donnell K. et al. 2015, Phytoparasitica 43:583–595 (ITS is too conserved within Fusarium species complexes; TEF1/RPB2 resolve them)",
  },
  {
    id: 'fusarium-oxysporum-sc',
    name: { en: 'Fusarium oxysporum species complex', zh: '尖孢镰刀菌复合群（Fusarium oxysporum species complex）' },
    members: ['Fusarium oxysporum', 'Fusarium callistephi', 'Fusarium carminascens', 'Fusarium contaminatum', 'Fusarium cugenangense', 'Fusarium curvatum', 'Fusarium duoseptatum', 'Fusarium elaeidis', 'Fusarium fabacearum', 'Fusarium foetens', 'Fusarium glycines', 'Fusarium gossypinum', 'Fusarium hoodiae', 'Fusarium libertatis', 'Fusarium nirenbergiae', 'Fusarium odoratissimum', 'Fusarium pharetrum', 'Fusarium triseptatum', 'Fusarium veterinarium'],
    resolvedBy: { en: 'translation elongation factor 1-α (TEF1) and RPB2', zh: '翻译延伸因子 1-α（TEF1）与 RPB2 基因' },
    source: "O'Donnell K. et al. 2015, Phytoparasitica 43:583–595; Lombard L. et al. 2019, Persoonia 43:1–47 (F. oxysporum epitypified; the cryptic species of the complex, indistinguishable by ITS)",
  },
  {
    id: 'fusarium-fujikuroi-sc',
    name: { en: 'Fusarium fujikuroi species complex', zh: '藤仓镰刀菌复合群（Fusarium fujikuroi species complex）' },
    members: ['Fusarium fujikuroi', 'Fusarium proliferatum', 'Fusarium verticillioides', 'Fusarium sacchari', 'Fusarium subglutinans', 'Fusarium musae', 'Fusarium circinatum', 'Fusarium temperatum', 'Fusarium andiyazi', 'Fusarium thapsinum', 'Fusarium nygamai'],
    resolvedBy: { en: 'translation elongation factor 1-α (TEF1) and RPB2', zh: '翻译延伸因子 1-α（TEF1）与 RPB2 基因' },
    source: "O'Donnell K. et al. 2015, Phytoparasitica 43:583–595 (ITS is too conserved within the F. fujikuroi complex and carries non-orthologous copies)",
  },
  {
    id: 'candida-parapsilosis-complex',
    name: { en: 'Candida parapsilosis complex', zh: '近平滑念珠菌复合群（Candida parapsilosis complex）' },
    members: ['Candida parapsilosis', 'Candida orthopsilosis', 'Candida metapsilosis'],
    resolvedBy: { en: 'MALDI-TOF or SADH / multilocus sequencing', zh: 'MALDI-TOF 质谱或 SADH / 多位点测序' },
    source: 'Tavanti A. et al. 2005, J Clin Microbiol 43:284–292 (the three species of the former C. parapsilosis groups I–III)',
  },
  {
    id: 'cryptococcus-neoformans-complex',
    name: { en: 'Cryptococcus neoformans species complex', zh: '新生隐球菌复合群（Cryptococcus neoformans species complex）' },
    members: ['Cryptococcus neoformans', 'Cryptococcus deneoformans'],
    resolvedBy: { en: 'multilocus sequence typing (ISHAM MLST) or URA5-RFLP', zh: '多位点序列分型（ISHAM MLST）或 URA5-RFLP' },
    source: 'Hagen F. et al. 2015, Fungal Genet Biol 78:16–48 (seven species recognised in the C. neoformans/C. gattii complexes)',
  },
  {
    id: 'cryptococcus-gattii-complex',
    name: { en: 'Cryptococcus gattii species complex', zh: '格特隐球菌复合群（Cryptococcus gattii species complex）' },
    members: ['Cryptococcus gattii', 'Cryptococcus bacillisporus', 'Cryptococcus deuterogattii', 'Cryptococcus tetragattii', 'Cryptococcus decagattii'],
    resolvedBy: { en: 'multilocus sequence typing (ISHAM MLST) or URA5-RFLP', zh: '多位点序列分型（ISHAM MLST）或 URA5-RFLP' },
    source: 'Hagen F. et al. 2015, Fungal Genet Biol 78:16–48 (seven species recognised in the C. neoformans/C. gattii complexes)',
  },
  {
    id: 'mucor-circinelloides-complex',
    name: { en: 'Mucor circinelloides complex', zh: '卷枝毛霉复合群（Mucor circinelloides complex）' },
    members: ['Mucor circinelloides', 'Mucor griseocyanus', 'Mucor janssenii', 'Mucor lusitanicus', 'Mucor velutinosus', 'Mucor ctenidius', 'Mucor variicolumellatus', 'Mucor pseudocircinelloides', 'Mucor amphibiorum', 'Mucor ramosissimus'],
    resolvedBy: { en: 'multilocus sequencing (rpb1, tsr1, cfs)', zh: '多位点测序（rpb1、tsr1、cfs）' },
    source: 'Wagner L. et al. 2020, Persoonia 44:67–97 (a new species concept for the clinically relevant M. circinelloides complex)',
  },
  {
    id: 'scedosporium-apiospermum-complex',
    name: { en: 'Scedosporium apiospermum species complex', zh: '尖端赛多孢复合群（Scedosporium apiospermum species complex）' },
    members: ['Scedosporium apiospermum', 'Scedosporium boydii', 'Scedosporium dehoogii', 'Scedosporium angustum', 'Scedosporium ellipsoideum', 'Scedosporium fusoideum', 'Pseudallescheria boydii', 'Pseudallescheria angusta', 'Pseudallescheria ellipsoidea', 'Pseudallescheria fusoidea', 'Pseudallescheria apiosperma'],
    resolvedBy: { en: 'β-tubulin (BT2) sequencing', zh: 'β-微管蛋白（BT2）测序' },
    source: 'Gilgado F. et al. 2005, J Clin Microbiol 43:4930–4942; Lackner M. et al. 2014, Fungal Divers 67:1–10 (nomenclature of Pseudallescheria and Scedosporium)',
  },
  {
    id: 'trichophyton-mentagrophytes-complex',
    name: { en: 'Trichophyton mentagrophytes / interdigitale complex', zh: '须癣毛癣菌 / 指间毛癣菌复合群（Trichophyton mentagrophytes / interdigitale complex）' },
    members: ['Trichophyton mentagrophytes', 'Trichophyton interdigitale', 'Trichophyton indotineae', 'Trichophyton quinckeanum', 'Trichophyton equinum', 'Trichophyton krajdenii'],
    resolvedBy: { en: 'ITS genotyping against type strains, TEF1 and β-tubulin', zh: '基于模式菌株的 ITS 基因型分型、TEF1 与 β-微管蛋白' },
    source: 'de Hoog G.S. et al. 2017, Mycopathologia 182:5–31 (dermatophyte taxonomy: ITS differences within the T. mentagrophytes series are a few bases; T. krajdenii a synonym of T. mentagrophytes)',
  },
]);

const GROUP_OF = new Map<string, ItsSpeciesGroup>();
for (const group of ITS_SPECIES_GROUPS) for (const member of group.members) GROUP_OF.set(member, group);

/** The species group a species belongs to, if ITS cannot split it from its sisters. */
export function itsSpeciesGroupOf(species: string): ItsSpeciesGroup | undefined {
  return GROUP_OF.get(species);
}
