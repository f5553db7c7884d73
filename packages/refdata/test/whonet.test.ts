import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import {
  RefdataFormatError,
  parseBreakpoints,
  parseWhonetTestCode,
  readAntibiotics,
  readBreakpoints,
  readExpectedResistance,
  readExpertRules,
  readOrganisms,
  readQcRanges,
  readSampleInput,
  type AntibioticRecord,
  type BreakpointRecord,
  type ExpectedResistanceRecord,
  type ExpertRuleRecord,
  type OrganismRecord,
  type QcRangeRecord,
  type SampleIsolate,
} from '@mdc/refdata/whonet';

const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data folder not found');
const whonetDir = path.join(dataDir, 'whonet');

describe('WHONET files as published', () => {
  let antibiotics: AntibioticRecord[];
  let organisms: OrganismRecord[];
  let breakpoints: BreakpointRecord[];
  let expected: ExpectedResistanceRecord[];
  let rules: ExpertRuleRecord[];
  let qc: QcRangeRecord[];
  let sample: SampleIsolate[];

  beforeAll(() => {
    antibiotics = readAntibiotics(whonetDir);
    organisms = readOrganisms(whonetDir);
    breakpoints = readBreakpoints(whonetDir);
    expected = readExpectedResistance(whonetDir);
    rules = readExpertRules(whonetDir);
    qc = readQcRanges(whonetDir);
    sample = readSampleInput(whonetDir);
  });

  it('has the row counts the README states', () => {
    expect(antibiotics).toHaveLength(565);
    expect(organisms).toHaveLength(2978);
    expect(breakpoints).toHaveLength(29055);
    expect(expected).toHaveLength(1024);
    expect(rules).toHaveLength(7);
    expect(qc).toHaveLength(23136);
    expect(sample).toHaveLength(622);
  });

  it('reads amoxicillin/clavulanic acid with its codes, class, ATC, AWaRe and disk content', () => {
    const amc = antibiotics.find((a) => a.code === 'AMC' && a.line === 2);
    expect(amc).toMatchObject({
      name: 'Amoxicillin/Clavulanic acid',
      jacCode: 'AMPC-CVA',
      potency: '20/10µg',
      atcCode: 'J01CR02',
      class: 'Beta-lactam+Inhibitors',
      profClass: 'BL+INH',
      aware: 'Access',
      human: true,
      guidelineFlags: { clsi: true, eucast: true, sfm: true, srga: false, bsac: true },
      loinc: { mic: '20-8' },
    });
  });

  it('strips the CRLF line ends of Antibiotics.txt from the last column', () => {
    expect(antibiotics.every((a) => !a.comments.includes('\r') && !a.dateModified.includes('\r'))).toBe(true);
  });

  it('reads ceftriaxone as a third-generation cephalosporin of the Watch group', () => {
    const cro = antibiotics.filter((a) => a.code === 'CRO');
    expect(cro.map((a) => a.profClass)).toContain('CEPH3');
    expect(cro.find((a) => a.potency === '30µg')).toMatchObject({ subclass: 'Cephalosporin III', aware: 'Watch' });
  });

  it('reads E. coli with its grouping columns and taxonomy', () => {
    const eco = organisms.find((o) => o.code === 'eco' && o.taxonomicStatus === 'C');
    expect(eco).toMatchObject({
      name: 'Escherichia coli',
      common: true,
      subkingdomCode: '-',
      familyCode: 'EBC',
      genusCode: 'ESC',
      speciesGroup: '',
      serovarGroup: 'ECO',
      anaerobe: false,
      kingdom: 'Bacteria',
      order: 'Enterobacteriales',
      genus: 'Escherichia',
    });
  });

  it('keeps old names as synonyms of the same code, and replacements', () => {
    const kpn = organisms.filter((o) => o.code === 'kpn');
    expect(kpn.map((o) => [o.name, o.taxonomicStatus])).toEqual([
      ['Klebsiella pneumoniae', 'O'],
      ['Klebsiella pneumoniae ss. pneumoniae', 'C'],
    ]);
    expect(organisms.find((o) => o.name === 'Candida kefyr')).toMatchObject({ code: 'cps', replacedBy: 'kma' });
    expect(organisms.find((o) => o.code === 'bfr')).toMatchObject({ anaerobe: true, speciesGroup: 'BFX' });
  });

  it('reads the EUCAST 2022 Enterobacterales ampicillin MIC breakpoint as stored: R 16 (EUCAST R > 8), S 8', () => {
    const row = breakpoints.find(
      (b) =>
        b.guideline === 'EUCAST' &&
        b.year === 2022 &&
        b.method === 'MIC' &&
        b.organismCode === 'EBC' &&
        b.antibioticCode === 'AMP' &&
        b.breakpointType === 'Human',
    );
    expect(row).toMatchObject({
      organismCodeType: 'FAMILY_CODE',
      host: 'Human',
      siteOfInfection: '',
      referenceTable: 'Enterobacteriaceae',
      referenceSequence: 1,
      whonetTest: 'AMP_EM',
      r: 16,
      s: 8,
      i: '',
      ecoff: null,
    });
  });

  it('reads disk rows with content, I range and the EUCAST "R < 14" stored as R 13', () => {
    const row = breakpoints.find(
      (b) => b.guideline === 'EUCAST' && b.year === 2022 && b.method === 'DISK' && b.organismCode === 'EBC' && b.antibioticCode === 'AMP',
    );
    expect(row).toMatchObject({ potency: '10μg', whonetTest: 'AMP_ED10', r: 13, i: '-', s: 14 });
    const fep = breakpoints.find(
      (b) => b.guideline === 'CLSI' && b.year === 2022 && b.method === 'DISK' && b.organismCode === 'EBC' && b.antibioticCode === 'FEP',
    );
    expect(fep).toMatchObject({ potency: '30μg', r: 18, i: '19-24', s: 25 });
  });

  it('reads the first data row (line 2) exactly', () => {
    expect(breakpoints[0]).toMatchObject({
      line: 2,
      guideline: 'CLSI',
      year: 2012,
      method: 'MIC',
      potency: '',
      organismCode: 'BCS',
      organismCodeType: 'GENUS_CODE',
      breakpointType: 'Human',
      referenceTable: 'M45 Table 3',
      antibioticCode: 'AMK',
      r: 64,
      s: 16,
      dateEntered: '2021-01-01',
    });
  });

  it('reads site-specific, ECOFF, animal and PK/PD rows', () => {
    const meningitis = breakpoints.filter(
      (b) => b.guideline === 'EUCAST' && b.year === 2022 && b.organismCode === 'spn' && b.antibioticCode === 'PEN' && b.method === 'MIC',
    );
    expect(meningitis.map((b) => [b.siteOfInfection, b.s, b.r]).sort()).toEqual([
      ['Meningitis', 0.064, 0.12],
      ['Non-meningitis', 0.064, 4],
    ]);
    const ecoff = breakpoints.find(
      (b) => b.breakpointType === 'ECOFF' && b.guideline === 'EUCAST' && b.year === 2022 && b.organismCode === 'eco' && b.antibioticCode === 'AMP' && b.method === 'MIC',
    );
    expect(ecoff).toMatchObject({ host: '', ecoff: 8, s: null, r: null });
    expect(breakpoints.filter((b) => b.breakpointType === 'Animal').length).toBe(1314);
    const pkpd = breakpoints.filter((b) => b.organismCode === 'Gen');
    expect(pkpd.length).toBe(78);
    expect(pkpd.filter((b) => b.organismCodeType === '').length).toBe(39);
  });

  it('reads the spreadsheet-quoted I range "\'12-14" of three CLSI rows as 12-14', () => {
    const sam = breakpoints.filter((b) => b.antibioticCode === 'SAM' && b.organismCode === 'EBC' && b.method === 'DISK' && b.guideline === 'CLSI' && b.year >= 2020);
    expect(sam.map((b) => b.i)).toEqual(['12-14', '12-14', '12-14']);
  });

  it('keeps the five drug-less M. tuberculosis placeholder rows', () => {
    const empty = breakpoints.filter((b) => b.antibioticCode === '');
    expect(empty).toHaveLength(5);
    expect(empty.every((b) => b.organismCode === 'mtu' && b.r === null && b.s === null)).toBe(true);
  });

  it('reads expected resistance rows with exceptions and ATC groups', () => {
    expect(expected[0]).toMatchObject({
      guideline: 'CLSI',
      referenceTable: 'Enterobacterales',
      organismCode: 'cfr',
      organismCodeType: 'WHONET_ORG_CODE',
      antibioticCode: 'AMP',
      antibioticCodeType: 'WHONET_ABX_CODE',
      exceptionOrganismCodes: [],
    });
    const azm = expected.find((e) => e.guideline === 'EUCAST' && e.organismCode === 'EBC' && e.antibioticCode === 'AZM');
    expect(azm).toMatchObject({ exceptionOrganismCodes: ['SAL', 'SHI'], exceptionOrganismCodeType: 'GENUS_CODE' });
    expect(expected.filter((e) => e.antibioticCodeType === 'ATC_CODE')).toHaveLength(107);
    expect(expected.some((e) => e.antibioticExceptions.join() === 'KAH,GEH,STH')).toBe(true);
  });

  it('reads the expert rules with their criteria and affected antibiotics', () => {
    expect(rules.map((r) => r.ruleCode)).toEqual(['ESBL-CONFIRMED', 'ESBL-AMPC-PROBABLE', 'BLNAR-HFLU', 'MRS', 'MRS', 'ICR', 'ICR']);
    expect(rules[2]).toMatchObject({
      organismCode: 'HIN',
      organismCodeType: 'SEROVAR_GROUP',
      criteria: 'BETA_LACT=- AND AMP=NS',
      affectedAntibiotics: ['AMC', 'SAM', 'CEC', 'CAT', 'CID', 'CPR', 'CXM', 'CXA', 'TZP'],
    });
    expect(rules[3]!.antibioticExceptions).toEqual(['CPT', 'BPR']);
  });

  it('reads QC ranges, including the ones with only a minimum', () => {
    expect(qc[0]).toMatchObject({
      guideline: 'CLSI',
      year: 2013,
      strain: 'atcc25285',
      organismCode: 'bfr',
      antibioticTest: 'TCC_NM',
      antibioticCode: 'TCC',
      method: 'MIC',
      medium: 'Broth',
      minimum: 0.06,
      maximum: 0.5,
    });
    expect(qc.filter((q) => q.maximum === null)).toHaveLength(79);
  });

  it('reads the sample isolates with their test columns decoded', () => {
    const first = sample[0]!;
    expect(first.organismCode).toBe('ent');
    expect(first.specimenType).toBe('ur');
    expect(first.results.map((r) => [r.column, r.value])).toEqual([
      ['PEN_ND10', '19'],
      ['ERY_ND15', '17'],
      ['NIT_ND300', '21'],
      ['CLI_ND2', '06'],
      ['CEP_ND30', '17'],
      ['AMP_ND10', '26'],
      ['GEN_ND10', '22'],
      ['VAN_ND30', '19'],
    ]);
    expect(first.results[0]).toMatchObject({ antibioticCode: 'PEN', guideline: 'CLSI', method: 'DISK', potencyToken: '10' });
    expect(first.fields.ORG_TYPE).toBe('+');
    expect(sample.filter((s) => s.organismCode === 'eco')).toHaveLength(86);
    expect(sample.reduce((n, s) => n + s.results.length, 0)).toBe(6133);
    expect(sample.filter((s) => s.tests.ESBL !== undefined)).toHaveLength(1);
  });
});

describe('WHONET test column codes', () => {
  it('decodes drug, guideline letter, method and disk content', () => {
    expect(parseWhonetTestCode('SXT_ND1_2')).toMatchObject({
      antibioticCode: 'SXT',
      guideline: 'CLSI',
      method: 'DISK',
      potencyToken: '1_2',
    });
    expect(parseWhonetTestCode('CIP_EM')).toMatchObject({ guideline: 'EUCAST', method: 'MIC', potencyToken: '' });
    expect(parseWhonetTestCode('PEN_NE')).toMatchObject({ method: 'ETEST' });
    expect(parseWhonetTestCode('ORGANISM')).toBeNull();
    expect(parseWhonetTestCode('SPEC_DATE')).toBeNull();
  });
});

describe('broken copies', () => {
  let dir: string;
  const original = (file: string) => readFileSync(path.join(whonetDir, file), 'utf8');
  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
  const failure = (read: () => unknown): RefdataFormatError => {
    try {
      read();
    } catch (error) {
      if (error instanceof RefdataFormatError) return error;
      throw error;
    }
    throw new Error('expected a RefdataFormatError');
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mdc-whonet-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rejects a file truncated in the middle of a row, naming the line', () => {
    const text = original('Breakpoints.txt');
    const lines = text.split('\n');
    const cut = lines.slice(0, 1000).join('\n') + '\n' + lines[1000]!.slice(0, 30);
    write('Breakpoints.txt', cut);
    const error = failure(() => readBreakpoints(dir));
    expect(error.file).toBe(path.join(dir, 'Breakpoints.txt'));
    expect(error.line).toBe(1001);
    expect(error.message).toMatch(/expected 21 columns but found \d+/);
  });

  it('rejects a header without a required column, naming it', () => {
    const text = original('Breakpoints.txt').replace('\tECV_ECOFF\t', '\tECOFF_VALUE\t');
    write('Breakpoints.txt', text);
    const error = failure(() => readBreakpoints(dir));
    expect(error.column).toBe('ECV_ECOFF');
    expect(error.line).toBe(1);
    expect(error.message).toContain('required column "ECV_ECOFF" is missing');
  });

  it('rejects a non-numeric breakpoint value, naming line and column', () => {
    const lines = original('Breakpoints.txt').split('\n');
    const cells = lines[41]!.split('\t');
    cells[13] = '1б';
    lines[41] = cells.join('\t');
    write('Breakpoints.txt', lines.join('\n'));
    const error = failure(() => readBreakpoints(dir));
    expect(error).toMatchObject({ line: 42, column: 'R' });
    expect(error.message).toContain('"1б" is not a number');
  });

  it('rejects an unknown test method and breakpoint type', () => {
    const lines = original('Breakpoints.txt').split('\n');
    lines[10] = lines[10]!.replace('\tMIC\t', '\tAGAR\t');
    write('Breakpoints.txt', lines.join('\n'));
    expect(failure(() => readBreakpoints(dir))).toMatchObject({ line: 11, column: 'TEST_METHOD' });
  });

  it('rejects an empty file', () => {
    write('Breakpoints.txt', '');
    expect(failure(() => readBreakpoints(dir)).message).toContain('the file is empty');
    write('Organisms.txt', '\r\n\r\n');
    expect(failure(() => readOrganisms(dir)).message).toContain('the file is empty');
  });

  it('rejects garbage in flag and status columns', () => {
    const antibiotics = original('Antibiotics.txt').split('\r\n');
    const cells = antibiotics[5]!.split('\t');
    cells[8] = 'yes';
    antibiotics[5] = cells.join('\t');
    write('Antibiotics.txt', antibiotics.join('\r\n'));
    expect(failure(() => readAntibiotics(dir))).toMatchObject({ line: 6, column: 'CLSI' });

    const organisms = original('Organisms.txt').split('\r\n');
    organisms[3] = organisms[3]!.replace(/\t[CO]\t/, '\tZ\t');
    write('Organisms.txt', organisms.join('\r\n'));
    expect(failure(() => readOrganisms(dir))).toMatchObject({ line: 4, column: 'TAXONOMIC_STATUS' });
  });

  it('with onInvalidRow, leaves out only the bad row and reports it', () => {
    const lines = original('Breakpoints.txt').split('\n');
    lines[100] = lines[100]!.split('\t').slice(0, 7).join('\t');
    const problems: RefdataFormatError[] = [];
    const rows = parseBreakpoints(lines.join('\n'), { onInvalidRow: (e) => problems.push(e) });
    expect(rows).toHaveLength(29054);
    expect(problems.map((p) => p.line)).toEqual([101]);
  });

  it('rejects a QC range with a garbage minimum and an expert rule naming no antibiotics', () => {
    const qc = original('QC_Ranges.txt').split('\r\n');
    const cells = qc[7]!.split('\t');
    cells[10] = 'n/a';
    qc[7] = cells.join('\t');
    write('QC_Ranges.txt', qc.join('\r\n'));
    expect(failure(() => readQcRanges(dir))).toMatchObject({ line: 8, column: 'MINIMUM' });

    const rules = original('ExpertInterpretationRules.txt').split('\r\n');
    const ruleCells = rules[1]!.split('\t');
    ruleCells[5] = '';
    rules[1] = ruleCells.join('\t');
    write('ExpertInterpretationRules.txt', rules.join('\r\n'));
    expect(failure(() => readExpertRules(dir))).toMatchObject({ line: 2, column: 'AFFECTED_ANTIBIOTICS' });
  });

  it('rejects a sample file row with a missing cell', () => {
    const lines = original('SampleInputFile.txt').split('\r\n');
    lines[3] = lines[3]!.replace(/\|[^|]*$/, '');
    write('SampleInputFile.txt', lines.join('\r\n'));
    expect(failure(() => readSampleInput(dir))).toMatchObject({ line: 4 });
  });

  it('rejects an expected-resistance row with an unknown organism code type', () => {
    const lines = original('ExpectedResistancePhenotypes.txt').split('\r\n');
    lines[9] = lines[9]!.replace('WHONET_ORG_CODE', 'ORDER_CODE');
    write('ExpectedResistancePhenotypes.txt', lines.join('\r\n'));
    expect(failure(() => readExpectedResistance(dir))).toMatchObject({ line: 10, column: 'ORGANISM_CODE_TYPE' });
  });
});
