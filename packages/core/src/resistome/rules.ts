/**
 * What a gene or mutation does to which drug, as data: every row names its source. Curated rows
 * first (they decide for the elements they match, firing or not); what they leave is read from
 * the database's own phenotype (ResFinder/PointFinder drugs) or, for a report's symbol ResFinder
 * lacks, from the AMRFinderPlus subclass (as `uncertain`).
 */

/** What a β-lactamase hydrolyses, from its AMRFinderPlus subclass or ResFinder phenotype and its family. */
export type Spectrum = 'carbapenemase' | 'esbl' | 'ampc' | 'narrow';

export interface ElementMatch {
  /** Gene symbol or mutation symbol (`blaCTX-M-15`, `gyrA_S83L`, `ampC_C-42T`). */
  symbol?: RegExp;
  spectrum?: readonly Spectrum[];
  kind?: 'gene' | 'mutation';
}

export interface PredictionRule {
  id: string;
  drugs: readonly string[];
  /** `none`: the matched elements do nothing to these drugs (they keep the phenotype fallback from calling them). */
  call: 'R' | 'uncertain' | 'none';
  match: ElementMatch;
  /** Fewest distinct matching elements for the rule to fire (default 1). */
  min?: number;
  /** Also needs an element matching this (sul + dfr). */
  with?: ElementMatch;
  /** Species or genera the row is for; absent: any. */
  organisms?: readonly string[];
  source: string;
}

const ENTEROBACTERALES = ['Escherichia', 'Shigella', 'Klebsiella', 'Enterobacter', 'Citrobacter', 'Salmonella', 'Proteus', 'Serratia', 'Morganella', 'Providencia', 'Raoultella', 'Hafnia', 'Kluyvera', 'Cronobacter', 'Pantoea', 'Yersinia'];
const PENICILLINS = ['AMP', 'AMX', 'PIP', 'TIC'];
const THIRD_GEN = ['CRO', 'CTX', 'CZO', 'CXM'];
const CARBAPENEMS = ['ETP', 'IPM', 'MEM'];
/** CTX-M variants with D240G or P167S/T, which hydrolyse ceftazidime (the others mostly leave its MIC under the breakpoint). */
const CTXM_CEFTAZIDIMASE = /^blaCTX-M-(1|3|15|16|19|25|28|32|35|42|53|54|55|57|58|62|64|71|79|82|93|101|132)$/;
const CTXM_CEFTAZIDIME_BORDERLINE = /^blaCTX-M-27$/;
const QRDR = /^(gyrA_(S83|D87|G81|D82|A84)|parC_(S80|E84|G78)|parE_(S458|L445|E460))[A-Z*]+$/;
const QRDR_GYRA = /^gyrA_(S83|D87|G81|D82|A84)[A-Z*]+$/;
const QRDR_TOPO_IV = /^(parC_(S80|E84|G78)|parE_(S458|L445|E460))[A-Z*]+$/;
const PMQR = /^(qnr[A-Z]|aac\(6'\)-Ib-cr|qepA|oqx[AB])/;

const CLSI_QUINOLONE = 'CLSI M100 (2019+) Enterobacterales ciprofloxacin S ≤ 0.25, R ≥ 1 mg/L, levofloxacin S ≤ 0.5, R ≥ 2; Hooper & Jacoby 2015 (PMID 26209462): one QRDR change gives 0.25–0.5 mg/L, two or three ≥ 1';
/**
 * Low-level fluoroquinolone resistance (one QRDR change, or one PMQR gene) under the 2019 CLSI
 * ciprofloxacin breakpoints: the revision lowered them to catch it, and it lands across them.
 */
const LOW_LEVEL_FQ = 'CLSI M100 (2019+) ciprofloxacin S ≤ 0.25, I 0.5, R ≥ 1 mg/L, lowered from S ≤ 1 / R ≥ 4 to catch low-level resistance the earlier breakpoints called susceptible (Van et al. 2019, PMID 31043468); a first-step mechanism gives ciprofloxacin MICs around these breakpoints (S, I or R), so the genome does not separate S from R';
const BUSH = 'Bush & Jacoby 2010 (PMID 19995920) functional classes; ResFinder phenotypes';

export const PREDICTION_RULES: readonly PredictionRule[] = [
  // β-lactams
  { id: 'bla-penicillinase', drugs: PENICILLINS, call: 'R', match: { spectrum: ['narrow', 'esbl', 'ampc', 'carbapenemase'] }, organisms: ENTEROBACTERALES, source: `${BUSH}: every acquired β-lactamase hydrolyses aminopenicillins` },
  { id: 'ampc-promoter', drugs: ['AMP', 'AMX'], call: 'R', match: { symbol: /^ampC_[ACGT]-?\d+[ACGT]+$|^ampC-promoter/ }, organisms: ['Escherichia coli', 'Shigella'], source: 'Caroff et al. 2000 (PMID 10639370); Tracz et al. 2007 (PMID 17242144): ampC promoter/attenuator changes raise chromosomal AmpC' },
  { id: 'ampc-promoter-cephalosporins', drugs: ['CRO', 'CTX', 'CAZ', 'FOX', 'CZO'], call: 'uncertain', match: { symbol: /^ampC_[ACGT]-?\d+[ACGT]+$|^ampC-promoter/ }, organisms: ['Escherichia coli', 'Shigella'], source: 'Tracz et al. 2007 (PMID 17242144): hyperproduced chromosomal AmpC gives cephalosporin MICs around the breakpoints' },
  { id: 'esbl-3gc', drugs: THIRD_GEN, call: 'R', match: { spectrum: ['esbl'] }, source: `${BUSH}; EUCAST Expert Rules 3.2 (ESBL: 3rd-generation cephalosporins)` },
  { id: 'ctxm-caz', drugs: ['CAZ'], call: 'R', match: { symbol: CTXM_CEFTAZIDIMASE }, source: 'Bonnet 2004 (PMID 14693513); Novais et al. 2008 (PMID 18158279): D240G/P167S CTX-M variants hydrolyse ceftazidime' },
  { id: 'ctxm-caz-borderline', drugs: ['CAZ', 'FEP'], call: 'uncertain', match: { symbol: CTXM_CEFTAZIDIME_BORDERLINE }, source: 'Bonnet et al. 2003 (PMID 12821467): CTX-M-27 (CTX-M-14 + D240G) raises ceftazidime MICs around the breakpoint' },
  { id: 'ctxm-other-caz', drugs: ['CAZ', 'FEP'], call: 'uncertain', match: { symbol: /^blaCTX-M/ }, source: 'Bonnet 2004 (PMID 14693513): CTX-M (group 9: CTX-M-14, -24 …) raise cefotaxime/ceftriaxone far more than ceftazidime and cefepime' },
  { id: 'ctxm-fep', drugs: ['FEP'], call: 'R', match: { symbol: CTXM_CEFTAZIDIMASE }, source: 'CLSI M100 cefepime SDD 4–8, R ≥ 16; Livermore et al. 2007 (PMID 17121822): CTX-M-15 cefepime MICs mostly ≥ 16' },
  { id: 'ctxm-atm', drugs: ['ATM'], call: 'R', match: { symbol: /^blaCTX-M-(1|3|15|27|55|32|16|19|25|28|42|53|54|57|58|62|64|71|79|82|93|101|132)$/ }, source: 'Bonnet 2004 (PMID 14693513): aztreonam hydrolysed by group-1 CTX-M and D240G variants' },
  { id: 'ctxm-other-atm', drugs: ['ATM'], call: 'uncertain', match: { symbol: /^blaCTX-M/ }, source: 'Bonnet 2004 (PMID 14693513): group-9 CTX-M give aztreonam MICs around the breakpoint' },
  { id: 'esbl-other-caz-fep-atm', drugs: ['CAZ', 'ATM'], call: 'R', match: { spectrum: ['esbl'], symbol: /^bla(SHV|TEM|GES|PER|VEB|BEL|TLA)/ }, source: `${BUSH}: SHV/TEM ESBL and PER/VEB/GES are ceftazidimases` },
  { id: 'esbl-other-fep', drugs: ['FEP'], call: 'uncertain', match: { spectrum: ['esbl'], symbol: /^bla(SHV|TEM|GES|PER|VEB|BEL|TLA)/ }, source: 'CLSI M100: cefepime SDD category — ESBL-producers often test 2–8 mg/L' },
  { id: 'ampc-3gc', drugs: ['CRO', 'CTX', 'CAZ', 'CZO', 'FOX', 'CXM'], call: 'R', match: { spectrum: ['ampc'], symbol: /^bla(CMY-\d|ACC|FOX|MOX|ACT|MIR|LAT|CFE|ADC|PDC)/ }, source: 'Jacoby 2009 (PMID 19136439): plasmid AmpC confers 3rd-generation cephalosporin and cephamycin resistance' },
  { id: 'ampc-unnamed', drugs: ['CRO', 'CTX', 'CAZ', 'FOX'], call: 'uncertain', match: { symbol: /^blaCMY$/ }, source: 'AMRFinderPlus names the family only (partial or new allele): the allele\'s effect is not shown' },
  { id: 'dha-3gc', drugs: ['CRO', 'CTX', 'CAZ', 'FOX'], call: 'uncertain', match: { symbol: /^blaDHA/ }, source: 'Barnaud et al. 1998 (PMID 9527785): DHA-1 is inducible; without induction cephalosporin MICs are often under the breakpoint' },
  { id: 'ampc-fep', drugs: ['FEP'], call: 'none', match: { spectrum: ['ampc'] }, source: 'Jacoby 2009 (PMID 19136439): AmpC enzymes spare cefepime' },
  { id: 'ampc-atm', drugs: ['ATM'], call: 'uncertain', match: { spectrum: ['ampc'] }, source: 'Jacoby 2009 (PMID 19136439): aztreonam MICs of AmpC producers vary around the breakpoint' },
  { id: 'oxa1-cephalosporins', drugs: ['CRO', 'CTX', 'CAZ', 'FEP', 'ATM'], call: 'none', match: { symbol: /^blaOXA-(1|30|31|47)$/ }, source: 'Livermore et al. 2019 (PMID 30649345): OXA-1 raises piperacillin/tazobactam and amoxicillin/clavulanate, not the cephalosporins\' categories' },
  { id: 'narrow-no-3gc', drugs: ['CRO', 'CTX', 'CAZ', 'FEP', 'ATM'], call: 'none', match: { spectrum: ['narrow'] }, source: `${BUSH}: 2b penicillinases (TEM-1, SHV-1 …) spare extended-spectrum cephalosporins and aztreonam` },
  { id: 'unnamed-bla', drugs: PENICILLINS, call: 'uncertain', match: { symbol: /^bla[A-Z]+$/ }, source: 'AMRFinderPlus names the family only (a partial or interrupted gene): whether it is expressed is not shown' },
  { id: 'carbapenemase', drugs: [...CARBAPENEMS, ...THIRD_GEN, 'CAZ', 'FEP', 'FOX', 'AMC', 'TZP'], call: 'R', match: { spectrum: ['carbapenemase'], symbol: /^bla(KPC|NDM|VIM|IMP|SPM|GIM|SIM|IMI|NMC|SME|GES)/ }, source: 'CLSI M100 / EUCAST guidance on carbapenemase detection: KPC, metallo-β-lactamases hydrolyse all β-lactams but aztreonam (MBL) and the newer combinations' },
  { id: 'kpc-atm', drugs: ['ATM'], call: 'R', match: { symbol: /^blaKPC/ }, source: 'Queenan & Bush 2007 (PMID 17630337): KPC hydrolyses aztreonam' },
  { id: 'oxa48-carbapenems', drugs: CARBAPENEMS, call: 'uncertain', match: { spectrum: ['carbapenemase'], symbol: /^blaOXA/ }, source: 'Poirel et al. 2012 (PMID 22252815): OXA-48-like enzymes give carbapenem MICs from susceptible to resistant' },
  { id: 'oxa48-cephalosporins', drugs: [...THIRD_GEN, 'CAZ', 'FEP', 'ATM'], call: 'none', match: { spectrum: ['carbapenemase'], symbol: /^blaOXA-(48|162|181|199|204|232|244|245|370|436|484|515|519|535|538)$/ }, source: 'Poirel et al. 2012 (PMID 22252815): OXA-48-like enzymes spare extended-spectrum cephalosporins' },
  // Aminoglycosides
  { id: 'aac3-gen', drugs: ['GEN'], call: 'R', match: { symbol: /^(aac\(3\)-(I|Ia|Id|IIa|IIb|IIc|IId|IIe|III|IV|IVa|VI|VIa)$|ant\(2''\)-Ia|armA|rmt[A-H]|npmA)/ }, source: 'Ramirez & Tolmasky 2010 (PMID 20833577): AAC(3)-I/-II/-IV/-VI, ANT(2\'\')-I and 16S rRNA methylases confer gentamicin resistance' },
  { id: 'aac3-unnamed-gen', drugs: ['GEN', 'TOB'], call: 'uncertain', match: { symbol: /^aac\(3\)-II$/ }, source: 'AMRFinderPlus names the subfamily only (partial or interrupted gene)' },
  { id: 'tob', drugs: ['TOB'], call: 'R', match: { symbol: /^(aac\(3\)-(IIa|IIb|IIc|IId|IIe|III|IV|IVa)$|aac\(6'\)-(I[a-z]+|Ib-cr\d*|Ib\d*)|ant\(2''\)-Ia|ant\(4'\)|armA|rmt[A-H])/ }, source: 'Ramirez & Tolmasky 2010 (PMID 20833577): AAC(3)-II/-IV, AAC(6\')-I, ANT(2\'\')-I, ANT(4\') and 16S methylases acetylate/adenylate tobramycin' },
  { id: 'aac3-i-vi-no-tob', drugs: ['TOB'], call: 'none', match: { symbol: /^aac\(3\)-(I|Ia|Id|VI|VIa)$/ }, source: 'Ramirez & Tolmasky 2010 (PMID 20833577): AAC(3)-I and -VI spare tobramycin' },
  { id: 'aac6-no-gen', drugs: ['GEN'], call: 'none', match: { symbol: /^aac\(6'\)-I/ }, source: 'Ramirez & Tolmasky 2010 (PMID 20833577): AAC(6\')-I spares gentamicin C1' },
  { id: 'aac2-gen-tob', drugs: ['GEN', 'TOB'], call: 'uncertain', match: { symbol: /^aac\(2'\)/ }, source: 'AAC(2\')-II (Bordetella/Escherichia): its clinical categories in Enterobacterales are not established' },
  { id: 'amk', drugs: ['AMK'], call: 'R', match: { symbol: /^(armA|rmt[A-H]|npmA)/ }, source: 'Doi & Arakawa 2007 (PMID 17546560): 16S rRNA methylases confer high-level amikacin resistance' },
  { id: 'aac6-amk', drugs: ['AMK'], call: 'uncertain', match: { symbol: /^aac\(6'\)-I/ }, source: 'CLSI M100 2023 amikacin breakpoints (S ≤ 4): AAC(6\')-Ib producers test around them' },
  // Quinolones (CLSI 2019+)
  { id: 'qrdr-3', drugs: ['CIP', 'LVX'], call: 'R', match: { symbol: QRDR }, min: 3, organisms: ENTEROBACTERALES, source: CLSI_QUINOLONE },
  { id: 'qrdr-2-pmqr', drugs: ['CIP', 'LVX'], call: 'R', match: { symbol: QRDR }, min: 2, with: { symbol: PMQR }, organisms: ENTEROBACTERALES, source: `${CLSI_QUINOLONE}; a PMQR gene adds 4–8-fold` },
  { id: 'qrdr-gyra-parc', drugs: ['CIP'], call: 'R', match: { symbol: QRDR_GYRA }, with: { symbol: QRDR_TOPO_IV }, organisms: ENTEROBACTERALES, source: `${CLSI_QUINOLONE}; a gyrA change with a parC/parE change (the second target) gives ciprofloxacin ≥ 1 mg/L (Kleborate scores it fluoroquinolone resistant); levofloxacin's higher breakpoint leaves it uncertain` },
  { id: 'qrdr-2', drugs: ['CIP', 'LVX'], call: 'uncertain', match: { symbol: QRDR }, min: 2, organisms: ENTEROBACTERALES, source: CLSI_QUINOLONE },
  { id: 'qrdr-1-pmqr', drugs: ['CIP', 'LVX'], call: 'uncertain', match: { symbol: QRDR }, with: { symbol: PMQR }, organisms: ENTEROBACTERALES, source: `${CLSI_QUINOLONE}; one QRDR change with a PMQR gene lands around the breakpoint` },
  { id: 'qrdr-1-cip', drugs: ['CIP'], call: 'uncertain', match: { symbol: QRDR }, organisms: ENTEROBACTERALES, source: `${LOW_LEVEL_FQ}: one QRDR change alone` },
  { id: 'qrdr-1', drugs: ['LVX'], call: 'none', match: { symbol: QRDR }, organisms: ENTEROBACTERALES, source: `${CLSI_QUINOLONE}: one change alone stays under the levofloxacin R breakpoint (S/I)` },
  { id: 'pmqr-alone-cip', drugs: ['CIP'], call: 'uncertain', match: { symbol: PMQR }, organisms: ENTEROBACTERALES, source: `${LOW_LEVEL_FQ}: a PMQR gene alone (Jacoby et al. 2014, PMID 25584240: qnr/aac(6')-Ib-cr/oqxAB raise ciprofloxacin 4–8-fold)` },
  { id: 'pmqr-alone', drugs: ['LVX'], call: 'none', match: { symbol: PMQR }, organisms: ENTEROBACTERALES, source: 'Jacoby et al. 2014 (PMID 25584240): qnr/aac(6\')-Ib-cr/oqxAB alone raise levofloxacin 4–8-fold, under its R breakpoint (≥ 2)' },
  { id: 'qrdr-nal', drugs: ['NAL'], call: 'R', match: { symbol: QRDR }, organisms: ENTEROBACTERALES, source: 'Hooper & Jacoby 2015 (PMID 26209462): one QRDR change confers nalidixic acid resistance' },
  // Folate pathway
  { id: 'sul-dfr', drugs: ['SXT'], call: 'R', match: { symbol: /^sul[1-4]/ }, with: { symbol: /^dfr/ }, source: 'Sköld 2001 (PMID 11181432): co-trimoxazole resistance needs both a sul and a dfr gene' },
  { id: 'dfr-alone', drugs: ['SXT'], call: 'uncertain', match: { symbol: /^dfr/ }, source: 'Sköld 2001 (PMID 11181432): trimethoprim resistance alone raises co-trimoxazole MICs variably' },
  { id: 'sul-alone', drugs: ['SXT'], call: 'none', match: { symbol: /^sul[1-4]/ }, source: 'Sköld 2001 (PMID 11181432): sulphonamide resistance alone leaves co-trimoxazole active' },
  { id: 'dfr-tmp', drugs: ['TMP'], call: 'R', match: { symbol: /^dfr/ }, source: 'ResFinder phenotypes (dfr: trimethoprim)' },
  // Tetracyclines
  { id: 'tet', drugs: ['TCY', 'DOX'], call: 'R', match: { symbol: /^tet\((A|B|C|D|E|G|H|J|K|L|M|O|Q|S|W|X|Y|Z|31|32|39|44|59|O\/W|O\/32\/O)\)/ }, source: 'Roberts 2005 (PMID 15836919): efflux and ribosomal-protection tet genes confer tetracycline resistance' },
  { id: 'tet-mno', drugs: ['MNO'], call: 'uncertain', match: { symbol: /^tet\((A|B|M)\)/ }, source: 'Roberts 2005 (PMID 15836919): tet(B) and tet(M) raise minocycline, tet(A) does not' },
  { id: 'tet-tgc', drugs: ['TGC'], call: 'R', match: { symbol: /^tet\((X\d*)\)/ }, source: 'He et al. 2019 (PMID 31133746): Tet(X3/X4) confer tigecycline resistance' },
  { id: 'tet-tgc-other', drugs: ['TGC'], call: 'none', match: { symbol: /^tet\(/ }, source: 'Roberts 2005 (PMID 15836919): other tet genes spare tigecycline' },
  // Colistin
  { id: 'mcr', drugs: ['COL'], call: 'R', match: { symbol: /^mcr-/ }, source: 'Liu et al. 2016 (PMID 26603172): mcr genes confer colistin resistance' },
];

/** Organism-wide expected resistance (intrinsic), from the EUCAST table MDC already serves. */
export interface ExpectedResistanceRow {
  organisms: readonly string[];
  drugs: readonly string[];
  source: string;
}

const ERP = 'EUCAST Expected Resistant Phenotypes v1.2 (CLSI M100 Appendix B agrees)';
export const EXPECTED_RESISTANCE: readonly ExpectedResistanceRow[] = [
  { organisms: ['Klebsiella pneumoniae', 'Klebsiella quasipneumoniae', 'Klebsiella variicola', 'Klebsiella oxytoca'], drugs: ['AMP', 'AMX', 'TIC'], source: ERP },
  { organisms: ['Enterobacter cloacae', 'Enterobacter hormaechei', 'Klebsiella aerogenes', 'Citrobacter freundii'], drugs: ['AMP', 'AMX', 'AMC', 'CZO', 'FOX'], source: ERP },
  { organisms: ['Serratia marcescens'], drugs: ['AMP', 'AMX', 'AMC', 'CZO', 'FOX', 'CXM', 'COL'], source: ERP },
  { organisms: ['Proteus mirabilis', 'Proteus vulgaris', 'Morganella morganii', 'Providencia'], drugs: ['COL', 'TCY', 'TGC'], source: ERP },
  { organisms: ['Acinetobacter baumannii'], drugs: ['AMP', 'AMX', 'AMC', 'CZO', 'CTX', 'CRO', 'ATM', 'ETP', 'TMP', 'FOS'], source: ERP },
  { organisms: ['Pseudomonas aeruginosa'], drugs: ['AMP', 'AMX', 'AMC', 'CZO', 'CTX', 'CRO', 'ETP', 'TMP', 'SXT', 'TCY', 'TGC', 'CHL'], source: ERP },
  { organisms: ['Enterococcus faecium', 'Enterococcus faecalis'], drugs: ['FOX', 'CRO', 'CTX', 'FEP', 'ATM', 'GEN', 'SXT'], source: `${ERP} (aminoglycosides: low-level; gentamicin high-level screen decides)` },
];

/** Drug panels by organism group (the drugs a microbiology lab reports for it). */
export const PANELS: readonly { organisms: readonly string[]; drugs: readonly string[] }[] = [
  { organisms: ['Staphylococcus'], drugs: ['PEN', 'OXA', 'FOX', 'ERY', 'CLI', 'GEN', 'CIP', 'LVX', 'SXT', 'TCY', 'DOX', 'RIF', 'LNZ', 'VAN', 'FUS', 'MUP'] },
  { organisms: ['Enterococcus'], drugs: ['AMP', 'VAN', 'TEC', 'GEN', 'STR1', 'LNZ', 'TCY', 'CIP', 'LVX', 'NIT'] },
  { organisms: ['Acinetobacter', 'Pseudomonas'], drugs: ['TZP', 'CAZ', 'FEP', 'ATM', 'IPM', 'MEM', 'GEN', 'TOB', 'AMK', 'CIP', 'LVX', 'SXT', 'COL', 'MNO'] },
];
/** Enterobacterales and any organism without a panel of its own. */
export const DEFAULT_PANEL: readonly string[] = ['AMP', 'AMC', 'TZP', 'CZO', 'CXM', 'CRO', 'CTX', 'CAZ', 'FEP', 'FOX', 'ATM', 'ETP', 'IPM', 'MEM', 'GEN', 'TOB', 'AMK', 'CIP', 'LVX', 'SXT', 'TCY', 'TGC', 'CHL', 'FOS', 'COL', 'NIT'];

/**
 * Symbols AMRFinderPlus reports that are lineage polymorphisms of a species, present whatever the
 * phenotype: kept out of the prediction.
 */
export const NATURAL_POLYMORPHISM_SYMBOLS: readonly { organisms: readonly string[]; symbols: readonly string[]; source: string }[] = [
  {
    organisms: ['Escherichia coli', 'Shigella'],
    symbols: ['glpT_E448K', 'pmrB_E123D', 'pmrB_Y358N', 'marR_S3N', 'ptsI_V25I', 'uhpT_E350Q', 'cyaA_S352T', 'parE_I529L', 'parE_L416F', 'parE_D475E', 'parE_I355T', 'parE_I464F', 'soxS_A12S'],
    source: 'lineage polymorphisms of E. coli: in 15–92 % of the 500 dev isolates of the NCBI AST browser set whatever their measured phenotype; PointFinder 3.0 does not list them',
  },
];

/** AMRFinderPlus subclasses → drug codes, for symbols ResFinder does not name (read as `uncertain`). */
export const AMRFINDER_SUBCLASS_DRUGS: Readonly<Record<string, readonly string[]>> = {
  GENTAMICIN: ['GEN'],
  TOBRAMYCIN: ['TOB'],
  AMIKACIN: ['AMK'],
  STREPTOMYCIN: ['STR1'],
  KANAMYCIN: ['KAN'],
  TETRACYCLINE: ['TCY', 'DOX'],
  TIGECYCLINE: ['TGC'],
  CHLORAMPHENICOL: ['CHL'],
  PHENICOL: ['CHL'],
  FLORFENICOL: ['FLR'],
  TRIMETHOPRIM: ['TMP'],
  SULFONAMIDE: ['SMX'],
  COLISTIN: ['COL'],
  FOSFOMYCIN: ['FOS'],
  QUINOLONE: ['CIP', 'LVX', 'NAL'],
  CEPHALOSPORIN: ['CRO', 'CTX', 'CAZ'],
  CARBAPENEM: ['ETP', 'IPM', 'MEM'],
  'BETA-LACTAM': ['AMP'],
  MACROLIDE: ['ERY', 'AZM'],
  ERYTHROMYCIN: ['ERY'],
  AZITHROMYCIN: ['AZM'],
  LINCOSAMIDE: ['CLI'],
  RIFAMYCIN: ['RIF'],
  NITROFURAN: ['NIT'],
  VANCOMYCIN: ['VAN'],
  TEICOPLANIN: ['TEC'],
  LINEZOLID: ['LNZ'],
  OXAZOLIDINONE: ['LNZ'],
  METHICILLIN: ['OXA', 'FOX'],
  MUPIROCIN: ['MUP'],
  FUSIDIC_ACID: ['FUS'],
};
