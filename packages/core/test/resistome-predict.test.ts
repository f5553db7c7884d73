import { describe, expect, it } from 'vitest';
import { PREDICTION_RULES, ReportError, predictDrugs, readAmrfinderReport, readHamronization, readResfinderTab, readResistanceReport, type ResistanceElement } from '@mdc/core/resistome';

const gene = (symbol: string, extra: Partial<ResistanceElement> = {}): ResistanceElement => ({ kind: 'gene', symbol, ...extra });
const mutation = (symbol: string): ResistanceElement => ({ kind: 'mutation', symbol });
const call = (elements: ResistanceElement[], drug: string, organism = 'Escherichia coli') => predictDrugs(elements, { organism, drugs: [drug] })[0]!;

describe('prediction rules', () => {
  it('every rule row names its source', () => {
    for (const r of PREDICTION_RULES) expect(r.source.length, r.id).toBeGreaterThan(10);
  });

  it('β-lactams: a penicillinase makes ampicillin R and leaves ceftriaxone S; intrinsic blaEC of E. coli does neither', () => {
    expect(call([gene('blaTEM-1')], 'AMP')).toMatchObject({ prediction: 'R', evidence: 'blaTEM-1', rule: expect.stringMatching(/^bla-penicillinase: /) });
    expect(call([gene('blaTEM-1')], 'CRO').prediction).toBe('S');
    expect(call([gene('blaEC')], 'AMP')).toMatchObject({ prediction: 'S', rule: expect.stringMatching(/^no-mechanism/) });
    expect(call([gene('blaEC', { intrinsic: true })], 'AMP').prediction).toBe('S');
  });

  it('CTX-M-14 raises ceftriaxone, not ceftazidime; CTX-M-15 both', () => {
    expect(call([gene('blaCTX-M-14')], 'CRO').prediction).toBe('R');
    expect(call([gene('blaCTX-M-14')], 'CAZ')).toMatchObject({ prediction: 'uncertain', rule: expect.stringMatching(/^ctxm-other-caz/) });
    expect(call([gene('blaCTX-M-15')], 'CAZ').prediction).toBe('R');
  });

  it('an ESBL claim only when the allele tie shows it', () => {
    const tie = gene('blaSHV-11', { drugs: ['AMP', 'AMX', 'PIP'], tieOnlyDrugs: ['CAZ', 'CTX', 'ATM'] });
    expect(call([tie], 'AMP').prediction).toBe('R');
    expect(call([tie], 'CAZ')).toMatchObject({ prediction: 'uncertain', rule: expect.stringMatching(/^allele-tie/) });
  });

  it('quinolones under CLSI 2019+: one QRDR change is not ciprofloxacin R, three are; two with a qnr are', () => {
    expect(call([mutation('gyrA_S83L')], 'CIP').prediction).not.toBe('R');
    expect(call([mutation('gyrA_S83L'), mutation('gyrA_D87N'), mutation('parC_S80I')], 'CIP').prediction).toBe('R');
    // Both targets changed (gyrA with parC/parE): ciprofloxacin R; two gyrA changes alone, or levofloxacin, stay uncertain.
    expect(call([mutation('gyrA_S83L'), mutation('parC_S80I')], 'CIP')).toMatchObject({ prediction: 'R', rule: expect.stringMatching(/^qrdr-gyra-parc/) });
    expect(call([mutation('gyrA_S83L'), mutation('gyrA_D87N')], 'CIP').prediction).toBe('uncertain');
    expect(call([mutation('gyrA_S83L'), mutation('parC_S80I')], 'LVX').prediction).toBe('uncertain');
    expect(call([mutation('gyrA_S83L'), mutation('parC_S80I'), gene('qnrS1')], 'LVX')).toMatchObject({ prediction: 'R', rule: expect.stringMatching(/^qrdr-2-pmqr/) });
    expect(call([gene('qnrS1')], 'CIP').prediction).not.toBe('R');
  });

  it('low-level quinolone resistance (one QRDR change, or a PMQR gene alone) is uncertain for ciprofloxacin under CLSI 2019+ (S ≤ 0.25, R ≥ 1: it lands across them), S for levofloxacin (R ≥ 2)', () => {
    expect(call([mutation('gyrA_S83L')], 'CIP')).toMatchObject({ prediction: 'uncertain', evidence: 'gyrA_S83L', rule: expect.stringMatching(/^qrdr-1-cip: CLSI M100 \(2019\+\).*PMID 31043468/) });
    expect(call([gene('qnrS1')], 'CIP')).toMatchObject({ prediction: 'uncertain', evidence: 'qnrS1', rule: expect.stringMatching(/^pmqr-alone-cip: /) });
    expect(call([gene("aac(6')-Ib-cr5")], 'CIP').prediction).toBe('uncertain');
    expect(call([mutation('gyrA_S83L')], 'LVX').prediction).toBe('S');
    expect(call([gene('qnrS1')], 'LVX').prediction).toBe('S');
    // A lineage polymorphism of parE is no QRDR change: nothing for ciprofloxacin.
    expect(call([mutation('parE_I529L')], 'CIP').prediction).toBe('S');
  });

  it('aminoglycosides: AAC(3)-II gentamicin and tobramycin, AAC(6\')-Ib tobramycin only, AAC(3)-VI gentamicin only', () => {
    expect(call([gene('aac(3)-IId')], 'GEN').prediction).toBe('R');
    expect(call([gene("aac(6')-Ib-cr5")], 'GEN').prediction).toBe('S');
    expect(call([gene("aac(6')-Ib-cr5")], 'TOB').prediction).toBe('R');
    expect(call([gene('aac(3)-VIa')], 'TOB').prediction).toBe('S');
  });

  it('co-trimoxazole needs sul and dfr; tetracycline any tet efflux gene', () => {
    expect(call([gene('sul1')], 'SXT').prediction).toBe('S');
    expect(call([gene('dfrA17')], 'SXT').prediction).toBe('uncertain');
    expect(call([gene('sul1'), gene('dfrA17')], 'SXT')).toMatchObject({ prediction: 'R', evidence: 'sul1; dfrA17' });
    expect(call([gene('tet(B)')], 'TCY').prediction).toBe('R');
  });

  it('expected resistance of the species, the database phenotype for drugs the curated rows leave, polymorphisms ignored, partial genes uncertain', () => {
    expect(call([], 'AMP', 'Klebsiella pneumoniae')).toMatchObject({ prediction: 'R', rule: expect.stringMatching(/^expected-resistance: EUCAST/) });
    expect(call([gene('catA1', { drugs: ['CHL'] })], 'CHL')).toMatchObject({ prediction: 'R', rule: 'database-phenotype: ResFinder phenotypes.txt' });
    expect(call([gene('floR', { subclass: 'CHLORAMPHENICOL/FLORFENICOL' })], 'CHL').prediction).toBe('uncertain');
    expect(call([mutation('pmrB_E123D')].map((e) => ({ ...e, subclass: 'COLISTIN' })), 'COL').prediction).toBe('S');
    expect(call([gene('tet(A)', { partial: true })], 'TCY').prediction).toBe('uncertain');
    expect(call([gene('blaKPC-2')], 'MEM', 'Klebsiella pneumoniae').prediction).toBe('R');
  });
});

describe('reports of other tools', () => {
  const amrfinder = [
    'Name\tProtein identifier\tContig id\tStart\tStop\tStrand\tGene symbol\tSequence name\tScope\tElement type\tElement subtype\tClass\tSubclass\tMethod',
    'S1\tNA\tc1\t1\t800\t+\tblaCTX-M-15\tCTX-M-15\tcore\tAMR\tAMR\tBETA-LACTAM\tCEPHALOSPORIN\tEXACTX',
    'S1\tNA\tc2\t1\t800\t+\tgyrA_S83L\tgyrA\tcore\tAMR\tPOINT\tQUINOLONE\tQUINOLONE\tPOINTX',
    'S1\tNA\tc3\t1\t300\t-\tiss\tIss\tplus\tVIRULENCE\tVIRULENCE\tNA\tNA\tEXACTX',
    'S2\tNA\tc1\t1\t400\t+\ttet(A)\tTetA\tcore\tAMR\tAMR\tTETRACYCLINE\tTETRACYCLINE\tPARTIALX',
  ].join('\n');

  it('AMRFinderPlus: samples by Name, AMR rows only, POINT rows as mutations, PARTIAL as partial', () => {
    const samples = readAmrfinderReport(amrfinder, 'amr.tsv');
    expect(samples.map((s) => [s.sample, s.elements.map((e) => `${e.kind}:${e.symbol}${e.partial ? '(partial)' : ''}`)])).toEqual([
      ['S1', ['gene:blaCTX-M-15', 'mutation:gyrA_S83L']],
      ['S2', ['gene:tet(A)(partial)']],
    ]);
    expect(readResistanceReport(amrfinder, 'amr.tsv')).toEqual(samples);
  });

  it('AMRFinderPlus INTERNAL_STOP: the gene is read as interrupted, its R claim uncertain; a whole copy of the same gene counts', () => {
    const header = amrfinder.split('\n')[0];
    const stop = 'S4\tNA\tc1\t1\t861\t+\tblaTEM-1\tTEM-1\tcore\tAMR\tAMR\tBETA-LACTAM\tBETA-LACTAM\tINTERNAL_STOP';
    const [s4] = readAmrfinderReport([header, stop].join('\n'), 'stop.tsv');
    expect(s4!.elements).toEqual([{ kind: 'gene', symbol: 'blaTEM-1', subclass: 'BETA-LACTAM', partial: false, interrupted: true }]);
    expect(call(s4!.elements, 'AMP')).toMatchObject({ prediction: 'uncertain', evidence: 'blaTEM-1 (internal stop)', rule: expect.stringMatching(/^bla-penicillinase\+internal-stop: .*internal stop codon/) });
    const whole = 'S4\tNA\tc9\t1\t861\t+\tblaTEM-1\tTEM-1\tcore\tAMR\tAMR\tBETA-LACTAM\tBETA-LACTAM\tALLELEX';
    const [both] = readAmrfinderReport([header, stop, whole].join('\n'), 'stop.tsv');
    expect(call(both!.elements, 'AMP')).toMatchObject({ prediction: 'R', evidence: 'blaTEM-1' });
  });

  it('names the missing columns with the file and the line, and a short row with its line', () => {
    expect(() => readAmrfinderReport('Name\tContig id\tClass\nS1\tc1\tX\n', 'bad.tsv')).toThrow(new ReportError('bad.tsv', 1, 'missing columns "Gene symbol", "Subclass"'));
    expect(() => readAmrfinderReport(amrfinder + '\nS3\tNA\tc9', 'short.tsv')).toThrow(/short\.tsv, line 6: 3 columns where the header has 14/);
    expect(() => readResistanceReport('a\tb\n1\t2\n', 'other.tsv')).toThrow(/other\.tsv, line 1: not an AMRFinderPlus report/);
  });

  it('ResFinder results_tab: drugs from its phenotype column, the file as the sample', () => {
    const text = [
      'Resistance gene\tIdentity\tAlignment Length/Gene Length\tCoverage\tPosition in reference\tContig\tPosition in contig\tPhenotype\tAccession no.',
      'blaKPC-2\t100.00\t882/882\t100.0\t1..882\tc1\t1..882\tAmoxicillin, Ertapenem, Meropenem\tAY034847',
      'sul1\t99.82\t556/867\t64.1\t1..556\tc2\t1..556\tSulfamethoxazole\tEU780013',
    ].join('\n');
    const [s] = readResfinderTab(text, '/tmp/HS11286/ResFinder_results_tab.txt');
    expect(s!.sample).toBe('ResFinder_results_tab.txt');
    expect(s!.elements).toEqual([
      { kind: 'gene', symbol: 'blaKPC-2', drugs: ['AMX', 'ETP', 'MEM'], partial: false },
      { kind: 'gene', symbol: 'sul1', drugs: ['SMX'], partial: true },
    ]);
    expect(() => readResfinderTab(text.replace('100.00', 'high'), 'rf.txt')).toThrow(/rf\.txt, line 2: identity "high"/);
  });

  it('hAMRonization: input_file_name as the sample, a point mutation back to its symbol', () => {
    const text = [
      'input_file_name\tgene_symbol\tgene_name\treference_database_name\tanalysis_software_name\tgenetic_variation_type\tdrug_class\tamino_acid_mutation\tantimicrobial_agent',
      'HS11286.fna\tblaKPC-2\tKPC-2\tresfinder\tresfinder\tgene_presence_detected\tbeta-lactam\t\tmeropenem',
      'HS11286.fna\tgyrA\tgyrA\tpointfinder\tresfinder\tprotein_variant_detected\tquinolone\tp.S83I\t',
    ].join('\n');
    expect(readHamronization(text, 'h.tsv')).toEqual([
      {
        sample: 'HS11286.fna',
        elements: [
          { kind: 'gene', symbol: 'blaKPC-2', drugs: ['MEM'], subclass: 'BETA-LACTAM' },
          { kind: 'mutation', symbol: 'gyrA_S83I', drugs: undefined, subclass: 'QUINOLONE' },
        ],
      },
    ]);
    expect(() => readHamronization('input_file_name\tgene_name\nx\ty\n', 'h2.tsv')).toThrow(/h2\.tsv, line 1: missing columns "gene_symbol", "drug_class"/);
  });
});
