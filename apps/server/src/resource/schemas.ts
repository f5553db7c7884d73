import { z } from 'zod';

/** Texts the web page shows in the reader's language; both come so a language switch needs no refetch. */
export const localized = z.object({ zh: z.string(), en: z.string() });

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number'),
  pageSize: z.coerce.number().int().min(1).max(200).default(20).describe('rows per page (≤ 200)'),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    list: z.array(item),
  });
}

export const taxonRef = z.object({ id: z.string(), name: z.string(), nameZh: z.string().nullable(), rank: z.string() });

export const statusCorrection = z
  .object({
    listedStatus: z.string(),
    listedAuthority: z.string(),
    acceptedAuthority: z.string(),
    gbifId: z.string().describe('the GBIF record the list renames it to, which the list does not hold'),
    reason: localized,
    source: z.array(z.string()).describe('where the accepted status is published'),
  })
  .nullable()
  .describe("set when MDC's curated status corrections (packages/refdata/taxonomy/status-corrections.tsv) made the record accepted: what the AMR 3.0.0 list says, why, and the source");

/** The stored correction as the API gives it (the file and line stay with the curators). */
export function statusCorrectionOf(stored: unknown): z.infer<typeof statusCorrection> {
  if (!stored || typeof stored !== 'object') return null;
  const c = stored as Record<string, unknown>;
  return {
    listedStatus: String(c.listedStatus ?? ''),
    listedAuthority: String(c.listedAuthority ?? ''),
    acceptedAuthority: String(c.acceptedAuthority ?? ''),
    gbifId: String(c.gbifId ?? ''),
    reason: { zh: String(c.reasonZh ?? ''), en: String(c.reason ?? '') },
    source: Array.isArray(c.source) ? c.source.map(String) : [],
  };
}

export const taxonListItem = z.object({
  id: z.string().describe('stable taxon id (the AMR `mo` code, e.g. B_ESCHR_COLI): /resource/taxon/:id'),
  name: z.string(),
  nameZh: z.string().nullable(),
  rank: z.string(),
  status: z.string().describe('accepted, synonym or unknown'),
  author: z.string().nullable(),
  kingdom: z.string().nullable(),
  phylum: z.string().nullable(),
  family: z.string().nullable(),
  genus: z.string().nullable(),
  prevalence: z.number().describe('1 = commonly isolated from humans … 2 = rare'),
  current: z.object({ id: z.string(), name: z.string() }).nullable().describe('for synonyms: the accepted name'),
  statusCorrection,
});

export const organismGroup = z.object({
  level: z.string().describe('WHONET organism code type: WHONET_ORG_CODE, SPECIES_GROUP, GENUS_CODE, FAMILY_CODE, ALL…'),
  code: z.string(),
  label: localized,
});

export const whonetInfo = z.object({
  code: z.string(),
  name: z.string(),
  nameZh: z.string().nullable(),
  organismType: z.string(),
  anaerobe: z.boolean(),
  subkingdom: z.string(),
  familyCode: z.string(),
  genusGroup: z.string(),
  genusCode: z.string(),
  speciesGroup: z.string(),
  serovarGroup: z.string(),
  inheritedFrom: taxonRef.nullable().describe('set when the taxon has no WHONET code of its own and takes its higher taxon\'s'),
  groups: z.array(organismGroup).describe('the groups breakpoints and rules may name it by, most specific first'),
});

export const antibioticRef = z.object({ code: z.string(), name: z.string().nullable(), nameZh: z.string().nullable() });

export const breakpointRow = z.object({
  id: z.number().int().describe('line of Breakpoints.txt'),
  guideline: z.string(),
  year: z.number().int(),
  method: z.string().describe('MIC or DISK'),
  potency: z.string().describe('disk content, "" for MIC'),
  testCode: z.string().describe('WHONET test code, e.g. AMP_ND10'),
  organism: organismGroup,
  antibiotic: antibioticRef,
  breakpointType: z.string().describe('Human, Animal or ECOFF'),
  breakpointTypeLabel: localized,
  host: z.string(),
  hostLabel: localized,
  site: z.string().describe('"" when not site-specific'),
  siteLabel: localized,
  referenceTable: z.string(),
  s: z.number().nullable().describe('MIC: S ≤ s mg/L; disk: S ≥ s mm'),
  sdd: z.string(),
  i: z.string().describe('range as written, "-" when the guideline has no I'),
  r: z.number().nullable().describe('MIC: R ≥ r mg/L; disk: R ≤ r mm'),
  ecoff: z.number().nullable(),
  note: z.string(),
  source: z.string().describe('"CLSI 2022 · M100 Table 2A"'),
});

export const breakpointFilters = z.object({
  groups: z
    .array(organismGroup)
    .nullable()
    .describe('for an organism code or a taxon: the groups whose rows apply to it, most specific first (each row names the one it comes from)'),
  guideline: z.string().nullable(),
  year: z.number().int().nullable().describe('the year used: the one asked for, else the latest of the guideline'),
  method: z.string().nullable(),
  organism: z.string().nullable(),
  taxon: z.string().nullable(),
  antibiotic: z.string().nullable(),
  site: z.string().nullable(),
  type: z.string().nullable(),
  host: z.string().nullable(),
});

export const ruleRow = z.object({
  id: z.number().int().describe('line in the source file'),
  type: z.enum(['expected', 'expert', 'eucast']),
  guideline: z.string(),
  source: z.string().describe('guideline, table / version and reference'),
  organism: z.object({
    text: z.string().describe('as written: a WHONET code or an organism property test'),
    code: z.string().nullable(),
    level: z.string().nullable(),
    label: localized,
  }),
  exceptOrganisms: z.array(organismGroup),
  antibiotics: z.array(antibioticRef).describe('affected drugs; class names and ATC groups come with name null'),
  exceptAntibiotics: z.array(z.string()),
  criteria: z.string(),
  result: z.string().describe('the interpretation the rule sets (R, S, NA…); "" when it only documents'),
  description: z.string(),
  note: z.string(),
});

export const importState = z.object({
  running: z.boolean(),
  startedAt: z.string().optional(),
  stage: z.enum(['read', 'write']).optional(),
  table: z.string().optional(),
  done: z.number().optional(),
  total: z.number().optional(),
  error: z.string().optional(),
});

export const searchItem = z.object({
  value: z.string().describe('the name to show and to put in the search box, in the language typed'),
  type: z.enum(['taxon', 'antibiotic', 'gene']),
  id: z.string().describe('taxon id (/resource/taxon/:id), drug code (/resource/atb/:code) or resistance-gene allele (/resource/genes/:name)'),
  label_zh: z.string(),
  label_en: z.string(),
  matched: z.string().describe('the name, alias or code that matched'),
  match: z.enum(['exact', 'prefix', 'word', 'fuzzy']),
  via: z.string().describe('name, zh, zh-alias, alias, code, whonet-code, taxon-code, short, class, gene'),
  rank: z.string().optional(),
  status: z.string().optional(),
  code: z.string().optional().describe('WHONET organism or drug code'),
  currentId: z.string().optional(),
  currentName: z.string().optional(),
});
