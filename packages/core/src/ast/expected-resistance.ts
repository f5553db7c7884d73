import type { AntibioticGroups } from './classes';
import { levelCode, type Organism } from './organisms';
import type { ExpectedResistanceDefinition } from './types';

const ATC_PREFIX = /^[A-Z]\d{2}[A-Z]{0,2}\d{0,2}$/;

/**
 * Expected (intrinsic) resistance by guideline and drug. A row names a drug or
 * an ATC group (J01G: all aminoglycosides, minus listed exceptions). Two rows of
 * the 2026 table give a drug code (GEN, GEH) with type ATC_CODE; a value that is
 * not an ATC code is read as the drug code it is.
 */
export class ExpectedResistanceIndex {
  /** guideline → drug → rules naming it. */
  private readonly byDrug = new Map<string, Map<string, ExpectedResistanceDefinition[]>>();
  /** guideline → organism → drug → rule (or null): lookups without building keys. */
  private readonly cache = new Map<string, Map<Organism, Map<string, ExpectedResistanceDefinition | null>>>();

  constructor(rows: readonly ExpectedResistanceDefinition[], groups: AntibioticGroups) {
    for (const row of rows) {
      const drugs =
        row.antibioticCodeType === 'ATC_CODE' && ATC_PREFIX.test(row.antibioticCode)
          ? groups.atcPrefix(row.antibioticCode)
          : [row.antibioticCode];
      for (const drug of drugs) {
        if (row.antibioticExceptions.includes(drug)) continue;
        let drugs = this.byDrug.get(row.guideline);
        if (!drugs) {
          drugs = new Map();
          this.byDrug.set(row.guideline, drugs);
        }
        const list = drugs.get(drug);
        if (list) list.push(row);
        else drugs.set(drug, [row]);
      }
    }
  }

  /** The rule that makes the organism expected-resistant to the drug under the guideline, if any. */
  find(guideline: string, organism: Organism, antibioticCode: string): ExpectedResistanceDefinition | null {
    const rules = this.byDrug.get(guideline)?.get(antibioticCode);
    if (!rules) return null;
    let byOrganism = this.cache.get(guideline);
    if (!byOrganism) {
      byOrganism = new Map();
      this.cache.set(guideline, byOrganism);
    }
    let byDrug = byOrganism.get(organism);
    if (!byDrug) {
      byDrug = new Map();
      byOrganism.set(organism, byDrug);
    }
    const cached = byDrug.get(antibioticCode);
    if (cached !== undefined) return cached;
    let found: ExpectedResistanceDefinition | null = null;
    for (const row of rules) {
      if (levelCode(organism, row.organismLevel) !== row.organismCode) continue;
      if (row.exceptionOrganismLevel !== null) {
        const own = levelCode(organism, row.exceptionOrganismLevel);
        if (own !== null && row.exceptionOrganismCodes.includes(own)) continue;
      }
      found = row;
      break;
    }
    byDrug.set(antibioticCode, found);
    return found;
  }
}
