import { ORGANISM_GROUP_LABELS } from '@mdc/core/ast';
import type { Localized } from './labels';

export interface WhonetOrganismInfo {
  code: string;
  name: string;
  nameZh: string | null;
  taxonMo: string | null;
}

/** How the reference pages name an organism group code ("EBC" → Enterobacterales / 肠杆菌目). */
export class OrganismLabels {
  constructor(private readonly byCode: ReadonlyMap<string, WhonetOrganismInfo>) {}

  organism(code: string): WhonetOrganismInfo | undefined {
    return this.byCode.get(code.toLowerCase());
  }

  /** Label of the organisms a breakpoint or rule row names through its code and code type. */
  group(code: string, type: string): Localized {
    if (type === 'ALL' || type === '' || code === 'ALL' || code === 'Gen') return ORGANISM_GROUP_LABELS.ALL!;
    if (type !== 'WHONET_ORG_CODE') {
      const curated = ORGANISM_GROUP_LABELS[code.toUpperCase()] ?? ORGANISM_GROUP_LABELS[code];
      if (curated) return curated;
    }
    const organism = this.organism(code);
    if (organism) return { en: organism.name, zh: organism.nameZh ?? organism.name };
    return { en: code, zh: code };
  }
}
