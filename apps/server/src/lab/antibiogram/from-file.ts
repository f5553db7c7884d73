import type { AntibiogramIsolate, AntibiogramResult, AntibiogramTaxon, ReportingPolicy } from '@mdc/core/antibiogram';
import { reportingInstructions, reportingOrganism, type AstCategory, type KnowledgeBase, type Localized } from '@mdc/core/ast';
import type { BatchRow } from '../batch';
import type { FileIsolate } from '../isolate-file';
import { labChineseNames } from '../knowledge';

/** WHONET test fields whose '+' is the lab's own finding of a resistance phenotype, kept as an alert code. */
const PHENOTYPE_FIELDS: Readonly<Record<string, string>> = { ESBL: 'ESBL', MRSA: 'MRSA' };

/** The phenotype fields a row records a result of ('+' or '-'); a blank is not tested. */
export function phenotypeTestsOf(tests: Readonly<Record<string, string>> | null | undefined): string[] {
  return Object.entries(PHENOTYPE_FIELDS).flatMap(([field, code]) => (/^[+-]/.test(tests?.[field]?.trim() ?? '') ? [code] : []));
}

/** The interpretation's alerts (issue 14's isolateAlerts) under the names the rate view prints. */
const ALERT_CODES: Readonly<Record<string, string>> = {
  mrsa: 'MRSA',
  'esbl-screen': 'ESBL screen',
  cre: 'CRE',
  vre: 'VRE',
  visa: 'VISA',
  vrsa: 'VRSA',
  'colistin-r': 'Colistin R',
};

export interface OrganismFacts {
  code: string;
  name: Localized;
  gram: '+' | '-' | '';
}

/** Organism texts of a file resolved once each: a 55,000-isolate file names a few dozen. */
export class OrganismResolver {
  private readonly cache = new Map<string, OrganismFacts>();
  constructor(private readonly kb: KnowledgeBase) {}

  resolve(text: string): OrganismFacts {
    let facts = this.cache.get(text);
    if (facts) return facts;
    const match = this.kb.findOrganism(text);
    const organism = match ? this.kb.organism(match.code) : undefined;
    facts = organism
      ? { code: match!.code, name: this.kb.organisms.label(organism), gram: organism.definition.subkingdom }
      : { code: text.trim().toLowerCase(), name: { en: text.trim(), zh: text.trim() }, gram: '' };
    this.cache.set(text, facts);
    return facts;
  }
}

const SUBSPECIES = /^([A-Z][a-z]+ [a-z][a-z-]*) (?:ss\.|subsp\.) \S/;
const BINOMIAL = /^[A-Z][a-z]+ [a-z][a-z-]*$/;

interface SpeciesRow {
  organism: string;
  name: AntibiogramIsolate['organismName'];
  gram: AntibiogramIsolate['gram'];
  taxon?: AntibiogramTaxon;
}

/**
 * Rows by species, as CLSI M39 groups them: a subspecies counts with its species (Klebsiella
 * pneumoniae ss. ozaenae and ss. pneumoniae in one "Klebsiella pneumoniae" row, one first isolate
 * per patient), and each row gets the taxonomy the phenotype rates' species scopes read. Applied
 * when the table is built, so isolates stored under a subspecies code are grouped too; a
 * subspecies whose binomial WHONET does not name (Salmonella enterica) keeps its own row.
 */
export class AntibiogramSpecies {
  private readonly cache = new Map<string, SpeciesRow>();
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly chineseName: (latin: string) => string | undefined = (latin) => labChineseNames().organismZh(latin),
  ) {}

  private row(code: string, stored: SpeciesRow): SpeciesRow {
    let organism = this.kb.organism(code);
    if (!organism) return stored;
    let name = this.kb.organisms.label(organism);
    const binomial = SUBSPECIES.exec(organism.name)?.[1];
    if (binomial) {
      const found = this.kb.organisms.resolve(binomial);
      if (found && ['exact', 'case-insensitive'].includes(found.match.kind) && found.organism.names.includes(binomial)) {
        organism = found.organism;
        name = { en: binomial, zh: this.chineseName(binomial) ?? this.kb.organisms.label(found.organism).zh };
      }
    }
    const latin = binomial && organism.names.includes(binomial) ? binomial : organism.name;
    const t = organism.definition.taxonomy;
    return {
      organism: organism.code,
      name,
      gram: stored.gram,
      taxon: { species: BINOMIAL.test(latin) ? latin : '', genus: t.genus, family: t.family, order: t.order },
    };
  }

  of(isolate: AntibiogramIsolate): AntibiogramIsolate {
    let row = this.cache.get(isolate.organism);
    if (!row) {
      row = this.row(isolate.organism, { organism: isolate.organism, name: isolate.organismName, gram: isolate.gram });
      this.cache.set(isolate.organism, row);
    }
    return { ...isolate, organism: row.organism, organismName: row.name, gram: row.gram, ...(row.taxon ? { taxon: row.taxon } : {}) };
  }
}

/** An interpreted isolate of a file as the antibiogram takes it. */
export function antibiogramIsolate(resolver: OrganismResolver, isolate: FileIsolate, rows: readonly BatchRow[], seq: number, alerts: readonly string[] = []): AntibiogramIsolate {
  const organism = resolver.resolve(isolate.organism);
  const results: AntibiogramResult[] = [];
  for (const row of rows) {
    if (!row.antibiotic || !row.category) continue;
    results.push({ drug: row.antibiotic, category: row.category as AstCategory, guideline: row.guideline, year: row.year, ...(row.intrinsic ? { intrinsic: true } : {}) });
  }
  const phenotypes = Object.entries(PHENOTYPE_FIELDS).flatMap(([field, code]) => (isolate.tests[field]?.startsWith('+') ? [code] : []));
  const phenotypeTests = phenotypeTestsOf(isolate.tests);
  const raised = rows.flatMap((row) => (row.alerts ?? []).flatMap((id) => (ALERT_CODES[id] ? [ALERT_CODES[id]!] : [])));
  const context = isolate.context ?? {};
  return {
    seq,
    patientId: isolate.patientId,
    specimenNumber: isolate.specimenNumber,
    organism: organism.code,
    organismName: organism.name,
    gram: organism.gram,
    collectionDate: context.collectionDate ?? null,
    specimenType: isolate.specimen,
    ward: context.ward ?? '',
    setting: context.setting ?? '',
    screening: context.screening === true,
    alerts: [...new Set([...phenotypes, ...raised, ...alerts])],
    phenotypeTests,
    results,
  };
}

/**
 * Selective reporting from the guideline's reporting comments (issue 14's reportingInstructions):
 * a drug that may not be reported susceptible for the organism is left out of its table, with the
 * instruction and its source as the note.
 */
export function reportingPolicy(kb: KnowledgeBase): ReportingPolicy {
  const cache = new Map<string, Localized | null>();
  return {
    suppressed(code, drug, guidelines) {
      const key = `${code}\u0001${drug}\u0001${guidelines.join(',')}`;
      let note = cache.get(key);
      if (note !== undefined) return note;
      note = null;
      const organism = kb.organism(code);
      if (organism) {
        for (const guideline of guidelines) {
          const found = reportingInstructions(reportingOrganism(organism), drug, 'S', guideline)[0];
          if (found) {
            note = { en: `${found.instruction.en} (${found.source})`, zh: `${found.instruction.zh}（${found.source}）` };
            break;
          }
        }
      }
      cache.set(key, note);
      return note;
    },
  };
}
