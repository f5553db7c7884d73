import { z } from 'zod';
import { PANEL_IDS, QUALITY_LEVELS, type BiochemIdentification, type PanelId, type QualityLevel } from '@mdc/core/identify/biochem';
import { localized } from '../schemas';

const reaction = z.enum(['+', '-']);
const level = z.enum(QUALITY_LEVELS);

const comparison = z.object({
  code: z.string(),
  entered: reaction,
  percentPositive: z.number().optional().describe('% of the taxon\'s strains positive; absent when the matrix has no data (weighed as 50 %)'),
  against: z.boolean().describe('the reaction entered is the one fewer than half of the taxon\'s strains give'),
});

const candidate = z.object({
  rank: z.number().int(),
  taxon: z.string(),
  zh: z.string().optional(),
  complex: z.string().optional(),
  synonyms: z.array(z.string()),
  percentId: z.number().describe('%ID: share of the likelihood among the taxa of the matrix, 0–100'),
  typicity: z.number().describe('T index, 0–1'),
  level,
  log10Likelihood: z.number(),
  tests: z.array(comparison).describe('every counted test against this taxon\'s % positive'),
  testsAgainst: z.array(comparison).describe('the counted tests whose reaction is the minority one for this taxon, strongest first'),
});

export const biochemIdentificationSchema = z.object({
  matrix: z.string(),
  counted: z.array(z.object({ code: z.string(), reaction, from: z.enum(['panel', 'primary']) })),
  impliedByGroup: z.array(z.string()).describe('"–" of group members (shape, oxygen …) already answered by another member\'s "+", not counted twice'),
  candidates: z.array(candidate),
  call: candidate.extend({ label: localized, note: localized.optional() }),
  headline: z
    .object({
      kind: z.enum(['unacceptable', 'morphology-group', 'presumptive', 'complex', 'taxon']),
      name: localized,
      members: z.array(z.string()).optional(),
      settles: localized.optional(),
      source: z.string().optional(),
    })
    .optional()
    .describe('what the answer is headed with: an unacceptable profile, the group morphology cannot split, a presumptive species, a complex the panel cannot split, or the taxon (absent on results before issue 16)'),
  groupCall: z
    .object({ kind: z.enum(['complex', 'genus']), name: z.string(), percentId: z.number(), level, members: z.array(z.string()) })
    .optional()
    .describe('when the call\'s neighbours share its complex or genus and together earn a better label'),
  nextTests: z.array(
    z.object({
      code: z.string(),
      name: localized,
      from: z.string(),
      informationBits: z.number(),
      expected: z.array(z.object({ taxon: z.string(), percentPositive: z.number().optional() })),
    }),
  ),
  primaryFit: z
    .object({ inPanelPercent: z.number(), best: z.object({ taxon: z.string(), percentId: z.number() }), outsidePanel: z.boolean() })
    .optional(),
});

export const biochemResultSchema = z.object({
  sampleName: z.string().nullable(),
  panel: z.object({ id: z.enum(PANEL_IDS), name: localized }),
  matrix: z.object({ id: z.string(), name: localized, source: z.string(), taxa: z.number().int() }),
  profile: z.string().nullable().describe('the numerical profile, when every test of it was read'),
  reactions: z.array(z.object({ code: z.string(), reaction })).describe('the reactions entered, panel order then primary tests'),
  identification: biochemIdentificationSchema,
  ms: z.number(),
});

export interface BiochemTaskResult {
  sampleName: string | null;
  panel: { id: PanelId; name: { zh: string; en: string } };
  matrix: { id: string; name: { zh: string; en: string }; source: string; taxa: number };
  profile: string | null;
  reactions: { code: string; reaction: '+' | '-' }[];
  identification: BiochemIdentification;
  ms: number;
}

/** What the task row keeps of the submission. */
export interface BiochemTaskInput {
  panel: PanelId;
  profile: string | null;
  reactions: Record<string, '+' | '-'>;
  sampleName: string | null;
}

const test = z.object({
  code: z.string(),
  name: localized,
  substrate: localized.optional(),
  positive: localized.optional(),
  group: z.string().optional(),
});

export const biochemInfoSchema = z
  .object({
    panels: z.array(
      z.object({
        id: z.enum(PANEL_IDS),
        method: z.enum(['biochem', 'morphology']).describe('the method that reads this panel alone'),
        name: localized,
        description: localized,
        tests: z.array(z.string()).describe('test codes in reading order'),
        profile: z
          .object({ groups: z.array(z.array(z.string())), weights: z.array(z.number().int()) })
          .nullable()
          .describe('numerical profile: each digit sums the weights of the positive tests of its group'),
        matrix: z.object({ id: z.string(), name: localized, source: z.string(), taxa: z.number().int() }).nullable(),
      }),
    ),
    tests: z.array(test).describe('every test the panels use: code, names, substrate, what "+" means, its group of alternatives'),
    groups: z.record(z.string(), localized).describe('groups of alternative tests (cell shape, oxygen relation …): one "+" answers the others'),
    quality: z.array(z.object({ level, label: localized, percentId: z.number().nullable(), typicity: z.number().nullable() })),
    unacceptableTypicity: z.number(),
    stripsWithoutMatrix: z.array(z.string()),
  })
  .optional()
  .describe('biochem and morphology: the panels, their tests and the quality labels');

export type BiochemInfo = z.infer<typeof biochemInfoSchema>;
export type { QualityLevel };
