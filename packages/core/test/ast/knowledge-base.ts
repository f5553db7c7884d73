import { buildKnowledgeBase, type KnowledgeBase, type KnowledgeBaseOptions } from '@mdc/core/ast';
import { readAstTables } from '@mdc/refdata/whonet';

/**
 * The knowledge base built from the real WHONET / AMR files (read from the
 * shared reference data folder, never copied into the repository). Each test
 * file calls this once. WHONET's table alone (CLSI and EUCAST through 2022): these tests pin the
 * engine's answers on it, which the served table keeps for those years; the merged table with
 * AMR 3.0.0's 2023–2025 is tested in packages/refdata/test/ast-current-tables.test.ts.
 */
export function realKnowledgeBase(options: KnowledgeBaseOptions = {}): KnowledgeBase {
  const { tables } = readAstTables(undefined, { whonetOnly: true });
  return buildKnowledgeBase(tables, options);
}

/** A few Chinese names, as the project's curated name lists will provide them. */
export const CHINESE_NAMES = {
  organisms: {
    大肠埃希菌: 'eco',
    肺炎克雷伯菌: 'kpn',
    金黄色葡萄球菌: 'sau',
    肺炎链球菌: 'spn',
    铜绿假单胞菌: 'pae',
  },
  antibiotics: {
    氨苄西林: 'AMP',
    美罗培南: 'MEM',
    头孢曲松: 'CRO',
    环丙沙星: 'CIP',
  },
};
