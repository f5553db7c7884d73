import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import {
  ANTIBIOTIC_NAMES_FILE,
  ChineseNamesFormatError,
  ORGANISM_NAMES_FILE,
  parseAntibioticNames,
  parseOrganismNames,
  projectNamesDir,
  readChineseNames,
  type ChineseNames,
} from '@mdc/refdata/names';
import { readCurrentTaxonomy, readTaxonomy, type TaxonomyTable } from '@mdc/refdata/taxonomy';

/**
 * Breakpoint antibiotics without a Chinese name the curators are confident of. The UI shows the
 * English name for them; giving one a Chinese name means removing it here.
 */
const ANTIBIOTICS_WITHOUT_ESTABLISHED_NAME = new Set([
  'FPZ', // cefepime/zidebactam: zidebactam has no settled Chinese name yet
  'PRA', // pradofloxacin (veterinary): no Chinese name in settled use
]);

/** WHONET organisms used by the tables whose Chinese name the curators are not sure of. */
const ORGANISMS_WITHOUT_ESTABLISHED_NAME = new Set([
  'Acinetobacter anitratus',
  'Aspergillus fumigatus var. phialiseptus',
  'Candida duobushaemulonii',
  'Cryptococcus deuterogattii',
  'Enterococcus flavescens',
  'Fusobacterium canifelinum',
  'Helicobacter nemestrinae',
]);

/**
 * Group codes that Organisms.txt does not name with a row of their own; the label is the one the
 * curated file uses (from the rule tables' reference table, or the order / genus in the taxonomy).
 */
const GROUP_LABELS: Record<string, string> = {
  EBC: 'Enterobacterales',
  BFX: 'Bacteroides fragilis group',
  PFX: 'Pseudomonas fluorescens',
  COF: 'Coryneform bacteria',
  '+': 'Gram-positive bacteria',
  RZH: 'Rhizopus',
};
/** Labels that are neither a taxonomy name nor an Organisms.txt name. */
const LABELS_OUTSIDE_REFERENCE_TABLES = new Set(['Gram-positive bacteria', 'Coryneform bacteria']);

type Row = Record<string, string>;

function readWhonet(file: string): Row[] {
  const [header, ...lines] = readFileSync(file, 'utf8').replace(/\r\n/g, '\n').split('\n');
  const columns = (header ?? '').split('\t');
  return lines
    .filter((l) => l !== '')
    .map((l) => {
      const values = l.split('\t');
      return Object.fromEntries(columns.map((c, i) => [c, values[i] ?? '']));
    });
}

const dataDir = findRefdataDir();
const whonetDir = dataDir ? path.join(dataDir, 'whonet') : '';

describe('curated Chinese names', () => {
  let names: ChineseNames;
  beforeAll(() => {
    names = readChineseNames();
  });

  it('loads both files from the project folder by default', () => {
    expect(projectNamesDir.endsWith(path.join('packages', 'refdata', 'names'))).toBe(true);
    expect(names.antibiotics.size).toBeGreaterThan(200);
    expect(names.organisms.size).toBeGreaterThan(500);
    for (const record of [...names.antibioticRecords, ...names.organismRecords]) {
      expect(record.source).toMatch(/\S/);
    }
  });

  it('gives the standard Chinese clinical names', () => {
    const abx: Record<string, string> = {
      AMC: '阿莫西林/克拉维酸',
      CZA: '头孢他啶/阿维巴坦',
      MEM: '美罗培南',
      TZP: '哌拉西林/他唑巴坦',
      SXT: '甲氧苄啶/磺胺甲噁唑',
      VAN: '万古霉素',
      COL: '黏菌素',
      FOX: '头孢西丁',
      IPM: '亚胺培南',
      LNZ: '利奈唑胺',
    };
    for (const [code, zh] of Object.entries(abx)) expect(names.antibioticZh(code), code).toBe(zh);
    expect(names.antibioticZh('tzp')).toBe('哌拉西林/他唑巴坦');

    const org: Record<string, string> = {
      'Escherichia coli': '大肠埃希菌',
      'Klebsiella pneumoniae': '肺炎克雷伯菌',
      'Pseudomonas aeruginosa': '铜绿假单胞菌',
      'Staphylococcus aureus': '金黄色葡萄球菌',
      'Acinetobacter baumannii': '鲍曼不动杆菌',
      'Stenotrophomonas maltophilia': '嗜麦芽窄食单胞菌',
      'Enterococcus faecalis': '粪肠球菌',
      'Enterococcus faecium': '屎肠球菌',
      'Streptococcus pneumoniae': '肺炎链球菌',
      'Haemophilus influenzae': '流感嗜血杆菌',
      'Candida albicans': '白念珠菌',
      Enterobacterales: '肠杆菌目',
      'Staphylococcus, coagulase negative': '凝固酶阴性葡萄球菌',
      'Anaerobic Gram negative organisms': '革兰阴性厌氧菌',
    };
    for (const [name, zh] of Object.entries(org)) expect(names.organismZh(name), name).toBe(zh);
    expect(names.organismAliases.get('Candida albicans')).toContain('白色念珠菌');
    expect(names.organismAliases.get('Escherichia coli')).toContain('大肠杆菌');
    expect(names.organismZh('  klebsiella   PNEUMONIAE ')).toBe('肺炎克雷伯菌');
    expect(names.organismNamesFor('大肠杆菌')).toContain('Escherichia coli');
    expect(names.antibioticCodesFor('复方新诺明')).toEqual(['SXT']);
  });

  it('answers undefined for names it does not have, so the UI falls back to Latin', () => {
    expect(names.organismZh('Nonexistentia imaginaria')).toBeUndefined();
    expect(names.antibioticZh('XXX')).toBeUndefined();
  });
});

describe.skipIf(!dataDir)('coverage of the WHONET tables', () => {
  let names: ChineseNames;
  let antibiotics: Row[];
  let organisms: Row[];
  let breakpoints: Row[];
  let expected: Row[];
  let rules: Row[];
  beforeAll(() => {
    names = readChineseNames();
    antibiotics = readWhonet(path.join(whonetDir, 'Antibiotics.txt'));
    organisms = readWhonet(path.join(whonetDir, 'Organisms.txt'));
    breakpoints = readWhonet(path.join(whonetDir, 'Breakpoints.txt'));
    expected = readWhonet(path.join(whonetDir, 'ExpectedResistancePhenotypes.txt'));
    rules = readWhonet(path.join(whonetDir, 'ExpertInterpretationRules.txt'));
  });

  it('names every antibiotic with a CLSI or EUCAST breakpoint', () => {
    const codes = new Set(
      breakpoints
        .filter((r) => (r.GUIDELINES === 'CLSI' || r.GUIDELINES === 'EUCAST') && r.WHONET_ABX_CODE)
        .map((r) => r.WHONET_ABX_CODE as string),
    );
    expect(codes.size).toBeGreaterThan(150);
    const missing = [...codes].filter((c) => !names.antibioticZh(c)).sort();
    expect(missing.filter((c) => !ANTIBIOTICS_WITHOUT_ESTABLISHED_NAME.has(c))).toEqual([]);
    // An exception that has since been named must leave the list.
    expect(missing).toEqual([...ANTIBIOTICS_WITHOUT_ESTABLISHED_NAME].sort());
  });

  it('keeps the English name of Antibiotics.txt for every code found there', () => {
    const english = new Map<string, Set<string>>();
    for (const r of antibiotics) {
      const code = r.WHONET_ABX_CODE as string;
      if (!english.has(code)) english.set(code, new Set());
      english.get(code)!.add(r.ANTIBIOTIC as string);
    }
    for (const record of names.antibioticRecords) {
      const known = english.get(record.code);
      if (known) expect([...known], record.code).toContain(record.en);
      else expect(record.source, `${record.code} is not in Antibiotics.txt: say so`).toMatch(/absent from Antibiotics\.txt/);
    }
  });

  /** Resolves one organism code of the tables to the name the curated file uses. */
  function organismName(type: string, code: string): string | undefined {
    const label = GROUP_LABELS[code];
    if (label) return label;
    if (type === 'GENUS_CODE') {
      const genera = new Map<string, number>();
      for (const r of organisms) {
        if (r.GENUS_CODE === code && r.GENUS) genera.set(r.GENUS, (genera.get(r.GENUS) ?? 0) + 1);
      }
      const best = [...genera].sort((a, b) => b[1] - a[1])[0];
      if (best) return best[0];
    }
    // WHONET names a group by the organism row whose code is the group code in lower case.
    const rows = organisms.filter((r) => r.WHONET_ORG_CODE === code.toLowerCase());
    const current = rows.find((r) => r.TAXONOMIC_STATUS === 'C') ?? rows[0];
    return current?.ORGANISM;
  }

  it('names every organism and organism group of the breakpoint, expected-resistance and expert-rule tables', () => {
    const pairs = new Set<string>();
    const add = (type: string | undefined, code: string | undefined) => {
      const c = (code ?? '').trim();
      if (c === '' || c === 'ALL' || c === 'Gen' || type === 'ALL') return;
      pairs.add(`${type || 'WHONET_ORG_CODE'}|${c}`);
    };
    for (const r of breakpoints) if (r.GUIDELINES === 'CLSI' || r.GUIDELINES === 'EUCAST') add(r.ORGANISM_CODE_TYPE, r.ORGANISM_CODE);
    for (const r of expected) {
      add(r.ORGANISM_CODE_TYPE, r.ORGANISM_CODE);
      for (const c of (r.EXCEPTION_ORGANISM_CODE ?? '').split(',')) add(r.EXCEPTION_ORGANISM_CODE_TYPE, c);
    }
    for (const r of rules) add(r.ORGANISM_CODE_TYPE, r.ORGANISM_CODE);
    expect(pairs.size).toBeGreaterThan(250);

    const unresolved: string[] = [];
    const groupsMissing: string[] = [];
    const organismsMissing = new Set<string>();
    let groups = 0;
    for (const pair of pairs) {
      const [type, code] = pair.split('|') as [string, string];
      const name = organismName(type, code);
      if (!name) {
        unresolved.push(pair);
        continue;
      }
      if (type !== 'WHONET_ORG_CODE') {
        groups += 1;
        if (!names.organismZh(name)) groupsMissing.push(`${pair} ${name}`);
      } else if (!names.organismZh(name)) organismsMissing.add(name);
    }
    expect(unresolved).toEqual([]);
    expect(groups).toBeGreaterThan(60);
    expect(groupsMissing).toEqual([]);
    expect([...organismsMissing].filter((n) => !ORGANISMS_WITHOUT_ESTABLISHED_NAME.has(n))).toEqual([]);
    expect([...organismsMissing].sort()).toEqual([...ORGANISMS_WITHOUT_ESTABLISHED_NAME].sort());
  });
});

describe.skipIf(!dataDir)('curated names against the taxonomy', () => {
  let names: ChineseNames;
  let taxonomy: TaxonomyTable;
  let taxonomy2022: TaxonomyTable;
  beforeAll(async () => {
    names = readChineseNames();
    // The coverage floors were set on the 2022 table's prevalence classes (AMR 3.0.0 narrowed class 1).
    taxonomy2022 = await readTaxonomy(path.join(dataDir as string, 'taxonomy'));
    // The portal's taxonomy: AMR 3.0.0 with the 2022 records it dropped.
    taxonomy = await readCurrentTaxonomy(dataDir as string);
  });

  it('uses only names found in the taxonomy table or WHONET Organisms.txt', () => {
    const whonet = new Set<string>();
    for (const r of readWhonet(path.join(whonetDir, 'Organisms.txt'))) {
      whonet.add(r.ORGANISM as string);
      if (r.GENUS) whonet.add(r.GENUS);
    }
    const unknown = names.organismRecords
      .map((r) => r.name)
      .filter((n) => !taxonomy.byName(n) && !whonet.has(n) && !LABELS_OUTSIDE_REFERENCE_TABLES.has(n));
    expect(unknown).toEqual([]);
  });

  it('gives taxonomy names the rank the taxonomy gives them', () => {
    const clash: string[] = [];
    for (const record of names.organismRecords) {
      const taxon = taxonomy.byName(record.name);
      // The taxonomy files serovars (Salmonella Typhi…) under rank subspecies.
      // AMR 3.0.0 files complexes (Enterobacter cloacae complex…) under rank "species group".
      const sameRank =
        taxon?.rank === record.rank ||
        (taxon?.rank === 'subspecies' && record.rank === 'serovar') ||
        (taxon?.rank === 'species group' && record.rank === 'complex');
      if (taxon && taxon.name === record.name && !sameRank) clash.push(`${record.name}: ${record.rank} vs ${taxon.rank}`);
    }
    expect(clash).toEqual([]);
  });

  it('falls back to the current name for synonyms the file does not list', () => {
    expect(names.organismZh('Klebsiella mobilis')).toBeUndefined();
    expect(taxonomy.resolve('Klebsiella mobilis')?.current?.name).toBe('Klebsiella aerogenes');
    expect(names.organismZhOrCurrent('Klebsiella mobilis', taxonomy)).toBe('产气克雷伯菌');
    // A listed synonym keeps its own (historical) Chinese name.
    expect(names.organismZhOrCurrent('Enterobacter aerogenes', taxonomy)).toBe('产气肠杆菌');
    expect(names.organismZhOrCurrent('Nonexistentia imaginaria', taxonomy)).toBeUndefined();
  });

  it('covers the clinically common species and their genera', () => {
    const common = taxonomy2022.taxa.filter((t) => t.prevalence === 1 && t.rank === 'species' && t.status === 'accepted');
    const genera = new Set(common.map((t) => t.lineage.genus as string));
    const coveredGenera = [...genera].filter((g) => names.organismZh(g));
    const coveredSpecies = common.filter((t) => names.organismZh(t.name));
    // Floors, not targets: a drop means curated rows were lost.
    expect(coveredGenera.length).toBeGreaterThanOrEqual(COVERAGE_FLOOR.genera);
    expect(coveredSpecies.length).toBeGreaterThanOrEqual(COVERAGE_FLOOR.species);
    const keyGenera = [
      'Escherichia', 'Klebsiella', 'Enterobacter', 'Citrobacter', 'Serratia', 'Proteus', 'Morganella',
      'Providencia', 'Salmonella', 'Shigella', 'Yersinia', 'Pseudomonas', 'Acinetobacter', 'Stenotrophomonas',
      'Burkholderia', 'Haemophilus', 'Neisseria', 'Moraxella', 'Staphylococcus', 'Streptococcus', 'Enterococcus',
      'Listeria', 'Corynebacterium', 'Bacillus', 'Clostridioides', 'Clostridium', 'Bacteroides', 'Campylobacter',
      'Helicobacter', 'Vibrio', 'Aeromonas', 'Legionella', 'Mycobacterium', 'Nocardia', 'Candida', 'Aspergillus',
      'Cryptococcus',
    ];
    expect(keyGenera.filter((g) => !names.organismZh(g))).toEqual([]);
  });
});

const COVERAGE_FLOOR = { genera: 191, species: 437 };

describe('broken copies are rejected with file, line and column', () => {
  let dir: string;
  let abxText: string;
  let orgText: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mdc-names-'));
    abxText = await readFile(path.join(projectNamesDir, ANTIBIOTIC_NAMES_FILE), 'utf8');
    orgText = await readFile(path.join(projectNamesDir, ORGANISM_NAMES_FILE), 'utf8');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function copy(antibiotics: string, organisms: string): Promise<string> {
    const target = await mkdtemp(path.join(dir, 'copy-'));
    await writeFile(path.join(target, ANTIBIOTIC_NAMES_FILE), antibiotics);
    await writeFile(path.join(target, ORGANISM_NAMES_FILE), organisms);
    return target;
  }

  function rejection(run: () => unknown): ChineseNamesFormatError {
    try {
      run();
    } catch (error) {
      if (error instanceof ChineseNamesFormatError) return error;
      throw error;
    }
    throw new Error('expected a ChineseNamesFormatError');
  }

  const lineOf = (text: string, start: string) => text.split('\n').findIndex((l) => l.startsWith(start)) + 1;

  it('rejects a code named twice with different names', async () => {
    const copied = await copy(`${abxText.trimEnd()}\nMEM\tMeropenem\t亚胺培南\t\tbroken copy\n`, orgText);
    const error = rejection(() => readChineseNames(copied));
    expect(error).toMatchObject({ file: ANTIBIOTIC_NAMES_FILE, line: abxText.trimEnd().split('\n').length + 1, column: 'code' });
    expect(error.message).toContain(`line ${lineOf(abxText, 'MEM\t')}`);
    expect(error.message).toContain('亚胺培南');
  });

  it('rejects an empty Chinese name', async () => {
    const at = lineOf(orgText, 'Escherichia coli\t');
    const lines = orgText.split('\n');
    lines[at - 1] = 'Escherichia coli\tspecies\t\t\tbroken copy';
    const copied = await copy(abxText, lines.join('\n'));
    const error = rejection(() => readChineseNames(copied));
    expect(error).toMatchObject({ file: ORGANISM_NAMES_FILE, line: at, column: 'zh' });
  });

  it('rejects a row with the wrong number of columns', async () => {
    const at = lineOf(abxText, 'VAN\t');
    const lines = abxText.split('\n');
    lines[at - 1] = 'VAN\tVancomycin\t万古霉素\tMDC curation';
    const copied = await copy(lines.join('\n'), orgText);
    const error = rejection(() => readChineseNames(copied));
    expect(error).toMatchObject({ file: ANTIBIOTIC_NAMES_FILE, line: at });
    expect(error.message).toMatch(/4 fields, header has 5/);
  });

  it('rejects a Latin name in the Chinese column, an unknown rank and a missing header column', () => {
    expect(rejection(() => parseAntibioticNames('code\ten\tzh\tsource\nVAN\tVancomycin\tVancomycin\tx\n'))).toMatchObject({
      line: 2,
      column: 'zh',
    });
    expect(rejection(() => parseOrganismNames('name\trank\tzh\tsource\nEscherichia coli\tspecie\t大肠埃希菌\tx\n'))).toMatchObject({
      line: 2,
      column: 'rank',
    });
    expect(rejection(() => parseOrganismNames('name\tzh\tsource\nEscherichia coli\t大肠埃希菌\tx\n'))).toMatchObject({
      line: 1,
      column: 'rank',
    });
    expect(rejection(() => parseAntibioticNames('code\ten\tzh\tsource\nvan\tVancomycin\t万古霉素\tx\n'))).toMatchObject({
      column: 'code',
    });
  });
});

describe('search terms (abbreviations, short names, brand and class names)', () => {
  const header = 'terms\tkind\ttarget\tsource\n';
  it('reads the curated file: every row with a source, drugs by WHONET code', async () => {
    const { readSearchTerms } = await import('@mdc/refdata/names');
    const records = readSearchTerms();
    expect(records.length).toBeGreaterThan(50);
    expect(records.every((r) => r.source.length > 0 && r.terms.length > 0 && r.targets.length > 0)).toBe(true);
    expect(records.find((r) => r.terms.includes('MRSA') && r.kind === 'taxon')?.targets).toEqual(['Staphylococcus aureus']);
    expect(records.find((r) => r.terms.includes('碳青霉烯类'))).toMatchObject({ kind: 'class', targets: ['carbapenems'] });
    const known = new Set(parseAntibioticNames(readFileSync(path.join(projectNamesDir, ANTIBIOTIC_NAMES_FILE), 'utf8')).map((a) => a.code));
    for (const record of records.filter((r) => r.kind === 'drug')) for (const code of record.targets) expect(known, `line ${record.line}: ${code}`).toContain(code);
  });

  it.each([
    ['an unknown kind', 'MRSA\tbug\tStaphylococcus aureus\tx\n', /line 2, column kind: unknown kind "bug"/],
    ['a missing source', 'MRSA\ttaxon\tStaphylococcus aureus\t\n', /line 2, column source: empty source/],
    ['an empty term', 'MRSA;;MSSA\ttaxon\tStaphylococcus aureus\tx\n', /line 2, column terms: empty item/],
    ['a repeated term', 'MRSA;mrsa\ttaxon\tStaphylococcus aureus\tx\n', /"mrsa" appears twice/],
    ['a drug that is not a code', 'pip/tazo\tdrug\tpiperacillin\tx\n', /"piperacillin" is not a WHONET antibiotic code/],
    ['a shifted column', 'MRSA\ttaxon\tStaphylococcus aureus\n', /line 2: 3 fields, header has 4/],
    ['an unknown column', 'x', /unknown column/],
  ])('refuses %s with the line and column', async (_, body, message) => {
    const { parseSearchTerms } = await import('@mdc/refdata/names');
    const text = body === 'x' ? 'terms\tkind\ttarget\tsource\tnote\n' : header + body;
    expect(() => parseSearchTerms(text)).toThrow(ChineseNamesFormatError);
    expect(() => parseSearchTerms(text)).toThrow(message);
  });
});
