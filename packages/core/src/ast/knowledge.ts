import type { Antibiotic, AntibioticIndex } from './antibiotics';
import type { BreakpointIndex } from './breakpoint-index';
import type { AntibioticGroups } from './classes';
import type { Organism } from './organisms';
import type { AstResult, AstTables, OrganismMatch } from './types';

// What interpreting an isolate reads of a knowledge base, in a module of its own so that the
// isolate interpretation (./isolate) and the knowledge base that calls it (./knowledge-base) need
// not import each other.

/** One result to interpret. Everything but organism, antibiotic and value has a default. */
export interface AstInput {
  /** Scientific name, WHONET code, or a local name from the names map. */
  organism: string;
  /** WHONET code, English name, alias, local name, or a WHONET test code (AMP_ND10). */
  antibiotic: string;
  /** "MIC" or "DISK" (also "disk diffusion", "E-test", "纸片"…); implied by a test code. */
  method?: string;
  /** As the lab writes it: "16", "<=0.25", "≤0.25", ">32", "0,5", 19. */
  value: string | number;
  /** Disk content ("10µg", "30", "1.25/23.75"); without it any disk row of the drug is used. */
  diskPotency?: string;
  /** CLSI or EUCAST (any guideline in the data). Default: the knowledge base's default (CLSI). */
  guideline?: string;
  /** Guideline version year. Default: the latest in the data for that guideline and breakpoint type. */
  year?: number;
  /** Default human; an animal ("Dogs", "Horses (adults)") selects veterinary breakpoints. */
  host?: string;
  /** Site of infection: meningitis, non-meningitis, oral, UTI, screening… (English or Chinese). */
  site?: string;
  /** Human clinical (default), ECOFF or Animal. */
  breakpointType?: string;
}

export interface InterpretOptions {
  /** Apply the guideline's expected resistant phenotypes (intrinsic resistance). Default true. */
  expectedResistance?: boolean;
}

/** The knowledge base as the isolate interpretation uses it (KnowledgeBase implements it). */
export interface IsolateKnowledge {
  readonly tables: AstTables;
  readonly breakpoints: BreakpointIndex;
  readonly antibiotics: AntibioticIndex;
  readonly groups: AntibioticGroups;
  readonly defaultGuideline: string;
  readonly warnings: string[];
  findOrganism(text: string): OrganismMatch | null;
  organism(code: string): Organism | undefined;
  antibiotic(code: string): Antibiotic | undefined;
  interpret(input: AstInput, options?: InterpretOptions): AstResult;
}
