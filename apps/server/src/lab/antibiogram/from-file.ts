import type { AntibiogramIsolate, AntibiogramResult, ReportingPolicy } from '@mdc/core/antibiogram';
import { reportingInstructions, reportingOrganism, type AstCategory, type KnowledgeBase, type Localized } from '@mdc/core/ast';
import type { BatchRow } from '../batch';
import type { FileIsolate } from '../isolate-file';

/** WHONET test fields whose '+' is the lab's own finding of a resistance phenotype, kept as an alert code. */
const PHENOTYPE_FIELDS: Readonly<Record<string, string>> = { ESBL: 'ESBL', MRSA: 'MRSA' };

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

/** An interpreted isolate of a file as the antibiogram takes it. */
export function antibiogramIsolate(resolver: OrganismResolver, isolate: FileIsolate, rows: readonly BatchRow[], seq: number, alerts: readonly string[] = []): AntibiogramIsolate {
  const organism = resolver.resolve(isolate.organism);
  const results: AntibiogramResult[] = [];
  for (const row of rows) {
    if (!row.antibiotic || !row.category) continue;
    results.push({ drug: row.antibiotic, category: row.category as AstCategory, guideline: row.guideline, year: row.year, ...(row.intrinsic ? { intrinsic: true } : {}) });
  }
  const phenotypes = Object.entries(PHENOTYPE_FIELDS).flatMap(([field, code]) => (isolate.tests[field]?.startsWith('+') ? [code] : []));
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
