import { allowedEdits, FuzzyIndex, similarity } from './fuzzy';
import type { AntibioticDefinition, AntibioticMatch, Localized, TestMethod } from './types';

/** One antibiotic code with everything known about it across its definitions. */
export interface Antibiotic {
  code: string;
  name: string;
  atcCode: string;
  class: string;
  subclass: string;
  profClass: string;
  aware: string;
  /** Disk contents listed for the drug ("10µg", "2µg"…). */
  potencies: string[];
  guidelines: string[];
  otherCodes: string[];
  clsiOrder: string;
  eucastOrder: string;
}

/**
 * English names labs use that WHONET spells differently. Slashes stand for any
 * of "/", "-", "+" or " and " after normalisation.
 */
export const ANTIBIOTIC_ALIASES: Readonly<Record<string, string>> = {
  benzylpenicillin: 'PEN',
  penicillin: 'PEN',
  'penicillin g': 'PEN',
  'amoxicillin/clavulanate': 'AMC',
  'amoxicillin/clavulanic': 'AMC',
  'co-amoxiclav': 'AMC',
  coamoxiclav: 'AMC',
  'amox/clav': 'AMC',
  'ampicillin/sulbactam': 'SAM',
  'piperacillin/tazobactam': 'TZP',
  'pip/tazo': 'TZP',
  'ticarcillin/clavulanate': 'TCC',
  'cefoperazone/sulbactam': 'CSL',
  'ceftazidime/avibactam': 'CZA',
  'ceftolozane/tazobactam': 'CZT',
  'imipenem/relebactam': 'IMR',
  'meropenem/vaborbactam': 'MEV',
  'co-trimoxazole': 'SXT',
  cotrimoxazole: 'SXT',
  'sulfamethoxazole/trimethoprim': 'SXT',
  'tmp/smx': 'SXT',
  'smx/tmp': 'SXT',
  cefalotin: 'CEP',
  cephalothin: 'CEP',
  cefalexin: 'LEX',
  cephazolin: 'CZO',
  cefazoline: 'CZO',
  'quinupristin/dalfopristin': 'QDA',
  'polymyxin e': 'COL',
  colistine: 'COL',
};

/** Lower case, NFKC, combination separators unified to "/". */
export function normalizeAntibioticName(text: string): string {
  return text
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/\s*(\/|\+|–|—|\band\b|\bwith\b)\s*/g, '/')
    // "amoxicillin-clavulanate" is a combination; "co-trimoxazole" keeps its hyphen
    .replace(/(?<!\bco)\s*-\s*/g, '/')
    .replace(/\s+/g, ' ');
}

/** WHONET test column codes: AMP_ND10 (CLSI disk 10 µg), CIP_EM (EUCAST MIC), PEN_NE (gradient strip). */
const TEST_CODE = /^([A-Z0-9]{2,4})_([A-Z])([DME])(\d[0-9A-Z_.]*)?$/i;

const GUIDELINE_LETTERS: Readonly<Record<string, string>> = {
  N: 'CLSI',
  E: 'EUCAST',
  B: 'BSAC',
  F: 'SFM',
  S: 'SRGA',
  D: 'DIN',
  A: 'AFA',
  T: 'NEO',
};

export interface TestCodeInfo {
  antibioticCode: string;
  method: TestMethod;
  potency: string;
  guideline: string;
}

export function parseTestCode(code: string, known?: ReadonlyMap<string, TestCodeInfo>): TestCodeInfo | null {
  const upper = code.toUpperCase();
  const fromTable = known?.get(upper);
  if (fromTable) return fromTable;
  const match = TEST_CODE.exec(upper);
  if (!match) return null;
  const [, abx = '', letter = '', method = '', potency = ''] = match;
  if (method !== 'D' && potency !== '') return null;
  return {
    antibioticCode: abx,
    method: method === 'D' ? 'DISK' : 'MIC',
    // "1_2" stands for 1.25 µg, "2_5" for 2.5 µg: WHONET drops the decimal point
    potency: method === 'D' ? potency.replace('_', '.') : '',
    guideline: GUIDELINE_LETTERS[letter] ?? '',
  };
}

interface NameEntry {
  antibiotic: Antibiotic;
  name: string;
  kind: 'exact' | 'alias' | 'names-map';
}

const CACHE_LIMIT = 50_000;

export class AntibioticIndex {
  private readonly byCode = new Map<string, Antibiotic>();
  private readonly byExactName = new Map<string, NameEntry>();
  private readonly byNormalizedName = new Map<string, NameEntry>();
  private readonly fuzzyPool: Array<{ key: string; entry: NameEntry }> = [];
  private fuzzyIndex: FuzzyIndex | undefined;
  private readonly localName = new Map<string, string>();
  private readonly cache = new Map<string, { match: AntibioticMatch; antibiotic: Antibiotic } | null>();
  private readonly labels = new Map<string, Localized>();
  private readonly alternatives = new Map<string, Antibiotic[]>();
  readonly warnings: string[] = [];

  /** Other drugs a WHONET code also stands for in other systems (TET → tetracycline). */
  alternativesOf(code: string): readonly Antibiotic[] {
    return this.alternatives.get(code) ?? [];
  }

  constructor(
    definitions: readonly AntibioticDefinition[],
    localNames: Readonly<Record<string, string>> = {},
    private readonly testCodes: ReadonlyMap<string, TestCodeInfo> = new Map(),
    aliases: readonly { name: string; code: string }[] = [],
  ) {
    for (const def of definitions) {
      const existing = this.byCode.get(def.code);
      if (existing) {
        mergeInto(existing, def);
        continue;
      }
      this.byCode.set(def.code, {
        code: def.code,
        name: def.name,
        atcCode: def.atcCode,
        class: def.class,
        subclass: def.subclass,
        profClass: def.profClass,
        aware: def.aware,
        potencies: def.potency ? [def.potency] : [],
        guidelines: [...def.guidelines],
        otherCodes: [...def.otherCodes],
        clsiOrder: def.clsiOrder,
        eucastOrder: def.eucastOrder,
      });
    }
    for (const antibiotic of this.byCode.values()) {
      this.addName({ antibiotic, name: antibiotic.name, kind: 'exact' });
      for (const other of antibiotic.otherCodes) {
        if (!this.byCode.has(other.toUpperCase())) this.addName({ antibiotic, name: other, kind: 'alias' }, false);
      }
    }
    for (const [alias, code] of Object.entries(ANTIBIOTIC_ALIASES)) {
      const antibiotic = this.byCode.get(code);
      if (antibiotic) this.addName({ antibiotic, name: alias, kind: 'alias' });
    }
    // Other systems' codes, abbreviations and synonyms (AMR antimicrobials.tsv). One that is
    // WHONET's code of another drug (TET: tetroxoprim in WHONET, tetracycline elsewhere) is
    // kept as an alternative for the knowledge base to choose by breakpoints.
    for (const alias of aliases) {
      const antibiotic = this.byCode.get(alias.code);
      if (!antibiotic) continue;
      const upper = alias.name.toUpperCase();
      const other = this.byCode.get(upper);
      if (other) {
        if (other !== antibiotic) {
          const list = this.alternatives.get(other.code) ?? [];
          if (!list.includes(antibiotic)) list.push(antibiotic);
          this.alternatives.set(other.code, list);
        }
        continue;
      }
      this.addName({ antibiotic, name: alias.name, kind: 'alias' }, false);
    }
    for (const [local, code] of Object.entries(localNames)) {
      const antibiotic = this.byCode.get(code.toUpperCase());
      if (!antibiotic) {
        this.warnings.push(`antibiotic name "${local}" maps to unknown WHONET code "${code}"`);
        continue;
      }
      if (!this.localName.has(antibiotic.code)) this.localName.set(antibiotic.code, local);
      this.addName({ antibiotic, name: local, kind: 'names-map' });
    }
  }

  private addName(entry: NameEntry, fuzzy = true): void {
    if (!this.byExactName.has(entry.name)) this.byExactName.set(entry.name, entry);
    const key = normalizeAntibioticName(entry.name);
    if (!this.byNormalizedName.has(key)) this.byNormalizedName.set(key, entry);
    if (fuzzy) this.fuzzyPool.push({ key, entry });
  }

  get size(): number {
    return this.byCode.size;
  }

  all(): IterableIterator<Antibiotic> {
    return this.byCode.values();
  }

  get(code: string): Antibiotic | undefined {
    return this.byCode.get(code) ?? this.byCode.get(code.toUpperCase());
  }

  localNameOf(code: string): string | undefined {
    return this.localName.get(code);
  }

  label(antibiotic: Antibiotic): Localized {
    let label = this.labels.get(antibiotic.code);
    if (!label) {
      label = { en: antibiotic.name, zh: this.localName.get(antibiotic.code) ?? antibiotic.name };
      this.labels.set(antibiotic.code, label);
    }
    return label;
  }

  find(text: string): AntibioticMatch | null {
    return this.resolve(text)?.match ?? null;
  }

  /** The match and the antibiotic it names, from one cache entry. */
  resolve(text: string): { match: AntibioticMatch; antibiotic: Antibiotic } | null {
    const cached = this.cache.get(text);
    if (cached !== undefined) return cached;
    const match = this.lookup(text);
    const antibiotic = match && this.byCode.get(match.code);
    const found = match && antibiotic ? { match, antibiotic } : null;
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(text, found);
    return found;
  }

  private lookup(input: string): AntibioticMatch | null {
    const text = input.trim();
    if (text === '') return null;
    const result = (antibiotic: Antibiotic, kind: AntibioticMatch['kind'], matched: string, sim = 1): AntibioticMatch => ({
      input,
      kind,
      matched,
      code: antibiotic.code,
      name: antibiotic.name,
      similarity: sim,
    });
    const byCode = this.byCode.get(text.toUpperCase());
    if (byCode) return result(byCode, 'code', byCode.code);
    const test = parseTestCode(text, this.testCodes);
    const tested = test && this.byCode.get(test.antibioticCode);
    if (test && tested) {
      return { ...result(tested, 'test-code', text.toUpperCase()), implied: { method: test.method, potency: test.potency, guideline: test.guideline } };
    }
    const exact = this.byExactName.get(text);
    if (exact) return result(exact.antibiotic, exact.kind, exact.name);
    const key = normalizeAntibioticName(text);
    const normalized = this.byNormalizedName.get(key);
    if (normalized) {
      return result(normalized.antibiotic, normalized.kind === 'exact' ? 'case-insensitive' : normalized.kind, normalized.name);
    }
    const limit = allowedEdits(key);
    if (limit === 0) return null;
    this.fuzzyIndex ??= new FuzzyIndex(this.fuzzyPool.map((c) => c.key));
    const hit = this.fuzzyIndex.search(key, limit)[0];
    if (!hit) return null;
    const best = this.fuzzyPool[hit.index]!;
    return result(best.entry.antibiotic, 'fuzzy', best.entry.name, similarity(key, best.key, hit.distance));
  }
}

function mergeInto(target: Antibiotic, def: AntibioticDefinition): void {
  if (def.potency && !target.potencies.includes(def.potency)) target.potencies.push(def.potency);
  for (const g of def.guidelines) if (!target.guidelines.includes(g)) target.guidelines.push(g);
  for (const c of def.otherCodes) if (!target.otherCodes.includes(c)) target.otherCodes.push(c);
  if (!target.atcCode) target.atcCode = def.atcCode;
  if (!target.class) target.class = def.class;
  if (!target.subclass) target.subclass = def.subclass;
  if (!target.profClass) target.profClass = def.profClass;
  if (!target.aware) target.aware = def.aware;
  if (!target.clsiOrder) target.clsiOrder = def.clsiOrder;
  if (!target.eucastOrder) target.eucastOrder = def.eucastOrder;
}
