import { describe, expect, it } from 'vitest';
import { SearchIndex, type SearchEntity, type SearchTerm } from '../../src/search/index';
import { editBudget, prefixDistance } from '../../src/search/fuzzy';
import { normalizeKey } from '../../src/search/normalize';

function taxon(id: string, name: string, prevalence: number, extra: Partial<SearchEntity> = {}): SearchEntity {
  return { type: 'taxon', id, nameEn: name, nameZh: null, prevalence, status: 'accepted', rank: name.includes(' ') ? 'species' : 'genus', ...extra };
}

function drug(code: string, name: string, zh: string | null, prevalence = 1): SearchEntity {
  return { type: 'antibiotic', id: code, nameEn: name, nameZh: zh, prevalence, code };
}

function buildIndex(): SearchIndex {
  const index = new SearchIndex();
  const add = (entity: SearchEntity, terms: SearchTerm[] = []) =>
    index.addEntity(entity, [{ text: entity.nameEn, via: 'name' }, ...(entity.nameZh ? [{ text: entity.nameZh, via: 'zh' as const }] : []), ...terms]);
  add(taxon('B_ESCHR', 'Escherichia', 1, { nameZh: '埃希菌属' }));
  add(taxon('B_ESCHR_COLI', 'Escherichia coli', 1, { nameZh: '大肠埃希菌', code: 'eco' }), [
    { text: '大肠杆菌', via: 'zh-alias' },
    { text: 'eco', via: 'whonet-code' },
  ]);
  add(taxon('B_ESCHR_ALBR', 'Escherichia albertii', 1.5));
  add(taxon('B_ESCHR_FRGS', 'Escherichia fergusonii', 1.25));
  add(taxon('B_KLBSL_PNMN', 'Klebsiella pneumoniae', 1, { nameZh: '肺炎克雷伯菌', code: 'kpn' }), [{ text: 'kpn', via: 'whonet-code' }]);
  add(taxon('B_KLBSL_AERG', 'Klebsiella aerogenes', 1, { nameZh: '产气克雷伯菌' }));
  add(taxon('B_KLBSL_MBLS', 'Klebsiella mobilis', 1, { status: 'synonym', currentId: 'B_KLBSL_AERG', currentName: 'Klebsiella aerogenes' }));
  add(taxon('B_CMPYL_COLI', 'Campylobacter coli', 1.5));
  add(taxon('B_TEST_UNDR', 'Test_organism', 2));
  add(taxon('B_TEST_PRNS', 'Foo (bar) baz', 2));
  add(drug('AMX', 'Amoxicillin', '阿莫西林'), [{ text: 'AMX', via: 'code' }, { text: '羟氨苄青霉素', via: 'zh-alias' }]);
  add(drug('AMC', 'Amoxicillin/Clavulanic acid', '阿莫西林/克拉维酸'), [{ text: 'AMC', via: 'code' }, { text: '阿莫西林克拉维酸', via: 'zh-alias' }]);
  add(drug('AMP', 'Ampicillin', '氨苄西林'), [{ text: 'AMP', via: 'code' }]);
  add(drug('COL', 'Colistin', '黏菌素'), [{ text: 'COL', via: 'code' }]);
  for (let i = 0; i < 30; i++) add(taxon(`B_STRPT_${i}`, `Streptococcus species${String(i).padStart(2, '0')}`, i < 15 ? 2 : 1));
  return index.build();
}

const index = buildIndex();
const ids = (keyword: string, limit = 10) => index.search(keyword, { limit }).hits.map((h) => h.entity.id);

describe('search ranking', () => {
  it('puts an exact match before prefix matches, and prefix matches before fuzzy ones', () => {
    const { hits } = index.search('Escherichia');
    expect(hits[0]).toMatchObject({ match: 'exact' });
    expect(hits[0]!.entity.id).toBe('B_ESCHR');
    const kinds = hits.map((h) => h.match);
    const order = { exact: 0, prefix: 1, word: 2, fuzzy: 3 };
    expect(kinds.map((k) => order[k])).toEqual([...kinds.map((k) => order[k])].sort((a, b) => a - b));
    expect(kinds).toContain('prefix');
  });

  it('orders equally good matches by clinical prevalence', () => {
    expect(ids('Escherichia').slice(1)).toEqual(['B_ESCHR_COLI', 'B_ESCHR_FRGS', 'B_ESCHR_ALBR']);
    // Thirty streptococci share the prefix: the common half comes first.
    const strep = ids('Streptococcus');
    expect(strep).toHaveLength(10);
    expect(strep.every((id) => Number(id.slice(-2)) >= 15)).toBe(true);
  });

  it('ranks an accepted name before a synonym of the same standing', () => {
    expect(ids('Klebsiella').slice(0, 3)).toEqual(['B_KLBSL_AERG', 'B_KLBSL_PNMN', 'B_KLBSL_MBLS']);
    const synonym = index.search('Klebsiella mobilis').hits[0]!;
    expect(synonym.entity).toMatchObject({ status: 'synonym', currentId: 'B_KLBSL_AERG' });
  });

  it('forgives typing mistakes in scientific names', () => {
    const { hits, total } = index.search('Eschrichia coli');
    expect(total).toBe(0);
    expect(hits[0]).toMatchObject({ match: 'fuzzy', distance: 1 });
    expect(hits[0]!.entity.id).toBe('B_ESCHR_COLI');
    expect(ids('Klebsiela pnemoniae')[0]).toBe('B_KLBSL_PNMN');
    expect(ids('Amoxcillin')[0]).toBe('AMX');
    // Swapped neighbours count as one mistake.
    expect(index.search('Ecsherichia coli').hits[0]).toMatchObject({ distance: 1 });
  });

  it('does not guess from a keyword too short to carry a mistake', () => {
    expect(editBudget(3)).toBe(0);
    expect(ids('Exc')).toEqual([]);
  });

  it('finds Chinese names by their start and by any part of them', () => {
    expect(index.search('大肠埃希').hits[0]).toMatchObject({ match: 'prefix', via: 'zh', matched: '大肠埃希菌' });
    expect(ids('大肠杆菌')).toEqual(['B_ESCHR_COLI']);
    expect(ids('阿莫西林').slice(0, 2)).toEqual(['AMX', 'AMC']);
    expect(index.search('阿莫西林').hits[0]).toMatchObject({ match: 'exact' });
    const klebsiella = ids('克雷伯');
    expect(klebsiella).toEqual(expect.arrayContaining(['B_KLBSL_PNMN', 'B_KLBSL_AERG']));
    expect(index.search('克雷伯').hits[0]!.match).toBe('word');
  });

  it('finds drugs and organisms by their codes, in any case', () => {
    expect(index.search('AMC').hits[0]).toMatchObject({ match: 'exact', via: 'code' });
    expect(ids('amc')[0]).toBe('AMC');
    expect(ids('kpn')[0]).toBe('B_KLBSL_PNMN');
    expect(ids('KPN')[0]).toBe('B_KLBSL_PNMN');
    expect(index.search('eco').hits[0]).toMatchObject({ via: 'whonet-code' });
  });

  it('matches a later word of a name after names that start with the keyword', () => {
    const coli = index.search('coli').hits;
    expect(coli[0]!.entity.id).toBe('COL');
    expect(coli[0]!.match).toBe('prefix');
    expect(coli.slice(1).map((h) => h.entity.id)).toEqual(['B_ESCHR_COLI', 'B_CMPYL_COLI']);
    expect(coli.slice(1).every((h) => h.match === 'word')).toBe(true);
  });

  it('gives at most `limit` hits, one per entity however many of its names match', () => {
    expect(index.search('Streptococcus species', { limit: 10 }).hits).toHaveLength(10);
    expect(index.search('Streptococcus species').total).toBe(30);
    const amx = index.search('A').hits.filter((h) => h.entity.id === 'AMX');
    expect(amx).toHaveLength(1);
  });

  it('filters by entity type and counts per type', () => {
    const result = index.search('am', { types: ['antibiotic'] });
    expect(result.hits.every((h) => h.entity.type === 'antibiotic')).toBe(true);
    expect(result.totals).toEqual({ taxon: 0, antibiotic: 3, gene: 0 });
  });

  it('treats quotes, %, _, backslashes and regular-expression characters as plain text', () => {
    for (const keyword of ['%', '_', "'", '"', '\\', '.*', '[a-z]+', '(', '^Esch', 'Esch$', "Escherichia' OR 1=1 --"]) {
      expect(() => index.search(keyword)).not.toThrow();
    }
    expect(ids('%')).toEqual([]);
    // A caret is a character like any other: at best one typing mistake away from a name.
    expect(index.search('^Esch').hits.every((h) => h.match === 'fuzzy')).toBe(true);
    expect(ids('.*')).toEqual([]);
    expect(ids('Test_org')).toEqual(['B_TEST_UNDR']);
    // Neither % nor _ is a wildcard: what they stand in front of or for is not skipped.
    expect(ids('%organism')).toEqual([]);
    expect(index.search('Test%').hits.every((h) => h.match === 'fuzzy')).toBe(true);
    expect(index.search('T_st_organism').hits.every((h) => h.match === 'fuzzy')).toBe(true);
    expect(index.search('Test\\').hits.every((h) => h.match === 'fuzzy')).toBe(true);
    // Brackets separate words like spaces do, so a half-typed bracket still finds the name.
    expect(ids('Foo (bar')).toEqual(['B_TEST_PRNS']);
  });

  it('answers nothing for a keyword without letters or digits', () => {
    expect(index.search('   ').hits).toEqual([]);
    expect(index.search(' / - ').total).toBe(0);
  });
});

describe('word-by-word matching (abbreviated binomials, drug abbreviations)', () => {
  it('reads each typed word as the start of a word of the name, in order', () => {
    expect(ids('E. coli')[0]).toBe('B_ESCHR_COLI');
    expect(ids('E.coli')[0]).toBe('B_ESCHR_COLI');
    expect(ids('Esch. alb')).toEqual(['B_ESCHR_ALBR']);
    expect(ids('K pneu')).toEqual(['B_KLBSL_PNMN']);
    expect(ids('amox clav')).toEqual(['AMC']);
    expect(ids('amox/clav')).toEqual(['AMC']);
    // "C. coli" is Campylobacter coli, not Escherichia coli: every typed word counts.
    expect(ids('C. coli')).toEqual(['B_CMPYL_COLI']);
    // Words out of order find nothing.
    expect(ids('coli E.')).toEqual([]);
  });

  it('ranks an abbreviation like a prefix match, the common organism first, and counts each entity once', () => {
    const result = index.search('E. coli');
    expect(result.hits[0]).toMatchObject({ match: 'prefix', matched: 'Escherichia coli', distance: 0 });
    expect(result.total).toBe(result.hits.length);
    expect(result.totals.taxon).toBe(1);
  });

  it('answers a known abbreviation with what it stands for, not with names one typing mistake away', () => {
    const own = new SearchIndex();
    own.addEntity(taxon('B_STPHY_AURS', 'Staphylococcus aureus', 1), [{ text: 'Staphylococcus aureus', via: 'name' }, { text: 'MRSA', via: 'short' }]);
    own.addEntity(taxon('P_MRAZK', 'Mrazekia', 2), [{ text: 'Mrazekia', via: 'name' }]);
    own.addEntity(taxon('P_MRAZK_CYCL', 'Mrazekia cyclopis', 2), [{ text: 'Mrazekia cyclopis', via: 'name' }]);
    const hits = own.search('MRSA').hits;
    expect(hits.map((h) => h.entity.id)).toEqual(['B_STPHY_AURS']);
    // A misspelt name still finds its organism.
    expect(own.search('Mrasekia').hits.map((h) => h.entity.id)).toContain('P_MRAZK');
  });

  it('does not read the whole index for single letters alone', () => {
    expect(ids('e c')).toEqual([]);
  });
});

// Issue 17's memory budget counts on this cache staying at 5,000 answers however many different
// keystrokes come: a remembered answer comes back as the same object, a forgotten one afresh.
describe('remembered answers', () => {
  it('keeps the 5,000 most recently asked and forgets older ones', () => {
    const own = buildIndex();
    const first = own.search('escherichia');
    expect(own.search('escherichia')).toBe(first);
    for (let i = 0; i < 5_000; i++) own.search(`strep${i}`);
    const recent = own.search('strep4999');
    expect(own.search('strep4999')).toBe(recent);
    const again = own.search('escherichia');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('keeps an answer asked again while others come', () => {
    const own = buildIndex();
    const kept = own.search('klebsiella');
    for (let i = 0; i < 6_000; i++) {
      own.search(`amox${i}`);
      if (i % 1_000 === 0) expect(own.search('klebsiella')).toBe(kept);
    }
    expect(own.search('klebsiella')).toBe(kept);
  });
});

describe('normalizeKey', () => {
  it('folds case, accents, full-width characters and name separators', () => {
    expect(normalizeKey('  Amoxicillin/Clavulanic  acid ')).toBe('amoxicillin clavulanic acid');
    expect(normalizeKey('Amoxicillin-clavulanic acid')).toBe('amoxicillin clavulanic acid');
    expect(normalizeKey('ＡＭＣ')).toBe('amc');
    expect(normalizeKey('Méropénem')).toBe('meropenem');
    expect(normalizeKey('阿莫西林／克拉维酸')).toBe('阿莫西林 克拉维酸');
    expect(normalizeKey('50%_x\\y')).toBe('50%_x\\y');
  });
});

describe('prefixDistance', () => {
  // The full table, for comparison: distance from the keyword to the closest prefix of the name.
  function reference(query: string, name: string): number {
    const d = Array.from({ length: query.length + 1 }, (_, i) => Array.from({ length: name.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= query.length; i++) {
      for (let j = 1; j <= name.length; j++) {
        let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (query[i - 1] === name[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && query[i - 1] === name[j - 2] && query[i - 2] === name[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
        d[i]![j] = v;
      }
    }
    return Math.min(...d[query.length]!);
  }

  it('agrees with the full alignment table, capped at max + 1', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const letters = 'abc d';
    const word = (n: number) => Array.from({ length: n }, () => letters[Math.floor(random() * letters.length)]).join('');
    for (let k = 0; k < 3000; k++) {
      const query = word(1 + Math.floor(random() * 8));
      const name = word(Math.floor(random() * 12));
      for (const max of [0, 1, 2, 3]) expect(prefixDistance(query, name, max)).toBe(Math.min(reference(query, name), max + 1));
    }
  });

  it('measures against the start of the name', () => {
    expect(prefixDistance('escherichia co', 'escherichia coli', 2)).toBe(0);
    expect(prefixDistance('eschrichia', 'escherichia coli', 2)).toBe(1);
    expect(prefixDistance('klebsiela pnemoniae', 'klebsiella pneumoniae', 3)).toBe(2);
    expect(prefixDistance('xyz', 'escherichia', 1)).toBe(2);
  });
});
