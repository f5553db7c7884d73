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
    if (organism) return { en: organism.name, zh: organism.nameZh ? withQualifier(organism.name, organism.nameZh) : organism.name };
    return { en: code, zh: code };
  }
}

/**
 * The Chinese name with the English name's parenthesis when it lacks it: the import finds a WHONET
 * variety's Chinese name through the name without it ("Escherichia coli (alkalescens-dispar)" →
 * E. coli's), and two options labelled 大肠埃希菌 could not be told apart.
 */
function withQualifier(name: string, zh: string): string {
  const qualifier = /\(([^)]+)\)/.exec(name)?.[1];
  return qualifier && !zh.includes(qualifier) && !/[(（]/.test(zh) ? `${zh}（${qualifier}）` : zh;
}
