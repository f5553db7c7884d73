import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { ChineseNamesFormatError, TERM_NAMES_FILE, parseTermNames, readChineseTerms } from '@mdc/refdata/names';

// Issue 24: Chinese pages showed the tables' English — drug classes ("Aminoglycosides",
// "Antifungals"), sites ("Uncomplicated urinary tract infection", "Investigational agent"), hosts
// ("Horse" beside a translated 犬). The curated table answers every term the imported files hold.
const dataDir = findRefdataDir();
const terms = readChineseTerms();

function column(file: string, name: string): string[] {
  const raw = readFileSync(file);
  const lines = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8').replace(/^\uFEFF/, '').split('\n');
  const header = lines[0]!.replace(/\r$/, '').split('\t');
  const at = header.indexOf(name);
  expect(at, `${name} in ${file}`).toBeGreaterThanOrEqual(0);
  return [...new Set(lines.slice(1).filter((l) => l.trim() !== '').map((l) => (l.replace(/\r$/, '').split('\t')[at] ?? '').trim()))].filter(Boolean);
}

describe('Chinese for the reference tables\' English terms', () => {
  it('gives the clinical microbiology terms', () => {
    expect(terms.zh('drug-class', 'Aminoglycosides')).toBe('氨基糖苷类');
    expect(terms.zh('drug-class', 'Antifungals')).toBe('抗真菌药');
    expect(terms.zh('drug-class', 'beta-lactam+inhibitors')).toBe(terms.zh('drug-class', 'Beta-lactam+Inhibitors'));
    expect(terms.zh('drug-subclass', 'Cephalosporin III')).toBe('第三代头孢菌素');
    expect(terms.siteZh('Uncomplicated urinary tract infection')).toBe('单纯性尿路感染');
    expect(terms.siteZh('Investigational agent')).toBe('在研药物');
    expect(terms.siteZh('Oral, Uncomplicated urinary tract infection')).toBe('口服给药、单纯性尿路感染');
    expect(terms.zh('host', 'Horse')).toBe('马');
    expect(terms.zh('host', 'dogs')).toBe('犬');
  });

  it('answers a site list only when it knows every part', () => {
    expect(terms.siteZh('Oral, Somewhere unknown')).toBeUndefined();
    expect(terms.zh('drug-class', 'Not a class')).toBeUndefined();
  });

  it('keeps a source on every row and refuses a site list, an unknown kind and a name without Chinese', () => {
    for (const record of terms.records) expect(record.source, `${record.kind} ${record.en}`).toMatch(/\S/);
    const header = 'kind\ten\tzh\tsource\n';
    const parse = (row: string) => () => parseTermNames(header + row);
    expect(parse('site\tOral, Meningitis\t口服、脑膜炎\tx\n')).toThrow(ChineseNamesFormatError);
    expect(parse('colour\tRed\t红\tx\n')).toThrow(/unknown kind/);
    expect(parse('host\tHorse\tHorse\tx\n')).toThrow(/no Chinese/);
    expect(parse('host\tHorse\t马\tx\nhost\thorse\t马\tx\n')).toThrow(/repeats line 2/);
    expect(() => parseTermNames(header + 'host\tHorse\t马\t\n', TERM_NAMES_FILE)).toThrow(/line 2, column source/);
  });
});

describe.skipIf(!dataDir)('every term of the imported files has its Chinese', () => {
  it('every drug class and subclass of WHONET Antibiotics.txt', () => {
    const file = path.join(dataDir!, 'whonet/Antibiotics.txt');
    expect(column(file, 'CLASS').filter((c) => !terms.zh('drug-class', c))).toEqual([]);
    expect(column(file, 'SUBCLASS').filter((c) => !terms.zh('drug-subclass', c))).toEqual([]);
  });

  it('every site of infection and host of WHONET Breakpoints.txt and AMR 3.0.0 clinical_breakpoints.tsv', () => {
    const whonet = path.join(dataDir!, 'whonet/Breakpoints.txt');
    const amr = path.join(dataDir!, 'amr/amr-3.0.0/clinical_breakpoints.tsv');
    const sites = [...column(whonet, 'SITE_OF_INFECTION'), ...column(amr, 'site')];
    expect(sites.length).toBeGreaterThan(40);
    expect(sites.filter((s) => !terms.siteZh(s))).toEqual([]);
    // AMR's ECOFF rows name "ECOFF" as their host: not a host.
    const hosts = [...column(whonet, 'HOST'), ...column(amr, 'host')].filter((h) => h !== 'ECOFF');
    expect(hosts.filter((h) => !terms.zh('host', h))).toEqual([]);
  });
});
