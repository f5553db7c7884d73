import type { Antibiotic, AntibioticIndex } from './antibiotics';

/**
 * Antibiotic groups named by rules. WHONET rules use its CLASS names
 * ("Penicillins", "Cephems") and class codes (CEPH3); the AMR package's EUCAST
 * table uses its own group words ("betalactams", "cephalosporins_except_CAZ").
 * Both resolve to WHONET antibiotic codes through the antibiotic table.
 */

const BETA_LACTAM_CLASSES = new Set([
  'penicillins',
  'cephems',
  'cephems-oral',
  'penems',
  'monobactams',
  'beta-lactam+inhibitors',
  'beta-lactamase inhibitors',
]);

function isCephalosporin(a: Antibiotic): boolean {
  const cls = a.class.toLowerCase();
  return cls === 'cephems' || cls === 'cephems-oral' || /^J01D[B-EI]/.test(a.atcCode);
}

function isGlycopeptide(a: Antibiotic): boolean {
  return a.class.toLowerCase() === 'glycopeptides' || a.atcCode.startsWith('J01XA');
}

function isTetracycline(a: Antibiotic): boolean {
  return a.class.toLowerCase() === 'tetracyclines' || a.atcCode.startsWith('J01AA');
}

/** The AMR package's EUCAST group words, as predicates over WHONET antibiotics. */
export const EUCAST_GROUPS: Readonly<Record<string, (a: Antibiotic) => boolean>> = {
  betalactams: (a) => BETA_LACTAM_CLASSES.has(a.class.toLowerCase()),
  aminoglycosides: (a) => a.class.toLowerCase() === 'aminoglycosides' || a.atcCode.startsWith('J01G'),
  aminopenicillins: (a) => a.subclass === 'Aminopenicillin',
  carbapenems: (a) => a.subclass === 'Carbapenems' || a.atcCode.startsWith('J01DH'),
  cephalosporins: isCephalosporin,
  cephalosporins_1st: (a) => a.atcCode.startsWith('J01DB') || a.subclass === 'Cephalosporin I' || a.profClass === 'CEPH1',
  cephalosporins_2nd: (a) => a.atcCode.startsWith('J01DC') || a.subclass === 'Cephalosporin II' || a.profClass === 'CEPH2',
  cephalosporins_3rd: (a) => a.atcCode.startsWith('J01DD') || a.subclass === 'Cephalosporin III' || a.profClass === 'CEPH3',
  cephalosporins_except_CAZ: (a) => isCephalosporin(a) && a.code !== 'CAZ',
  fluoroquinolones: (a) => a.subclass === 'Fluoroquinolone' || a.profClass === 'FQ',
  glycopeptides: isGlycopeptide,
  glycopeptides_except_lipo: (a) => isGlycopeptide(a) && a.subclass !== 'Lipoglycopeptide',
  lipoglycopeptides: (a) => a.subclass === 'Lipoglycopeptide',
  lincosamides: (a) => a.class.toLowerCase() === 'lincosamides',
  macrolides: (a) => a.class.toLowerCase() === 'macrolides',
  oxazolidinones: (a) => a.class.toLowerCase() === 'oxazolidinones',
  polymyxins: (a) => a.subclass === 'Polymyxin' || a.atcCode.startsWith('J01XB'),
  streptogramins: (a) => a.class.toLowerCase() === 'streptogramins',
  tetracyclines: isTetracycline,
  tetracyclines_except_TGC: (a) => isTetracycline(a) && a.code !== 'TGC',
  ureidopenicillins: (a) => a.subclass === 'Ureidopenicillin',
};
// The 2021 table writes the singular once ("aminopenicillin, ureidopenicillins…").
const GROUP_SPELLINGS: Readonly<Record<string, string>> = { aminopenicillin: 'aminopenicillins' };

/**
 * AMR (EARS-Net) codes that differ from WHONET's for the same drug. SUD is
 * sulfadimidine in AMR but sulbactam/durlobactam in WHONET, so it is dropped
 * rather than matched by code. AMR-only sulfonamide codes (SLT1–5, SLF1–13) find nothing.
 */
const AMR_TO_WHONET: Readonly<Record<string, string | null>> = { CEI: 'CZT', SUD: null };

export class AntibioticGroups {
  private readonly cache = new Map<string, readonly string[]>();

  constructor(private readonly antibiotics: AntibioticIndex) {}

  private memo(key: string, compute: () => string[]): readonly string[] {
    let codes = this.cache.get(key);
    if (!codes) {
      codes = compute();
      this.cache.set(key, codes);
    }
    return codes;
  }

  private where(predicate: (a: Antibiotic) => boolean): string[] {
    const codes: string[] = [];
    for (const a of this.antibiotics.all()) if (predicate(a)) codes.push(a.code);
    return codes;
  }

  /** A WHONET class name ("Penicillins") or class code ("CEPH3") → drug codes. */
  whonetClass(name: string): readonly string[] {
    const lower = name.toLowerCase();
    return this.memo(`whonet:${lower}`, () =>
      this.where((a) => a.class.toLowerCase() === lower || a.profClass.toLowerCase() === lower),
    );
  }

  /** An ATC prefix (J01G = aminoglycosides) → drug codes. */
  atcPrefix(prefix: string): readonly string[] {
    return this.memo(`atc:${prefix}`, () => this.where((a) => a.atcCode.startsWith(prefix)));
  }

  /**
   * A token of a WHONET rule's antibiotic list: a drug code, else a class name or code.
   * Unknown tokens give an empty list.
   */
  resolveWhonetToken(token: string): readonly string[] {
    const drug = this.antibiotics.get(token);
    if (drug && drug.code === token.toUpperCase()) return [drug.code];
    return this.whonetClass(token);
  }

  /** A token of the EUCAST table: a group word or an AMR drug code. */
  resolveEucastToken(token: string): readonly string[] {
    const group = GROUP_SPELLINGS[token] ?? token;
    const predicate = EUCAST_GROUPS[group];
    if (predicate) return this.memo(`eucast:${group}`, () => this.where(predicate));
    const code = token.toUpperCase();
    const translated = code in AMR_TO_WHONET ? AMR_TO_WHONET[code] : code;
    if (!translated) return [];
    const drug = this.antibiotics.get(translated);
    return drug ? [drug.code] : [];
  }

  /** True when the token is a known EUCAST group word (not a single drug). */
  isEucastGroup(token: string): boolean {
    return (GROUP_SPELLINGS[token] ?? token) in EUCAST_GROUPS;
  }
}
