import path from 'node:path';
import type {
  AntibioticDefinition,
  AstTables,
  BreakpointDefinition,
  ExpectedResistanceDefinition,
  OrganismDefinition,
  WhonetExpertRuleDefinition,
} from '@mdc/core/ast';
import { readEucastRules } from '../amr';
import { amr3Dir, antibioticAliasesFrom, currentBreakpoints, readAntimicrobials, readDosages } from '../amr/clinical-breakpoints';
import { organismAliasesFrom } from '../amr/organism-aliases';
import { INTRINSIC_RESISTANT_FILE, intrinsicResistanceAsWhonet, readIntrinsicResistant } from '../amr/intrinsic-resistance';
import { readCurrentTaxonomySync } from '../taxonomy/read';
import { toEucastRuleDefinitions } from '../amr/ast-rules';
import { findRefdataDir } from '../datadir';
import type { AntibioticRecord } from './antibiotics';
import type { BreakpointRecord } from './breakpoints';
import type { ExpectedResistanceRecord } from './expected-resistance';
import type { ExpertRuleRecord } from './expert-rules';
import {
  readAntibiotics,
  readBreakpoints,
  readExpectedResistance,
  readExpertRules,
  readOrganisms,
} from './files';
import type { OrganismRecord } from './organisms';
import { RefdataFormatError } from './table';

export function toOrganismDefinitions(records: readonly OrganismRecord[]): OrganismDefinition[] {
  return records.map((r) => ({
    code: r.code,
    name: r.name,
    status: r.taxonomicStatus === 'C' ? 'current' : 'synonym',
    replacedBy: r.replacedBy || null,
    organismType: r.organismType,
    anaerobe: r.anaerobe,
    subkingdom: r.subkingdomCode as OrganismDefinition['subkingdom'],
    familyCode: r.familyCode,
    genusGroup: r.genusGroup,
    genusCode: r.genusCode,
    speciesGroup: r.speciesGroup,
    serovarGroup: r.serovarGroup,
    common: r.common,
    taxonomy: { kingdom: r.kingdom, phylum: r.phylum, class: r.class, order: r.order, family: r.family, genus: r.genus },
  }));
}

const GUIDELINE_FLAGS = [
  ['clsi', 'CLSI'],
  ['eucast', 'EUCAST'],
  ['sfm', 'SFM'],
  ['srga', 'SRGA'],
  ['bsac', 'BSAC'],
  ['din', 'DIN'],
  ['neo', 'NEO'],
  ['afa', 'AFA'],
] as const;

export function toAntibioticDefinitions(records: readonly AntibioticRecord[]): AntibioticDefinition[] {
  return records.map((r) => ({
    code: r.code,
    name: r.name,
    otherCodes: [...new Set([r.whoCode, r.dinCode, r.jacCode, r.eucastCode, r.userCode])].filter(
      (c) => c !== '' && c !== r.code,
    ),
    atcCode: r.atcCode,
    class: r.class,
    subclass: r.subclass,
    profClass: r.profClass,
    aware: r.aware,
    potency: r.potency,
    guidelines: GUIDELINE_FLAGS.filter(([flag]) => r.guidelineFlags[flag]).map(([, name]) => name),
    clsiOrder: r.clsiOrder,
    eucastOrder: r.eucastOrder,
    human: r.human,
    veterinary: r.veterinary,
  }));
}

export function toBreakpointDefinitions(records: readonly BreakpointRecord[], file = 'Breakpoints.txt'): BreakpointDefinition[] {
  return records.map((r) => ({
    guideline: r.guideline,
    year: r.year,
    method: r.method,
    potency: r.potency,
    organismCode: r.organismCode,
    // The EUCAST PK/PD rows of 2021–2022 name no code type ("Gen"); they are the ALL rows.
    organismLevel: r.organismCodeType === '' ? 'ALL' : r.organismCodeType,
    type: r.breakpointType,
    host: r.host,
    site: r.siteOfInfection,
    referenceTable: r.referenceTable,
    antibioticCode: r.antibioticCode,
    testCode: r.whonetTest,
    r: r.r,
    i: r.i,
    sdd: r.sdd,
    s: r.s,
    ecoff: r.ecoff,
    comments: r.comments,
    source: `${r.file ?? file}:${r.sourceLine ?? r.line}`,
  }));
}

export function toExpectedResistanceDefinitions(
  records: readonly ExpectedResistanceRecord[],
  file = 'ExpectedResistancePhenotypes.txt',
): ExpectedResistanceDefinition[] {
  return records.map((r) => ({
    guideline: r.guideline,
    referenceTable: r.referenceTable,
    organismCode: r.organismCode,
    organismLevel: r.organismCodeType,
    exceptionOrganismCodes: r.exceptionOrganismCodes,
    exceptionOrganismLevel: r.exceptionOrganismCodeType === '' ? null : r.exceptionOrganismCodeType,
    antibioticCode: r.antibioticCode,
    antibioticCodeType: r.antibioticCodeType,
    antibioticExceptions: r.antibioticExceptions,
    source: `${file}:${r.line}`,
  }));
}

export function toWhonetExpertRuleDefinitions(
  records: readonly ExpertRuleRecord[],
  file = 'ExpertInterpretationRules.txt',
): WhonetExpertRuleDefinition[] {
  return records.map((r) => ({
    ruleCode: r.ruleCode,
    description: r.description,
    organismCode: r.organismCode,
    organismLevel: r.organismCodeType,
    criteria: r.criteria,
    affectedAntibiotics: r.affectedAntibiotics,
    antibioticExceptions: r.antibioticExceptions,
    source: `${file}:${r.line}`,
  }));
}

export interface LoadedAstTables {
  tables: AstTables;
  /**
   * Rows left out of the AMR rules table because they are malformed (the 2021
   * file has one). The WHONET files are read strictly: any problem there throws.
   */
  issues: RefdataFormatError[];
}

/**
 * Everything the AST engine needs, read from the reference data folder
 * (`whonet/` and `amr/` inside it; default: findRefdataDir()).
 */
export function readAstTables(dataDir: string | undefined = findRefdataDir(), options: { whonetOnly?: boolean } = {}): LoadedAstTables {
  if (!dataDir) {
    throw new RefdataFormatError('reference data folder not found (set REFDATA_DIR)', { file: '(refdata)' });
  }
  const whonet = path.join(dataDir, 'whonet');
  const issues: RefdataFormatError[] = [];
  // WHONET-only tables (the 2022-era engine tests) keep the 2021 rules file they were written against.
  const eucast = readEucastRules(path.join(dataDir, 'amr'), { onInvalidRow: (e) => issues.push(e), legacy: options.whonetOnly === true });
  const organisms = readOrganisms(whonet);
  const antibiotics = readAntibiotics(whonet);
  const whonetBreakpoints = readBreakpoints(whonet);
  // WHONET's table through 2022 with the AMR package's 2023–2025 (see currentBreakpoints).
  const taxonomy = options.whonetOnly === true ? undefined : readCurrentTaxonomySync(dataDir);
  const breakpoints = taxonomy ? currentBreakpoints(dataDir, { organisms, antibiotics, breakpoints: whonetBreakpoints }, taxonomy).records : whonetBreakpoints;
  const amr = amr3Dir(dataDir);
  return {
    tables: {
      organisms: toOrganismDefinitions(organisms),
      antibiotics: toAntibioticDefinitions(antibiotics),
      breakpoints: toBreakpointDefinitions(breakpoints),
      // EUCAST's Expected Resistant Phenotypes v1.2 species by species (AMR 3.0.0) before WHONET's
      // rows, so a EUCAST result names v1.2; WHONET's rows still answer for CLSI and for organisms
      // the AMR list does not reach.
      expectedResistance: [
        ...(amr && taxonomy
          ? toExpectedResistanceDefinitions(intrinsicResistanceAsWhonet(readIntrinsicResistant(amr), { organisms, antibiotics, taxonomy }).records, INTRINSIC_RESISTANT_FILE)
          : []),
        ...toExpectedResistanceDefinitions(readExpectedResistance(whonet)),
      ],
      whonetExpertRules: toWhonetExpertRuleDefinitions(readExpertRules(whonet)),
      eucastRules: toEucastRuleDefinitions(eucast),
      ...(taxonomy ? { organismAliases: organismAliasesFrom(taxonomy, organisms) } : {}),
      ...(amr && taxonomy ? { antibioticAliases: antibioticAliasesFrom(readAntimicrobials(amr), antibiotics), dosages: readDosages(amr, antibiotics) } : {}),
    },
    issues,
  };
}
