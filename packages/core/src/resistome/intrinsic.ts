/**
 * Chromosomal genes a species carries as a rule: found, they are reported as `intrinsic`, never as
 * acquired resistance (the drugs they affect are the species' expected resistance, which the
 * expected-resistance tables already give). Kept as data, each row with its source.
 */

export interface IntrinsicGeneRule {
  /** Species (or genus, one word) the gene is intrinsic to. */
  organisms: readonly string[];
  /** Gene names (ResFinder / AMRFinderPlus allele names) matched by this pattern… */
  gene?: RegExp;
  /** …or an AMRFinderPlus family node on the allele's family chain (`blaOXA-51_fam`). */
  family?: string;
  /** Only alleles without an extended-spectrum or carbapenem phenotype (SHV-1-like, not SHV-12). */
  narrowSpectrumOnly?: boolean;
  source: string;
}

const EUCAST_ERP = 'EUCAST Expected Resistant Phenotypes v1.2';

export const INTRINSIC_GENES: readonly IntrinsicGeneRule[] = [
  { organisms: ['Escherichia coli', 'Shigella'], gene: /^blaEC(-\d+)?$/, source: `${EUCAST_ERP}; AMRFinderPlus blaEC (chromosomal class C of E. coli)` },
  { organisms: ['Escherichia coli', 'Shigella'], gene: /^mdf\(A\)/, source: 'Edgar & Bibi 1997 (PMID 9079913): MdfA, the chromosomal multidrug transporter of E. coli' },
  { organisms: ['Klebsiella pneumoniae'], gene: /^blaSHV-\d+/, narrowSpectrumOnly: true, source: `${EUCAST_ERP} (K. pneumoniae: ampicillin); Kleborate (chromosomal SHV of K. pneumoniae)` },
  { organisms: ['Klebsiella quasipneumoniae'], gene: /^blaOKP/, source: `${EUCAST_ERP}; Kleborate (chromosomal OKP of K. quasipneumoniae)` },
  { organisms: ['Klebsiella variicola'], gene: /^blaLEN/, source: `${EUCAST_ERP}; Kleborate (chromosomal LEN of K. variicola)` },
  { organisms: ['Klebsiella oxytoca', 'Klebsiella michiganensis', 'Klebsiella grimontii'], gene: /^blaOXY/, source: `${EUCAST_ERP} (K. oxytoca: ampicillin, ticarcillin)` },
  { organisms: ['Klebsiella pneumoniae', 'Klebsiella quasipneumoniae', 'Klebsiella variicola'], gene: /^oqx[AB]/i, source: 'Kleborate; Wyres et al. 2020 (PMID 32001875): chromosomal OqxAB efflux of the K. pneumoniae species complex' },
  { organisms: ['Klebsiella pneumoniae', 'Klebsiella quasipneumoniae', 'Klebsiella variicola'], gene: /^fosA(5|6|7)?(_|$)/, source: 'Kleborate; Ito et al. 2017 (PMID 28679478): chromosomal FosA of K. pneumoniae' },
  { organisms: ['Acinetobacter baumannii'], family: 'blaOXA-51_fam', source: `${EUCAST_ERP}; Turton et al. 2006 (PMID 16877571): blaOXA-51-like, chromosomal in A. baumannii` },
  { organisms: ['Acinetobacter baumannii'], gene: /^blaADC/, source: `${EUCAST_ERP}; chromosomal ADC cephalosporinase of A. baumannii` },
  { organisms: ['Enterobacter cloacae', 'Enterobacter hormaechei', 'Enterobacter asburiae', 'Enterobacter kobei', 'Enterobacter ludwigii'], gene: /^bla(ACT|MIR)/, source: `${EUCAST_ERP} (Enterobacter cloacae complex: chromosomal AmpC)` },
  { organisms: ['Citrobacter freundii', 'Citrobacter braakii', 'Citrobacter youngae'], gene: /^blaCMY/, source: `${EUCAST_ERP} (Citrobacter freundii: chromosomal AmpC)` },
  { organisms: ['Pseudomonas aeruginosa'], gene: /^bla(PDC|OXA-50)/, source: `${EUCAST_ERP}; chromosomal AmpC (PDC) and OXA-50 of P. aeruginosa` },
  { organisms: ['Pseudomonas aeruginosa'], family: 'blaOXA-50_fam', source: `${EUCAST_ERP}; chromosomal OXA-50 family of P. aeruginosa` },
  { organisms: ['Enterococcus faecium'], gene: /^(aac\(6'\)-Ii|msr\(C\))/, source: `${EUCAST_ERP} (E. faecium: chromosomal AAC(6')-Ii, MsrC)` },
  { organisms: ['Enterococcus faecalis'], gene: /^lsa\(A\)/, source: `${EUCAST_ERP} (E. faecalis: chromosomal LsaA, clindamycin and quinupristin/dalfopristin)` },
  { organisms: ['Serratia marcescens'], gene: /^(blaSRT|blaSST|aac\(6'\)-Ic)/, source: `${EUCAST_ERP} (Serratia marcescens: chromosomal AmpC, AAC(6')-Ic)` },
  { organisms: ['Stenotrophomonas maltophilia'], gene: /^bla(L1|L2)/, source: `${EUCAST_ERP} (S. maltophilia: L1 metallo- and L2 β-lactamases)` },
];

/** Lower case, single spaces, `subsp.` and serovar parts kept out. */
export function normalizeOrganism(name: string): string {
  return name.trim().replace(/_/g, ' ').replace(/\s+/g, ' ').toLowerCase();
}

/** Whether a rule row's organism list covers the named organism (species, or the row's one-word genus). */
export function organismMatches(rows: readonly string[], organism: string | undefined): boolean {
  if (!organism) return false;
  const o = normalizeOrganism(organism);
  return rows.some((r) => {
    const n = normalizeOrganism(r);
    return o === n || o.startsWith(n + ' ');
  });
}

/** Drug names of extended-spectrum cephalosporins, monobactams and carbapenems (ResFinder's phenotype names). */
const EXTENDED = /^(cefotaxime|ceftazidime|ceftriaxone|cefepime|aztreonam|imipenem|meropenem|ertapenem|cefixime)$/i;

export function hasExtendedSpectrum(drugNames: readonly string[]): boolean {
  return drugNames.some((d) => EXTENDED.test(d.trim()));
}

/** The intrinsic-gene row covering an allele in an organism, if any. */
export function intrinsicRuleFor(organism: string | undefined, gene: string, families: readonly string[], drugNames: readonly string[]): IntrinsicGeneRule | undefined {
  if (!organism) return undefined;
  return INTRINSIC_GENES.find(
    (r) =>
      organismMatches(r.organisms, organism) &&
      ((r.gene && r.gene.test(gene)) || (r.family && families.includes(r.family))) &&
      !(r.narrowSpectrumOnly && hasExtendedSpectrum(drugNames)),
  );
}

const EXTENDED_CODES = new Set(['CTX', 'CAZ', 'CRO', 'FEP', 'ATM', 'IPM', 'MEM', 'ETP', 'CFM']);

/** The same, for drug codes. */
export function hasExtendedSpectrumCodes(codes: readonly string[]): boolean {
  return codes.some((c) => EXTENDED_CODES.has(c));
}
