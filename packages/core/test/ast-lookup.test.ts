import { beforeAll, describe, expect, it } from 'vitest';
import type { AstInput, KnowledgeBase } from '@mdc/core/ast';
import { CHINESE_NAMES, realKnowledgeBase } from './ast/knowledge-base';

let kb: KnowledgeBase;
beforeAll(() => {
  kb = realKnowledgeBase({ names: CHINESE_NAMES });
});

const interpret = (input: Partial<AstInput> & Pick<AstInput, 'organism' | 'antibiotic' | 'value'>) =>
  kb.interpret({ method: 'MIC', guideline: 'EUCAST', year: 2022, ...input });

describe('finding organisms', () => {
  it.each([
    ['eco', 'code', 'eco', 'eco'],
    ['ECO', 'code', 'eco', 'eco'],
    ['Escherichia coli', 'exact', 'Escherichia coli', 'eco'],
    ['  escherichia   COLI ', 'case-insensitive', 'Escherichia coli', 'eco'],
    ['E. coli', 'abbreviation', 'Escherichia coli', 'eco'],
    ['E.coli', 'abbreviation', 'Escherichia coli', 'eco'],
    ['K. pneumoniae', 'abbreviation', 'Klebsiella pneumoniae ss. pneumoniae', 'kpn'],
    ['Eschericia coli', 'fuzzy', 'Escherichia coli', 'eco'],
    ['Klebsiela pneumonia', 'fuzzy', 'Klebsiella pneumoniae', 'kpn'],
    ['Staphylococus aureus', 'fuzzy', 'Staphylococcus aureus', 'sau'],
    ['大肠埃希菌', 'names-map', '大肠埃希菌', 'eco'],
    ['大肠埃希氏菌', 'fuzzy', '大肠埃希菌', 'eco'],
    ['Streptococcus faecalis', 'exact', 'Streptococcus faecalis', 'efa'],
  ])('%j → %s match of %s (%s)', (input, kind, matched, code) => {
    expect(kb.findOrganism(input)).toMatchObject({ input, kind, matched, code });
  });

  it('reports the current name of a code found by an old name, and a similarity below 1 for typos', () => {
    expect(kb.findOrganism('Streptococcus faecalis')).toMatchObject({ name: 'Enterococcus faecalis', similarity: 1 });
    const typo = kb.findOrganism('Eschericia coli')!;
    expect(typo.similarity).toBeGreaterThan(0.9);
    expect(typo.similarity).toBeLessThan(1);
  });

  it('finds nothing for text that is not an organism', () => {
    expect(kb.findOrganism('hello world')).toBeNull();
    expect(kb.findOrganism('')).toBeNull();
    expect(kb.findOrganism('xq')).toBeNull();
  });
});

describe('finding antibiotics', () => {
  it.each([
    ['AMP', 'code', 'AMP'],
    ['amp', 'code', 'AMP'],
    ['Ampicillin', 'exact', 'AMP'],
    ['AMPICILLIN', 'case-insensitive', 'AMP'],
    ['Amoxicillin-clavulanic acid', 'case-insensitive', 'AMC'],
    ['co-amoxiclav', 'alias', 'AMC'],
    ['benzylpenicillin', 'alias', 'PEN'],
    ['ABPC', 'alias', 'AMP'],
    ['Ampicilin', 'fuzzy', 'AMP'],
    ['Meropenme', 'fuzzy', 'MEM'],
    ['头孢曲松', 'names-map', 'CRO'],
  ])('%j → %s match (%s)', (input, kind, code) => {
    expect(kb.findAntibiotic(input)).toMatchObject({ kind, code });
  });

  it('reads a WHONET test code, with the method, disk content and guideline it implies', () => {
    expect(kb.findAntibiotic('AMP_ND10')).toMatchObject({
      kind: 'test-code',
      code: 'AMP',
      implied: { method: 'DISK', potency: '10μg', guideline: 'CLSI' },
    });
  });

  it('finds nothing for unknown drugs', () => {
    expect(kb.findAntibiotic('Wonderfloxacin')).toBeNull();
  });
});

describe('interpretation reports what was matched', () => {
  it('carries organism and antibiotic match info, with a note for typos', () => {
    const result = interpret({ organism: 'Eschericia coli', antibiotic: 'Meropenme', value: '2' });
    expect(result.category).toBe('S');
    expect(result.organism).toMatchObject({ kind: 'fuzzy', code: 'eco', matched: 'Escherichia coli' });
    expect(result.antibiotic).toMatchObject({ kind: 'fuzzy', code: 'MEM' });
    expect(result.notes.map((n) => n.en)).toEqual(
      expect.arrayContaining([
        'organism "Eschericia coli" was read as Escherichia coli (similar spelling)',
        'antibiotic "Meropenme" was read as Meropenem (similar spelling)',
      ]),
    );
  });

  it('uses Chinese names in the Chinese explanation', () => {
    const result = interpret({ organism: '大肠埃希菌', antibiotic: '氨苄西林', value: '32' });
    expect(result.category).toBe('R');
    expect(result.explanation.zh).toBe('MIC 32 mg/L > 耐药折点 8（EUCAST 2022，肠杆菌目）→ 耐药(R)');
  });

  it('takes method and disk content from a WHONET test code: CLSI 2022 Enterobacterales ampicillin disk 13 → R', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'AMP_ND10', value: '13', guideline: 'CLSI', year: 2022 });
    expect(result).toMatchObject({ method: 'DISK', category: 'R', breakpoint: { r: 13, s: 17, potency: '10µg' } });
  });

  it('defaults to the latest year of the guideline and to the knowledge base guideline (CLSI)', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'MEM', method: 'MIC', value: '1' });
    expect(result).toMatchObject({ guideline: 'CLSI', year: 2022, category: 'S' });
    expect(kb.interpret({ organism: 'eco', antibiotic: 'MEM', method: 'MIC', value: '1', guideline: 'eucast' }).year).toBe(2022);
  });
});

describe('organism hierarchy: the most specific row wins, else the group rows', () => {
  it('S. pneumoniae uses its own penicillin rows, not the Streptococcus ones (EUCAST 2022)', () => {
    const result = interpret({ organism: 'Streptococcus pneumoniae', antibiotic: 'PEN', value: '0.5' });
    expect(result).toMatchObject({ matchedLevel: 'WHONET_ORG_CODE', breakpoint: { organismCode: 'spn' } });
  });

  it('S. oralis (no own row) gets the viridans group row: SPECIES_GROUP SVI, penicillin S ≤ 0.25, R 4', () => {
    const result = interpret({ organism: 'Streptococcus oralis', antibiotic: 'PEN', value: '0.25' });
    expect(result).toMatchObject({ matchedLevel: 'SPECIES_GROUP', category: 'S', breakpoint: { organismCode: 'SVI', s: 0.25, r: 4 } });
  });

  it('N. meningitidis serogroup A gets the SEROVAR_GROUP NME row (EUCAST 2022 ceftriaxone S ≤ 0.125)', () => {
    const result = interpret({ organism: 'Neisseria meningitidis, serogroup a', antibiotic: 'CRO', value: '0.125' });
    expect(result).toMatchObject({ matchedLevel: 'SEROVAR_GROUP', category: 'S', breakpoint: { organismCode: 'NME' } });
  });

  it('Klebsiella oxytoca (no own meropenem row) gets the Enterobacterales family row', () => {
    const result = interpret({ organism: 'Klebsiella oxytoca', antibiotic: 'MEM', value: '16' });
    expect(result).toMatchObject({ matchedLevel: 'FAMILY_CODE', category: 'R', breakpoint: { organismCode: 'EBC' } });
  });

  it('Bacteroides fragilis gets the Gram-negative anaerobe row (EUCAST 2022 benzylpenicillin S ≤ 0.25, R 1)', () => {
    const result = interpret({ organism: 'Bacteroides fragilis', antibiotic: 'PEN', value: '0.5' });
    expect(result).toMatchObject({
      matchedLevel: 'ANAEROBE+SUBKINGDOM_CODE',
      category: 'I',
      breakpoint: { organismCode: 'AN-', s: 0.25, r: 1 },
    });
  });

  it('a bacterium without any group row falls back to the PK/PD breakpoints, and says so', () => {
    const result = interpret({ organism: 'Aeromonas hydrophila', antibiotic: 'AMC', value: '2' });
    expect(result).toMatchObject({ matchedLevel: 'ALL', category: 'S', breakpoint: { referenceTable: 'PK/PD', s: 2, r: 16 } });
    expect(result.notes.map((n) => n.en)).toContain('PK/PD (non-species-related) breakpoint: no organism-specific breakpoint exists');
  });

  it('never gives a fungus the antibacterial PK/PD breakpoints', () => {
    const result = interpret({ organism: 'Candida albicans', antibiotic: 'AMC', value: '2' });
    expect(result).toMatchObject({ outcome: 'no-breakpoint', category: null });
  });
});

describe('site of infection', () => {
  it('EUCAST 2022 S. pneumoniae benzylpenicillin: without a site the non-meningitis row (R 4) is used and said', () => {
    const result = interpret({ organism: 'spn', antibiotic: 'PEN', value: '0.12' });
    expect(result).toMatchObject({ category: 'I', breakpoint: { site: 'Non-meningitis', s: 0.064, r: 4 }, site: { requested: null, used: 'Non-meningitis' } });
    expect(result.notes.map((n) => n.en)).toContain('only site-specific breakpoints exist; the Non-meningitis breakpoint is used');
    expect(result.notes.map((n) => n.zh)).toContain('仅有部位特异性折点，采用非脑膜炎折点');
    expect(result.explanation.en).toBe(
      'S breakpoint 0.064 < MIC 0.12 mg/L ≤ R breakpoint 2 (EUCAST 2022, Streptococcus pneumoniae, Non-meningitis) → I',
    );
    expect(result.explanation.zh).toBe(
      '敏感折点 0.064 < MIC 0.12 mg/L ≤ 耐药折点 2（EUCAST 2022，肺炎链球菌，非脑膜炎）→ 敏感-增加暴露(I)',
    );
  });

  it('EUCAST 2022 S. pneumoniae benzylpenicillin: meningitis row R 0.12 → MIC 0.12 is R', () => {
    const result = interpret({ organism: 'spn', antibiotic: 'PEN', value: '0.12', site: 'meningitis' });
    expect(result).toMatchObject({ category: 'R', breakpoint: { site: 'Meningitis', r: 0.12 }, site: { requested: 'meningitis' } });
    expect(result.notes).toEqual([]);
  });

  it('CLSI 2022 S. pneumoniae ceftriaxone MIC 1: S for non-meningitis (S ≤ 1), I for meningitis (S ≤ 0.5, R 2)', () => {
    const read = (site?: string) =>
      kb.interpret({ organism: 'spn', antibiotic: 'CRO', method: 'MIC', value: '1', guideline: 'CLSI', year: 2022, ...(site ? { site } : {}) });
    expect(read('非脑膜炎')).toMatchObject({ category: 'S', breakpoint: { s: 1, r: 4 } });
    expect(read('脑膜炎')).toMatchObject({ category: 'I', breakpoint: { s: 0.5, r: 2 } });
    expect(read()).toMatchObject({ category: 'S', breakpoint: { site: 'Non-meningitis' } });
  });

  it('CLSI 2022 S. pneumoniae penicillin oral (S ≤ 0.064, R 2): 0.12 → I; parenteral non-meningitis → S', () => {
    const read = (site: string) =>
      kb.interpret({ organism: 'spn', antibiotic: 'PEN', method: 'MIC', value: '0.12', guideline: 'CLSI', year: 2022, site });
    expect(read('oral')).toMatchObject({ category: 'I', breakpoint: { site: 'Oral', r: 2 } });
    expect(read('non-meningitis')).toMatchObject({ category: 'S', breakpoint: { site: 'Non-meningitis', s: 2 } });
  });

  it('EUCAST 2022 Enterobacterales amoxicillin/clavulanic acid: UTI row (S ≤ 32) for "uncomplicated UTI", general row (S ≤ 8) otherwise', () => {
    expect(interpret({ organism: 'eco', antibiotic: 'AMC', value: '16', site: 'uncomplicated UTI' })).toMatchObject({
      category: 'S',
      breakpoint: { site: 'Urinary tract infection', s: 32, r: 64 },
    });
    expect(interpret({ organism: 'eco', antibiotic: 'AMC', value: '16' })).toMatchObject({ category: 'R', breakpoint: { site: null, s: 8 } });
  });

  it('EUCAST 2022 E. coli fosfomycin MIC: the E. coli row is UTI-only, so without a site the Enterobacterales (iv) row is used', () => {
    const systemic = interpret({ organism: 'eco', antibiotic: 'FOS', value: '32' });
    expect(systemic).toMatchObject({ category: 'S', matchedLevel: 'FAMILY_CODE', breakpoint: { s: 32, r: 64 } });
    expect(systemic.notes.map((n) => n.en)).toContain(
      'the breakpoint for Escherichia coli applies to Urinary tract infection only; the Enterobacterales breakpoint is used',
    );
    const uti = interpret({ organism: 'eco', antibiotic: 'FOS', value: '32', site: 'UTI' });
    expect(uti).toMatchObject({ category: 'R', matchedLevel: 'WHONET_ORG_CODE', breakpoint: { s: 8, r: 16 } });
  });

  it('a requested site without its own row uses the general row and says so', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'MEM', method: 'MIC', value: '1', guideline: 'CLSI', year: 2022, site: 'meningitis' });
    expect(result.category).toBe('S');
    expect(result.notes.map((n) => n.en)).toContain('no breakpoint specific to meningitis; the general (not site-specific) breakpoint is used');
  });

  it('an unrecognised site is ignored with a note', () => {
    const result = interpret({ organism: 'eco', antibiotic: 'AMP', value: '4', site: 'left elbow' });
    expect(result.category).toBe('S');
    expect(result.notes.map((n) => n.en)).toContain('site of infection "left elbow" is not recognised and was ignored');
  });

  it('EUCAST 2022 H. influenzae ampicillin meningitis row has no values: no breakpoint, with the reason', () => {
    const result = interpret({ organism: 'Haemophilus influenzae', antibiotic: 'AMP', value: '0.5', site: 'meningitis' });
    expect(result).toMatchObject({ outcome: 'no-breakpoint', category: null, reason: 'breakpoint-without-values' });
    expect(result.explanation.en).toContain('without breakpoint values');
  });
});

describe('host', () => {
  it('an animal host selects veterinary breakpoints: CLSI 2022 dogs, E. coli amikacin (S ≤ 4, R 16)', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'AMK', method: 'MIC', value: '4', guideline: 'CLSI', year: 2022, host: 'Dogs' });
    expect(result).toMatchObject({ breakpointType: 'Animal', category: 'S', breakpoint: { host: 'Dogs', s: 4, r: 16 } });
  });

  it('CLSI 2022 foals have their own amikacin row (S ≤ 2, R 8): MIC 4 → I', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'AMK', method: 'MIC', value: '4', guideline: 'CLSI', year: 2022, host: 'Horses (foals)' });
    expect(result).toMatchObject({ category: 'I', breakpoint: { host: 'Horses (foals)', s: 2, r: 8 } });
  });

  it('a human host keeps human breakpoints', () => {
    const result = kb.interpret({ organism: 'eco', antibiotic: 'AMK', method: 'MIC', value: '4', guideline: 'CLSI', year: 2022, host: 'human' });
    expect(result).toMatchObject({ breakpointType: 'Human', breakpoint: { host: 'Human' } });
  });
});

describe('disk content', () => {
  it('EUCAST 2022 Enterobacterales ampicillin uses the 10 µg disk: a 2 µg disk is not interpreted', () => {
    const result = interpret({ organism: 'eco', antibiotic: 'AMP', method: 'DISK', diskPotency: '2 µg', value: '15' });
    expect(result).toMatchObject({ outcome: 'error', category: null, reason: 'disk-potency-mismatch' });
    expect(result.explanation.en).toBe(
      'disk content 2 µg does not match the breakpoint disk 10µg (EUCAST 2022, Enterobacterales); not interpreted',
    );
  });

  it('EUCAST 2022 Enterococcus ampicillin uses the 2 µg disk: "2ug" matches, "10" does not', () => {
    expect(interpret({ organism: 'efa', antibiotic: 'AMP', method: 'DISK', diskPotency: '2ug', value: '10' }).category).toBe('S');
    expect(interpret({ organism: 'efa', antibiotic: 'AMP', method: 'DISK', diskPotency: '10', value: '10' }).reason).toBe(
      'disk-potency-mismatch',
    );
  });

  it('without a disk content the row of the drug is used', () => {
    expect(interpret({ organism: 'efa', antibiotic: 'AMP', method: 'DISK', value: '7' }).category).toBe('R');
  });
});

describe('values that are not results', () => {
  it.each(['abc', '', '0', '0.00001', '4096', '>5000', '16 mm', 'R'])('MIC %j → wrong MIC, nothing interpreted', (value) => {
    const result = interpret({ organism: 'eco', antibiotic: 'AMP', value });
    expect(result).toMatchObject({ outcome: 'error', reason: 'wrong-mic', category: null, breakpoint: null });
    expect(result.explanation.en.startsWith('wrong MIC')).toBe(true);
    expect(result.explanation.zh.startsWith('MIC 错误')).toBe(true);
  });

  it.each(['5', '81', '120', '19 mg/L', 'n/a'])('zone %j → wrong zone diameter', (value) => {
    const result = interpret({ organism: 'eco', antibiotic: 'AMP', method: 'DISK', value });
    expect(result).toMatchObject({ outcome: 'error', reason: 'wrong-zone-diameter', category: null });
    expect(result.explanation.en.startsWith('wrong zone diameter')).toBe(true);
  });

  it('accepts the ends of the valid ranges', () => {
    expect(interpret({ organism: 'eco', antibiotic: 'AMP', value: '2048' }).category).toBe('R');
    expect(interpret({ organism: 'eco', antibiotic: 'AMP', value: '0.0001' }).category).toBe('S');
    expect(interpret({ organism: 'eco', antibiotic: 'AMP', method: 'DISK', value: '6' }).category).toBe('R');
  });
});

describe('inputs the engine cannot use', () => {
  it('names an unknown organism, antibiotic, method, guideline or year', () => {
    expect(interpret({ organism: 'Xyzzy plugh', antibiotic: 'AMP', value: '4' })).toMatchObject({ outcome: 'error', reason: 'unknown-organism' });
    expect(interpret({ organism: 'eco', antibiotic: 'Wonderfloxacin', value: '4' })).toMatchObject({ reason: 'unknown-antibiotic' });
    expect(interpret({ organism: 'eco', antibiotic: 'AMP', method: 'PCR', value: '4' })).toMatchObject({ reason: 'unknown-method' });
    expect(kb.interpret({ organism: 'eco', antibiotic: 'AMP', method: 'MIC', value: '4', guideline: 'NCCLS' })).toMatchObject({
      reason: 'unknown-guideline',
    });
    const year = kb.interpret({ organism: 'eco', antibiotic: 'AMP', method: 'MIC', value: '4', guideline: 'EUCAST', year: 2030 });
    expect(year).toMatchObject({ reason: 'unknown-year', year: 2030 });
    expect(year.explanation.en).toContain('2022, 2021');
  });

  it('asks for the method when neither the input nor a test code gives it', () => {
    expect(kb.interpret({ organism: 'eco', antibiotic: 'AMP', value: '4' }).reason).toBe('unknown-method');
  });
});

describe('no breakpoint, and why', () => {
  it('EUCAST 2022 S. aureus vancomycin disk: disk breakpoints exist for other organisms only', () => {
    const result = interpret({ organism: 'sau', antibiotic: 'VAN', method: 'DISK', value: '15' });
    expect(result).toMatchObject({ outcome: 'no-breakpoint', reason: 'no-breakpoint-for-organism', category: null });
  });

  it('EUCAST 2022 daptomycin has MIC breakpoints only', () => {
    const result = interpret({ organism: 'sau', antibiotic: 'DAP', method: 'DISK', value: '15' });
    expect(result).toMatchObject({ reason: 'no-breakpoint-for-method' });
    expect(result.explanation.en).toContain('(only MIC)');
  });

  it('EUCAST has no cefoperazone/sulbactam breakpoints at all', () => {
    expect(interpret({ organism: 'eco', antibiotic: 'CSL', value: '4' }).reason).toBe('no-breakpoint-for-antibiotic');
  });

  it('EUCAST 2022 E. coli tetracycline: only an ECOFF (8 mg/L) exists; the result says where the value sits', () => {
    const result = interpret({ organism: 'eco', antibiotic: 'TCY', value: '16' });
    expect(result).toMatchObject({ outcome: 'no-breakpoint', reason: 'ecoff-only', category: null, ecoffCategory: 'NWT', breakpoint: { ecoff: 8 } });
    expect(interpret({ organism: 'eco', antibiotic: 'TCY', value: '4' }).ecoffCategory).toBe('WT');
  });
});

describe('what the lab form needs', () => {
  it('lists the guidelines and their years, newest first', () => {
    const guidelines = kb.guidelines();
    const eucast = guidelines.find((g) => g.guideline === 'EUCAST')!;
    const clsi = guidelines.find((g) => g.guideline === 'CLSI')!;
    expect(eucast.years).toEqual([2022, 2021, 2020, 2019, 2018, 2017, 2016, 2015, 2014, 2013, 2012, 2011]);
    expect(clsi.latest).toBe(2022);
    expect(eucast.byType.ECOFF).toEqual([2022, 2021, 2020]);
  });

  it('proposes the drugs with MIC breakpoints for E. coli under EUCAST 2022, with the row each uses', () => {
    const drugs = kb.antibioticsWithBreakpoints('Escherichia coli', 'MIC', 'EUCAST', 2022);
    const codes = drugs.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['AMP', 'MEM', 'CIP', 'GEN', 'CRO', 'SXT']));
    expect(codes).not.toContain('VAN');
    expect(drugs.find((d) => d.code === 'MEM')).toMatchObject({ matchedLevel: 'FAMILY_CODE', breakpoint: { s: 2, r: 16, site: 'Non-meningitis' } });
    expect(drugs.find((d) => d.code === 'AMP')).toMatchObject({ localName: '氨苄西林' });
  });

  it('flags the drugs the organism is expected to resist', () => {
    const drugs = kb.antibioticsWithBreakpoints('Klebsiella pneumoniae', 'DISK', 'EUCAST', 2022);
    expect(drugs.find((d) => d.code === 'AMP')?.expectedResistant).toBe(true);
    expect(drugs.find((d) => d.code === 'MEM')?.expectedResistant).toBe(false);
  });

  it('gives nothing for an unknown organism or method', () => {
    expect(kb.antibioticsWithBreakpoints('Xyzzy plugh', 'MIC', 'EUCAST')).toEqual([]);
    expect(kb.antibioticsWithBreakpoints('eco', 'PCR', 'EUCAST')).toEqual([]);
  });
});
