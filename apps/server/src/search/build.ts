import { AMR_LINE_OFFSET } from '@mdc/refdata/amr';
import type { Queryable } from '../db';
import { SearchIndex, type SearchTerm } from './index';
import { curatedTermsByEntity } from './terms';

interface TaxonRow {
  mo: string;
  name: string;
  name_zh: string | null;
  zh_aliases: string[] | null;
  status: string;
  rank: string;
  prevalence: number;
  current_mo: string | null;
  current_name: string | null;
}

interface AntibioticRow {
  code: string;
  name: string;
  name_zh: string | null;
  zh_aliases: string[];
  en_aliases: string[];
  other_codes: string[];
  class: string;
  subclass: string;
  atc_code: string;
  prof_class: string;
  human: boolean;
  breakpoint_count: number;
}

/**
 * Drugs sit on the taxonomy's prevalence scale so that one ranking serves both: drugs with
 * clinical breakpoints rank with the most common organisms, other human drugs after them.
 */
function drugPrevalence(row: AntibioticRow): number {
  if (row.breakpoint_count > 0 && row.human) return 1;
  if (row.human) return 1.5;
  return 2;
}

/**
 * Words of English that GBIF kept as epithets from sequence titles ("Escherichia coli expressing"
 * ranked as a subspecies): no organism anyone looks for, so search does not offer them.
 */
const NOT_EPITHETS = new Set(['expressing']);

function notAName(name: string): boolean {
  return name.split(' ').some((word, i) => i > 0 && NOT_EPITHETS.has(word));
}

/** Reads every searchable name from the reference tables into a fresh index. */
export async function buildSearchIndex(db: Queryable): Promise<SearchIndex> {
  const index = new SearchIndex();

  const taxa = await db.query<TaxonRow>(
    `SELECT t.mo, t.name, t.name_zh, z.aliases AS zh_aliases, t.status, t.rank, t.prevalence, t.current_mo, c.name AS current_name
       FROM taxon t
       LEFT JOIN chinese_name_organism z ON lower(z.name) = lower(t.name)
       LEFT JOIN taxon c ON c.mo = t.current_mo AND t.current_mo <> t.mo`,
  );
  const codes = await db.query<{ mo: string; code: string; via: 'taxon-code' | 'whonet-code' }>(
    `SELECT mo, code, 'taxon-code' AS via FROM taxon_code
     UNION ALL
     SELECT DISTINCT taxon_mo AS mo, code, 'whonet-code' AS via FROM whonet_organism WHERE taxon_mo IS NOT NULL`,
  );
  const whonetCode = new Map<string, string>();
  const whonetCommon = new Set<string>();
  for (const row of await db.query<{ mo: string; code: string; common: boolean }>(
    `SELECT DISTINCT ON (taxon_mo) taxon_mo AS mo, code, common FROM whonet_organism WHERE taxon_mo IS NOT NULL ORDER BY taxon_mo, (taxonomic_status = 'C') DESC, line`,
  )) {
    whonetCode.set(row.mo, row.code);
    if (row.common) whonetCommon.add(row.mo);
  }
  // WHONET's own rows (its lines, before the AMR package's) name species themselves; the AMR rows
  // of a group are copied onto every member species at import, which would make each viridans
  // streptococcus look as asked-for as S. pneumoniae.
  const ownBreakpoints = new Map<string, number>();
  for (const row of await db.query<{ mo: string; n: number }>(
    `SELECT o.taxon_mo AS mo, count(*)::int AS n
       FROM breakpoint b JOIN (SELECT DISTINCT lower(code) AS code, taxon_mo FROM whonet_organism WHERE taxon_mo IS NOT NULL) o ON o.code = lower(b.organism_code)
      WHERE b.organism_code_type = 'WHONET_ORG_CODE' AND b.breakpoint_type = 'Human' AND b.line < ${AMR_LINE_OFFSET}
      GROUP BY o.taxon_mo`,
  )) {
    ownBreakpoints.set(row.mo, row.n);
  }
  const codesByMo = new Map<string, SearchTerm[]>();
  for (const row of codes) {
    // Numbers ("1111", "2352") are one laboratory system's codes: shown as a hit they read as the name.
    if (/^\d+$/.test(row.code)) continue;
    let list = codesByMo.get(row.mo);
    if (!list) codesByMo.set(row.mo, (list = []));
    list.push({ text: row.code, via: row.via });
  }

  const drugs = await db.query<AntibioticRow>(
    'SELECT code, name, name_zh, zh_aliases, en_aliases, other_codes, class, subclass, atc_code, prof_class, human, breakpoint_count FROM antibiotic',
  );
  // Curated short names, abbreviations and class names: a name resolves to its accepted taxon.
  const taxonByName = new Map<string, string>();
  for (const t of taxa) {
    const key = t.name.toLowerCase();
    if (!taxonByName.has(key) || t.status === 'accepted') taxonByName.set(key, t.status === 'accepted' ? t.mo : (t.current_mo ?? t.mo));
  }
  const drugCodes = new Set(drugs.map((d) => d.code));
  const curated = curatedTermsByEntity<string>({
    taxon: (name) => taxonByName.get(name.toLowerCase()),
    drug: (code) => (drugCodes.has(code) ? code : undefined),
    drugs: drugs.map((d) => ({ id: d.code, facts: { code: d.code, name: d.name, class: d.class, subclass: d.subclass, atcCode: d.atc_code, profClass: d.prof_class } })),
  });

  for (const t of taxa) {
    if (notAName(t.name)) continue;
    const terms: SearchTerm[] = [{ text: t.name, via: 'name' }];
    if (t.name_zh) terms.push({ text: t.name_zh, via: 'zh' });
    for (const alias of t.zh_aliases ?? []) terms.push({ text: alias, via: 'zh-alias' });
    // Before the codes: "MRSA" is also an AMR-package code of S. aureus, ranked below a name.
    terms.push(...(curated.get(t.mo) ?? []));
    terms.push(...(codesByMo.get(t.mo) ?? []));
    index.addEntity(
      {
        type: 'taxon',
        id: t.mo,
        nameEn: t.name,
        nameZh: t.name_zh,
        prevalence: t.prevalence,
        status: t.status,
        rank: t.rank,
        common: whonetCommon.has(t.mo) || t.name_zh !== null,
        whonetCommon: whonetCommon.has(t.mo),
        ownBreakpoints: ownBreakpoints.get(t.mo) ?? 0,
        ...(whonetCode.has(t.mo) ? { code: whonetCode.get(t.mo) } : {}),
        ...(t.current_name && t.current_mo ? { currentId: t.current_mo, currentName: t.current_name } : {}),
      },
      terms,
    );
  }

  for (const d of drugs) {
    const terms: SearchTerm[] = [{ text: d.name, via: 'name' }, { text: d.code, via: 'code' }];
    for (const alias of d.en_aliases) terms.push({ text: alias, via: 'alias' });
    // Single-letter WHO codes (E, K, N…) would outrank every name typed from its first letter.
    for (const other of d.other_codes) if (other.length > 1) terms.push({ text: other, via: 'code' });
    if (d.name_zh) terms.push({ text: d.name_zh, via: 'zh' });
    for (const alias of d.zh_aliases) terms.push({ text: alias, via: 'zh-alias' });
    terms.push(...(curated.get(d.code) ?? []));
    index.addEntity(
      {
        type: 'antibiotic',
        id: d.code,
        nameEn: d.name,
        nameZh: d.name_zh,
        prevalence: drugPrevalence(d),
        common: d.name_zh !== null,
        code: d.code,
      },
      terms,
    );
  }
  // Resistance genes by allele name (blaKPC-2), and without ResFinder's "bla" prefix as people
  // write them (KPC-2, CTX-M-15); after every organism and drug of the same letters (VIA_ORDER).
  const genes = await db.query<{ name: string }>('SELECT DISTINCT name FROM resistance_gene');
  for (const g of genes) {
    const terms: SearchTerm[] = [{ text: g.name, via: 'gene' }];
    if (/^bla[A-Z]/.test(g.name)) terms.push({ text: g.name.slice(3), via: 'gene' });
    index.addEntity({ type: 'gene', id: g.name, nameEn: g.name, nameZh: null, prevalence: 3 }, terms);
  }
  return index.build();
}
