import type { Taxon, TaxonomyTable } from '@mdc/refdata/taxonomy';
import type { AntibioticRecord } from '@mdc/refdata/whonet';
import { taxonForWhonetName, whonetNameToTaxonName } from '@mdc/refdata/amr';
import type { Column, ColumnType, TablePlan } from './batch';
import { itsPlan } from './its';
import { resistanceGenePlan } from './genes';
import { MARKERS, type RefdataSources } from './sources';

function columns(spec: Record<string, ColumnType>): Column[] {
  return Object.entries(spec).map(([name, type]) => ({ name, type }));
}

const nullIfEmpty = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

export function taxonPlan(sources: RefdataSources): TablePlan {
  const { taxonomy, names } = sources;
  const rows = taxonomy.taxa.map((t: Taxon) => {
    const l = t.lineage;
    return [
      t.mo,
      t.name,
      names.organismZh(t.name) ?? null,
      t.status,
      t.rank,
      nullIfEmpty(l.kingdom),
      nullIfEmpty(l.phylum),
      nullIfEmpty(l.class),
      nullIfEmpty(l.order),
      nullIfEmpty(l.family),
      nullIfEmpty(l.genus),
      nullIfEmpty(l.species),
      nullIfEmpty(l.subspecies),
      nullIfEmpty(t.author),
      t.source,
      nullIfEmpty(t.lpsnId),
      nullIfEmpty(t.lpsnParentId),
      nullIfEmpty(t.lpsnRenamedTo),
      nullIfEmpty(t.gbifId),
      nullIfEmpty(t.gbifParentId),
      nullIfEmpty(t.gbifRenamedTo),
      t.prevalence,
      t.snomed,
      taxonomy.parentOf(t)?.mo ?? null,
      taxonomy.currentName(t).current?.mo ?? null,
      t.line,
      nullIfEmpty(t.mycobankId),
      nullIfEmpty(t.mycobankParentId),
      nullIfEmpty(t.mycobankRenamedTo),
      nullIfEmpty(t.oxygenTolerance),
      t.retired?.file ?? null,
      t.statusCorrection ?? null,
    ];
  });
  return {
    table: 'taxon',
    columns: columns({
      mo: 'text',
      name: 'text',
      name_zh: 'text',
      status: 'text',
      rank: 'text',
      kingdom: 'text',
      phylum: 'text',
      class: 'text',
      order: 'text',
      family: 'text',
      genus: 'text',
      species: 'text',
      subspecies: 'text',
      author: 'text',
      source: 'text',
      lpsn_id: 'text',
      lpsn_parent_id: 'text',
      lpsn_renamed_to: 'text',
      gbif_id: 'text',
      gbif_parent_id: 'text',
      gbif_renamed_to: 'text',
      prevalence: 'float',
      snomed: 'text[]',
      parent_mo: 'text',
      current_mo: 'text',
      line: 'int',
      mycobank_id: 'text',
      mycobank_parent_id: 'text',
      mycobank_renamed_to: 'text',
      oxygen_tolerance: 'text',
      retired_from: 'text',
      status_correction: 'jsonb',
    }),
    rows,
  };
}

export function taxonCodePlan(sources: RefdataSources): TablePlan {
  return {
    table: 'taxon_code',
    columns: columns({ code: 'text', mo: 'text', line: 'int' }),
    rows: sources.taxonomy.codes.map((c) => [c.code, c.mo, c.line]),
  };
}

export function chineseNamePlans(sources: RefdataSources): TablePlan[] {
  const { names } = sources;
  return [
    {
      table: 'chinese_name_antibiotic',
      columns: columns({ code: 'text', en: 'text', zh: 'text', aliases: 'text[]', source: 'text' }),
      rows: names.antibioticRecords.map((r) => [r.code, r.en, r.zh, r.aliases, r.source]),
    },
    {
      table: 'chinese_name_organism',
      columns: columns({ name: 'text', rank: 'text', zh: 'text', aliases: 'text[]', source: 'text' }),
      rows: names.organismRecords.map((r) => [r.name, r.rank, r.zh, r.aliases, r.source]),
    },
  ];
}

export { taxonForWhonetName, whonetNameToTaxonName } from '@mdc/refdata/amr';

export function whonetOrganismPlan(sources: RefdataSources): TablePlan {
  const { taxonomy, names } = sources;
  const rows = sources.organisms.map((o) => {
    const taxon = taxonForWhonetName(taxonomy, o.name);
    const zh =
      names.organismZh(o.name) ??
      names.organismZh(whonetNameToTaxonName(o.name)) ??
      (taxon ? names.organismZhOrCurrent(taxon.name, taxonomy) : undefined) ??
      null;
    return [
      o.line,
      o.code,
      o.name,
      o.taxonomicStatus,
      o.replacedBy,
      o.organismType,
      o.anaerobe,
      o.subkingdomCode,
      o.familyCode,
      o.genusGroup,
      o.genusCode,
      o.speciesGroup,
      o.serovarGroup,
      o.common,
      o.kingdom,
      o.phylum,
      o.class,
      o.order,
      o.family,
      o.genus,
      zh,
      taxon?.mo ?? null,
      o,
    ];
  });
  return {
    table: 'whonet_organism',
    columns: columns({
      line: 'int',
      code: 'text',
      name: 'text',
      taxonomic_status: 'text',
      replaced_by: 'text',
      organism_type: 'text',
      anaerobe: 'bool',
      subkingdom_code: 'text',
      family_code: 'text',
      genus_group: 'text',
      genus_code: 'text',
      species_group: 'text',
      serovar_group: 'text',
      common: 'bool',
      kingdom: 'text',
      phylum: 'text',
      class: 'text',
      order: 'text',
      family: 'text',
      genus: 'text',
      name_zh: 'text',
      taxon_mo: 'text',
      record: 'jsonb',
    }),
    rows,
  };
}

const GUIDELINE_FLAGS: readonly [keyof AntibioticRecord['guidelineFlags'], string][] = [
  ['clsi', 'CLSI'],
  ['eucast', 'EUCAST'],
  ['sfm', 'SFM'],
  ['srga', 'SRGA'],
  ['bsac', 'BSAC'],
  ['din', 'DIN'],
  ['neo', 'NEO'],
  ['afa', 'AFA'],
];

function pushNew(list: string[], value: string, except?: string): void {
  if (value !== '' && value !== except && !list.includes(value)) list.push(value);
}

/**
 * One row per drug code. WHONET lists a drug once per disk content and guideline family; the
 * drug's own facts are taken from the first row that states them, the rest are collected.
 */
export function antibioticPlans(sources: RefdataSources): TablePlan[] {
  const { names } = sources;
  const breakpointCounts = new Map<string, number>();
  for (const b of sources.breakpoints) breakpointCounts.set(b.antibioticCode, (breakpointCounts.get(b.antibioticCode) ?? 0) + 1);
  const byCode = new Map<string, AntibioticRecord[]>();
  for (const record of sources.antibiotics) {
    const list = byCode.get(record.code);
    if (list) list.push(record);
    else byCode.set(record.code, [record]);
  }
  const drugRows: unknown[][] = [];
  for (const [code, records] of byCode) {
    const first = (pick: (r: AntibioticRecord) => string) => records.map(pick).find((v) => v !== '') ?? '';
    const name = records[0]!.name;
    const enAliases: string[] = [];
    const otherCodes: string[] = [];
    const potencies: string[] = [];
    const guidelines: string[] = [];
    for (const r of records) {
      pushNew(enAliases, r.name, name);
      for (const other of [r.whoCode, r.dinCode, r.jacCode, r.eucastCode, r.userCode]) pushNew(otherCodes, other, code);
      pushNew(potencies, r.potency);
      for (const [flag, label] of GUIDELINE_FLAGS) if (r.guidelineFlags[flag]) pushNew(guidelines, label);
    }
    drugRows.push([
      code,
      name,
      names.antibioticZh(code) ?? null,
      [...(names.antibioticAliases.get(code) ?? [])],
      enAliases,
      otherCodes,
      first((r) => r.atcCode),
      first((r) => r.class),
      first((r) => r.subclass),
      first((r) => r.profClass),
      first((r) => r.aware),
      first((r) => r.ciaCategory),
      potencies,
      guidelines,
      records.some((r) => r.human),
      records.some((r) => r.veterinary),
      breakpointCounts.get(code) ?? 0,
    ]);
  }
  return [
    {
      table: 'antibiotic',
      columns: columns({
        code: 'text',
        name: 'text',
        name_zh: 'text',
        zh_aliases: 'text[]',
        en_aliases: 'text[]',
        other_codes: 'text[]',
        atc_code: 'text',
        class: 'text',
        subclass: 'text',
        prof_class: 'text',
        aware: 'text',
        cia_category: 'text',
        potencies: 'text[]',
        guidelines: 'text[]',
        human: 'bool',
        veterinary: 'bool',
        breakpoint_count: 'int',
      }),
      rows: drugRows,
    },
    {
      table: 'antibiotic_row',
      columns: columns({ line: 'int', code: 'text', potency: 'text', record: 'jsonb' }),
      rows: sources.antibiotics.map((r) => [r.line, r.code, r.potency, r]),
    },
  ];
}

export function breakpointPlan(sources: RefdataSources): TablePlan {
  return {
    table: 'breakpoint',
    columns: columns({
      line: 'int',
      guideline: 'text',
      year: 'int',
      method: 'text',
      potency: 'text',
      organism_code: 'text',
      organism_code_type: 'text',
      breakpoint_type: 'text',
      host: 'text',
      site_of_infection: 'text',
      reference_table: 'text',
      reference_sequence: 'float',
      antibiotic_code: 'text',
      whonet_test: 'text',
      r: 'float',
      i: 'text',
      sdd: 'text',
      s: 'float',
      ecoff: 'float',
      date_entered: 'text',
      date_modified: 'text',
      comments: 'text',
      record: 'jsonb',
    }),
    rows: sources.breakpoints.map((b) => [
      b.line,
      b.guideline,
      b.year,
      b.method,
      b.potency,
      b.organismCode,
      b.organismCodeType,
      b.breakpointType,
      b.host,
      b.siteOfInfection,
      b.referenceTable,
      b.referenceSequence,
      b.antibioticCode,
      b.whonetTest,
      b.r,
      b.i,
      b.sdd,
      b.s,
      b.ecoff,
      b.dateEntered,
      b.dateModified,
      b.comments,
      b,
    ]),
  };
}

export function rulePlans(sources: RefdataSources): TablePlan[] {
  return [
    {
      table: 'expected_resistance',
      columns: columns({
        line: 'int',
        guideline: 'text',
        reference_table: 'text',
        organism_code: 'text',
        organism_code_type: 'text',
        exception_organism_codes: 'text[]',
        exception_organism_code_type: 'text',
        antibiotic_code: 'text',
        antibiotic_code_type: 'text',
        antibiotic_exceptions: 'text[]',
        comments: 'text',
        record: 'jsonb',
      }),
      rows: sources.expectedResistance.map((e) => [
        e.line,
        e.guideline,
        e.referenceTable,
        e.organismCode,
        e.organismCodeType,
        e.exceptionOrganismCodes,
        e.exceptionOrganismCodeType,
        e.antibioticCode,
        e.antibioticCodeType,
        e.antibioticExceptions,
        e.comments,
        e,
      ]),
    },
    {
      table: 'expert_rule',
      columns: columns({
        line: 'int',
        rule_code: 'text',
        description: 'text',
        organism_code: 'text',
        organism_code_type: 'text',
        criteria: 'text',
        affected_antibiotics: 'text[]',
        antibiotic_exceptions: 'text[]',
        record: 'jsonb',
      }),
      rows: sources.expertRules.map((r) => [
        r.line,
        r.ruleCode,
        r.description,
        r.organismCode,
        r.organismCodeType,
        r.criteria,
        r.affectedAntibiotics,
        r.antibioticExceptions,
        r,
      ]),
    },
    {
      table: 'eucast_rule',
      columns: columns({
        line: 'int',
        organism_property: 'text',
        operator: 'text',
        value: 'text',
        if_antibiotics: 'text[]',
        if_values: 'text[]',
        then_antibiotics: 'text[]',
        to_value: 'text',
        reference: 'text',
        rule_group: 'text',
        version: 'text',
        note: 'text',
        record: 'jsonb',
      }),
      rows: sources.eucastRules.map((r) => [
        r.line,
        r.organismProperty,
        r.operator,
        r.value,
        r.ifAntibiotics,
        r.ifValues,
        r.thenAntibiotics,
        r.toValue,
        r.reference,
        r.group,
        r.version,
        r.note,
        r,
      ]),
    },
    {
      table: 'qc_range',
      columns: columns({
        line: 'int',
        guideline: 'text',
        year: 'int',
        strain: 'text',
        reference_table: 'text',
        organism_code: 'text',
        antibiotic_name: 'text',
        antibiotic_test: 'text',
        antibiotic_code: 'text',
        method: 'text',
        medium: 'text',
        minimum: 'float',
        maximum: 'float',
        comments: 'text',
        record: 'jsonb',
      }),
      rows: sources.qcRanges.map((q) => [
        q.line,
        q.guideline,
        q.year,
        q.strain,
        q.referenceTable,
        q.organismCode,
        q.antibioticName,
        q.antibioticTest,
        q.antibioticCode,
        q.method,
        q.medium,
        q.minimum,
        q.maximum,
        q.comments,
        q,
      ]),
    },
  ];
}

export function sequencePlan(sources: RefdataSources): TablePlan {
  const { taxonomy } = sources;
  const rows: unknown[][] = [];
  for (const marker of MARKERS) {
    for (const record of sources.sequences[marker]) {
      const taxon = record.species ? taxonomy.byName(record.species) : undefined;
      // Sequences are filed under the accepted name, so that a taxon page shows those
      // deposited under its former names too.
      const mo = taxon ? (taxonomy.currentName(taxon).current ?? taxon).mo : null;
      rows.push([
        marker,
        record.accession,
        record.header,
        record.description,
        record.lineage ?? [],
        record.species ?? '',
        mo,
        record.sequence.length,
        record.sequence,
        record.line,
        sources.misfiled.get(`${marker}:${record.accession}`) ?? null,
        record.depositedSpecies ?? '',
        sources.misplaced.get(`${marker}:${record.accession}`) ?? null,
      ]);
    }
  }
  return {
    table: 'reference_sequence',
    columns: columns({
      marker: 'text',
      accession: 'text',
      header: 'text',
      description: 'text',
      lineage: 'text[]',
      species: 'text',
      taxon_mo: 'text',
      length: 'int',
      sequence: 'text',
      line: 'int',
      misfiled: 'jsonb',
      deposited_species: 'text',
      misplaced: 'jsonb',
    }),
    rows,
  };
}

/** Every table an import replaces, in the order it writes them. */
export function buildPlans(sources: RefdataSources): TablePlan[] {
  return [
    taxonPlan(sources),
    taxonCodePlan(sources),
    whonetOrganismPlan(sources),
    ...antibioticPlans(sources),
    breakpointPlan(sources),
    ...rulePlans(sources),
    sequencePlan(sources),
    itsPlan(sources.its),
    ...chineseNamePlans(sources),
    astReferencePlan(sources),
    resistanceGenePlan(sources.resistanceGenes),
  ];
}

/** Organism and drug names and EUCAST dosages the Lab reads beyond WHONET's tables (see migration 051). */
export function astReferencePlan(sources: RefdataSources): TablePlan {
  const rows: unknown[][] = [];
  for (const a of sources.organismAliases) rows.push([rows.length + 1, 'organism', a.name, a.code, null]);
  for (const a of sources.antibioticAliases) rows.push([rows.length + 1, 'antibiotic', a.name, a.code, null]);
  for (const d of sources.dosages) rows.push([rows.length + 1, 'dosage', d.type, d.code, d]);
  return { table: 'ast_reference', columns: columns({ line: 'int', kind: 'text', name: 'text', code: 'text', detail: 'jsonb' }), rows };
}

/** Tables an import owns; an import empties all of them, whatever the files hold. */
export const RESOURCE_TABLES = [
  'taxon',
  'taxon_code',
  'whonet_organism',
  'antibiotic',
  'antibiotic_row',
  'breakpoint',
  'expected_resistance',
  'expert_rule',
  'eucast_rule',
  'qc_range',
  'reference_sequence',
  'its_reference',
  'chinese_name_antibiotic',
  'chinese_name_organism',
  'ast_reference',
  'resistance_gene',
] as const;
