import { readSearchTerms, type SearchTermRecord } from '@mdc/refdata/names';
import type { SearchTerm } from './index';

/** What the drug-class rules read of a drug (WHONET Antibiotics.txt columns). */
export interface DrugFacts {
  code: string;
  name: string;
  class: string;
  subclass: string;
  atcCode: string;
  profClass: string;
}

const lower = (text: string) => text.toLowerCase();
const inClass = (...names: string[]) => {
  const wanted = new Set(names.map(lower));
  return (d: DrugFacts) => wanted.has(lower(d.class));
};
const isCephalosporin = (d: DrugFacts) => inClass('Cephems', 'Cephems-Oral')(d) || /^J01D[B-EI]/.test(d.atcCode);
const BETA_LACTAM = inClass('Penicillins', 'Cephems', 'Cephems-Oral', 'Penems', 'Monobactams', 'Beta-lactam+Inhibitors');
const isPolymyxin = (d: DrugFacts) => d.subclass === 'Polymyxin' || d.atcCode.startsWith('J01XB');
const isAntifungal = inClass('Antifungals');

/**
 * Drug classes as microbiologists name them, over WHONET's class, subclass and professional-class
 * columns and the ATC code. The names people type for each live in `search-terms.tsv`.
 */
export const DRUG_CLASSES: Readonly<Record<string, (d: DrugFacts) => boolean>> = {
  'beta-lactams': BETA_LACTAM,
  penicillins: inClass('Penicillins'),
  aminopenicillins: (d) => d.subclass === 'Aminopenicillin',
  ureidopenicillins: (d) => d.subclass === 'Ureidopenicillin',
  carboxypenicillins: (d) => d.subclass === 'Carboxypenicillin',
  'stable-penicillins': (d) => d.subclass === 'Penicillin (Stable)',
  cephalosporins: isCephalosporin,
  'cephalosporins-1': (d) => d.atcCode.startsWith('J01DB') || d.subclass === 'Cephalosporin I' || d.profClass === 'CEPH1',
  'cephalosporins-2': (d) => d.atcCode.startsWith('J01DC') || d.subclass === 'Cephalosporin II' || d.profClass === 'CEPH2',
  'cephalosporins-3': (d) => d.atcCode.startsWith('J01DD') || d.subclass === 'Cephalosporin III' || d.profClass === 'CEPH3',
  'cephalosporins-4': (d) => d.atcCode.startsWith('J01DE') || d.subclass === 'Cephalosporin IV' || d.profClass === 'CEPH4',
  'cephalosporins-5': (d) => d.atcCode === 'J01DI01' || d.atcCode === 'J01DI02',
  cephamycins: (d) => d.subclass === 'Cephamycin',
  carbapenems: (d) => d.subclass === 'Carbapenems' || d.atcCode.startsWith('J01DH'),
  monobactams: inClass('Monobactams'),
  'beta-lactam-inhibitors': inClass('Beta-lactam+Inhibitors'),
  'beta-lactamase-inhibitors': inClass('Beta-lactamase inhibitors'),
  aminoglycosides: (d) => inClass('Aminoglycosides')(d) || d.atcCode.startsWith('J01G'),
  quinolones: inClass('Quinolones'),
  fluoroquinolones: (d) => d.subclass === 'Fluoroquinolone' || d.profClass === 'FQ',
  macrolides: inClass('Macrolides'),
  lincosamides: inClass('Lincosamides'),
  streptogramins: inClass('Streptogramins'),
  tetracyclines: (d) => inClass('Tetracyclines', 'Fluorocyclines')(d) || d.atcCode.startsWith('J01AA'),
  glycopeptides: (d) => inClass('Glycopeptides')(d) || d.atcCode.startsWith('J01XA'),
  lipoglycopeptides: (d) => d.subclass === 'Lipoglycopeptide',
  polymyxins: isPolymyxin,
  lipopeptides: (d) => inClass('Lipopeptides')(d) && !isPolymyxin(d),
  oxazolidinones: inClass('Oxazolidinones'),
  'folate-pathway-inhibitors': inClass('Folate pathway inhibitors'),
  nitroimidazoles: inClass('Nitroimidazoles'),
  nitrofurans: inClass('Nitrofurans'),
  phenicols: inClass('Phenicols'),
  fosfomycins: inClass('Fosfomycins'),
  rifamycins: inClass('Ansamycins'),
  antifungals: isAntifungal,
  azoles: (d) => isAntifungal(d) && /azole$/i.test(d.name),
  echinocandins: (d) => isAntifungal(d) && /fungin$/i.test(d.name),
  polyenes: (d) => isAntifungal(d) && /amphotericin|nystatin|natamycin|pimaricin/i.test(d.name),
  antimycobacterials: inClass('Antimycobacterials'),
};

let curated: SearchTermRecord[] | undefined;

/** The curated search terms, read once per process (they change with a release). */
export function curatedSearchTerms(): SearchTermRecord[] {
  return (curated ??= readSearchTerms());
}

/**
 * Where each curated term goes in one index: `taxon(name)` finds the entity a scientific or
 * group name stands for (undefined when this index has none), `drug(code)` a drug entity, and
 * `drugs` lists the drug entities with their facts for the class rules.
 */
export interface TermTargets<Id> {
  taxon(name: string): Id | undefined;
  drug?(code: string): Id | undefined;
  drugs?: ReadonlyArray<{ id: Id; facts: DrugFacts }>;
}

/**
 * The extra names (via 'short' or 'class') each entity gets from the curated terms. A class key
 * the module does not define is a curation error and fails the build, never silently nothing.
 */
export function curatedTermsByEntity<Id>(targets: TermTargets<Id>, records: readonly SearchTermRecord[] = curatedSearchTerms()): Map<Id, SearchTerm[]> {
  const out = new Map<Id, SearchTerm[]>();
  const add = (id: Id, terms: readonly string[], via: SearchTerm['via']) => {
    let list = out.get(id);
    if (!list) out.set(id, (list = []));
    for (const text of terms) list.push({ text, via });
  };
  for (const record of records) {
    if (record.kind === 'taxon') {
      for (const name of record.targets) {
        const id = targets.taxon(name);
        if (id !== undefined) {
          add(id, record.terms, 'short');
          break;
        }
      }
    } else if (record.kind === 'drug') {
      if (!targets.drug) continue;
      for (const code of record.targets) {
        const id = targets.drug(code);
        if (id !== undefined) add(id, record.terms, 'short');
      }
    } else {
      for (const key of record.targets) {
        const rule = DRUG_CLASSES[key];
        if (!rule) throw new Error(`search-terms.tsv line ${record.line}: unknown drug class "${key}" (known: ${Object.keys(DRUG_CLASSES).join(', ')})`);
        for (const drug of targets.drugs ?? []) if (rule(drug.facts)) add(drug.id, record.terms, 'class');
      }
    }
  }
  return out;
}
