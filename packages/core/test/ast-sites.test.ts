import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeSite, siteLabelZh, siteOfSpecimen, type AstInput, type KnowledgeBase } from '@mdc/core/ast';
import { realKnowledgeBase } from './ast/knowledge-base';

/**
 * A breakpoint is right only within the guideline's own scope (issue 24): a row that exists for
 * one site only (uUTI, meningitis, oral, screening…) is never applied to an isolate from another.
 * WHONET's EUCAST 2022 table has the same cefazolin row as EUCAST 2025: Enterobacterales, urinary
 * tract infection only, S ≤ (0.001), R > 4.
 */
let kb: KnowledgeBase;
beforeAll(() => {
  kb = realKnowledgeBase();
});

const read = (input: Partial<AstInput> & Pick<AstInput, 'organism' | 'antibiotic' | 'value'>) =>
  kb.interpret({ method: 'MIC', guideline: 'EUCAST', year: 2022, ...input });

describe('the sites labs write', () => {
  it.each([
    ['blood', 'systemic'],
    ['Blood culture', 'systemic'],
    ['血液', 'systemic'],
    ['systemic', 'systemic'],
    ['Not site-specific (systemic)', 'systemic'],
    ['不限部位（全身感染）', 'systemic'],
    ['urine', 'urinary tract infection'],
    ['尿液', 'urinary tract infection'],
    ['CSF', 'meningitis'],
    ['脑脊液', 'meningitis'],
    ['sputum', 'respiratory'],
    ['痰', 'respiratory'],
    ['wound', 'skin'],
    ['伤口分泌物', 'skin'],
    ['stool', 'intestinal'],
  ])('%j is the site %j', (text, token) => {
    expect(normalizeSite(text)).toBe(token);
  });

  it('reads the specimen codes of WHONET files and of the Lab (bl, ur, cf…) as their sites', () => {
    expect(siteOfSpecimen('bl')).toBe('systemic');
    expect(siteOfSpecimen('ur')).toBe('urinary tract infection');
    expect(siteOfSpecimen('cf')).toBe('meningitis');
    expect(siteOfSpecimen('Urine')).toBe('urinary tract infection');
    expect(siteOfSpecimen('ot')).toBeNull();
    expect(siteOfSpecimen('')).toBeNull();
  });
});

describe('Chinese labels of the sites rows name', () => {
  it('keeps what the row says: uncomplicated UTI is 单纯性, a systemic infection from the urinary tract is not', () => {
    expect(siteLabelZh('Uncomplicated urinary tract infection')).toBe('单纯性尿路感染');
    expect(siteLabelZh('Urinary tract infection')).toBe('尿路感染');
    expect(siteLabelZh('Infections originating from the urinary tract')).toBe('源自尿路的感染');
    expect(siteLabelZh('Meningitis')).toBe('脑膜炎');
    expect(siteLabelZh('Investigational agent')).toBe('研究用药物');
  });
});

describe('a breakpoint for one site is not applied to another (EUCAST cefazolin, Enterobacterales: uUTI only)', () => {
  it.each(['blood', 'systemic', '血液', 'Not site-specific (systemic)'])('E. coli cefazolin MIC 2 from %j: no breakpoint for this site, the uUTI row named, what to do', (site) => {
    const result = read({ organism: 'Escherichia coli', antibiotic: 'CZO', value: '2', site });
    expect(result).toMatchObject({ outcome: 'no-breakpoint', category: null, reason: 'no-breakpoint-for-site', breakpoint: null, site: { requested: 'systemic', used: null } });
    expect(result.explanation.en).toMatch(/^no breakpoint for a systemic infection/);
    expect(result.explanation.en).toContain('only for Urinary tract infection (S ≤ (0.001) · I 0.002–4 · R > 4 mg/L)');
    expect(result.explanation.en).toMatch(/without a category, or test an agent with a breakpoint for this site/);
    expect(result.explanation.zh).toMatch(/^无适用于全身感染.*尿路感染.*不给出分类/);
  });

  it('the same for a disk zone, with EUCAST’s off-scale S ≥ (50)', () => {
    const result = read({ organism: 'eco', antibiotic: 'CZO', method: 'DISK', value: '25', site: 'blood' });
    expect(result).toMatchObject({ category: null, reason: 'no-breakpoint-for-site' });
    expect(result.explanation.en).toContain('S ≥ (50) · I 20–49 · R < 20 mm');
  });

  it('a urine isolate gets the uUTI row, with the S limit as EUCAST prints it', () => {
    for (const site of ['urine', '尿液', 'uti']) {
      const result = read({ organism: 'eco', antibiotic: 'CZO', value: '2', site });
      expect(result).toMatchObject({ category: 'I', reason: 'breakpoint', site: { requested: 'urinary tract infection', used: 'Urinary tract infection' } });
      expect(result.explanation.en).toBe('S breakpoint (0.001) < MIC 2 mg/L ≤ R breakpoint 4 (EUCAST 2022, Enterobacterales, Urinary tract infection) → I');
      expect(result.notes).toEqual([]);
    }
  });

  it('with no site the uUTI row is read, and the note says which site it is for and what holds elsewhere', () => {
    const result = read({ organism: 'eco', antibiotic: 'CZO', value: '2' });
    expect(result).toMatchObject({ category: 'I', site: { requested: null, used: 'Urinary tract infection' } });
    const note = result.notes.map((n) => n.en).join(' ');
    expect(note).toMatch(/site of infection not given/);
    expect(note).toMatch(/applies to Urinary tract infection only/);
    expect(note).toMatch(/another site there is no breakpoint/);
    expect(result.notes.map((n) => n.zh).join(' ')).toMatch(/未给出感染部位.*仅适用于尿路感染/);
  });

  it('E. coli nitrofurantoin (uUTI only) from blood: no breakpoint for this site; from urine: S', () => {
    expect(read({ organism: 'eco', antibiotic: 'NIT', value: '16', site: 'blood' })).toMatchObject({ category: null, reason: 'no-breakpoint-for-site' });
    expect(read({ organism: 'eco', antibiotic: 'NIT', value: '16', site: 'urine' })).toMatchObject({ category: 'S', breakpoint: { site: 'Urinary tract infection' } });
  });

  it('a blood isolate reads the intravenous row where the guideline has one (cefuroxime: iv S ≤ (0.001), R > 8; uUTI S ≤ 8)', () => {
    const blood = read({ organism: 'eco', antibiotic: 'CXM', value: '4', site: 'blood' });
    expect(blood).toMatchObject({ category: 'I', breakpoint: { site: 'Intravenous' } });
    expect(blood.explanation.en).toContain('S breakpoint (0.001) < MIC 4 mg/L ≤ R breakpoint 8');
    expect(read({ organism: 'eco', antibiotic: 'CXM', value: '4', site: 'urine' })).toMatchObject({ category: 'S', breakpoint: { site: 'Urinary tract infection' } });
  });

  it('a CSF isolate never gets a non-meningitis row (CLSI 2022 S. pneumoniae ceftaroline: non-meningitis only)', () => {
    const csf = kb.interpret({ organism: 'spn', antibiotic: 'CPT', method: 'MIC', value: '0.25', guideline: 'CLSI', year: 2022, site: 'CSF' });
    expect(csf).toMatchObject({ category: null, reason: 'no-breakpoint-for-site', site: { requested: 'meningitis' } });
    expect(csf.explanation.en).toMatch(/^no breakpoint for meningitis: .*only for Non-meningitis/);
    const blood = kb.interpret({ organism: 'spn', antibiotic: 'CPT', method: 'MIC', value: '0.25', guideline: 'CLSI', year: 2022, site: 'blood' });
    expect(blood).toMatchObject({ category: 'S', breakpoint: { site: 'Non-meningitis' } });
  });

  it('does not offer a drug for a site it has no breakpoint for', () => {
    const codes = (site?: string) => kb.antibioticsWithBreakpoints('eco', 'MIC', 'EUCAST', 2022, site ? { site } : {}).map((d) => d.code);
    expect(codes('urine')).toContain('CZO');
    expect(codes('blood')).not.toContain('CZO');
    expect(codes('blood')).toContain('CXM');
  });
});
