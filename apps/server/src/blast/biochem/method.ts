import { defaultTimeZone } from '../../reports/time';
import { biochemCommand } from './command';
import { ApiCode, type Locale } from '@mdc/contracts';
import {
  BIOCHEM_PANELS,
  BIOCHEM_TESTS,
  BiochemInputError,
  PANEL_IDS,
  QUALITY_LABELS,
  QUALITY_LEVELS,
  QUALITY_THRESHOLDS,
  STRIPS_WITHOUT_MATRIX,
  TEST_GROUP_NAMES,
  UNACCEPTABLE_TYPICITY,
  checkBiochemRequest,
  encodeProfile,
  biochemHistoryCall,
  biochemStatement,
  identifyBiochemRequest,
  type BiochemRequest,
  type CheckedBiochemRequest,
  type PanelId,
} from '@mdc/core/identify/biochem';
import type { IdentificationCall, IdentificationMethod, LocalizedText } from '@mdc/core/identify';
import { readBiochemMatrices, type BiochemMatrices } from '@mdc/refdata/biochem';
import { ApiError } from '../../http/envelope';
import type { BlastMethod } from '../method';
import type { TaskRow } from '../tasks';
import { biochemCsv } from './report';
import { drawPdf } from '../../reports/pdf-pool';
import { biochemInfoSchema, biochemResultSchema, type BiochemInfo, type BiochemTaskInput, type BiochemTaskResult } from './schemas';

/** Candidates kept on the task (the page shows them all, the picture the first few). */
const TOP = 10;
const MAX_REACTIONS_TEXT = 5000;

let matrices: BiochemMatrices | undefined;
/** The project's matrices, read once per process (a few hundred rows). */
export function biochemMatrices(): BiochemMatrices {
  matrices ??= readBiochemMatrices();
  return matrices;
}

/** The form fields, as named to the user in both languages (the messages start with them). */
const FIELD_LABELS = {
  panel: { en: 'Panel', zh: '鉴定板' },
  profile: { en: 'Numerical profile', zh: '数码谱' },
  reactions: { en: 'Reactions', zh: '反应' },
} as const;
type FieldKey = keyof typeof FIELD_LABELS;

function refusal(text: LocalizedText, locale: Locale, field: FieldKey | 'sampleName', reason: string): ApiError {
  return new ApiError(ApiCode.BAD_REQUEST, 400, text, { fields: { [field]: text[locale] }, reason });
}

function fromInputError(error: BiochemInputError, locale: Locale): ApiError {
  const field = (Object.keys(FIELD_LABELS) as FieldKey[]).find((key) => FIELD_LABELS[key].en === error.field || key === error.field) ?? 'reactions';
  return refusal(error.text, locale, field, error.problem);
}

const choosePanel: LocalizedText = {
  en: `Panel: choose the panel the reactions were read on (${PANEL_IDS.filter((p) => p !== 'primary').join(', ')}).`,
  zh: `鉴定板：请选择读取反应所用的鉴定板（${PANEL_IDS.filter((p) => p !== 'primary').join('、')}）。`,
};
const morphologyPanel = (panel: string): LocalizedText => ({
  en: `Panel: the morphology identification reads the primary tests and morphology only, not panel "${panel}"; use the biochemistry identification for it.`,
  zh: `鉴定板：形态学鉴定只读取初步试验与形态学特征，不能用于鉴定板“${panel}”，请改用生化鉴定。`,
});
const notText = (field: FieldKey): LocalizedText => ({
  en: `${FIELD_LABELS[field].en}: expected text.`,
  zh: `${FIELD_LABELS[field].zh}：应为文本。`,
});
const tooLong: LocalizedText = {
  en: `Reactions: the list is longer than ${MAX_REACTIONS_TEXT} characters.`,
  zh: `反应：列表超过 ${MAX_REACTIONS_TEXT} 个字符。`,
};
const sampleTooLong: LocalizedText = { en: 'Sample name: at most 100 characters.', zh: '样本名称：最多 100 个字符。' };

const text = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : typeof value === 'string' ? value : undefined);

/**
 * Reads the submission's fields into a request of the engine: the panel (the morphology method
 * reads the primary panel only), the numerical profile, and the reactions as a typed list
 * ("IND=+,VP=-") or, from JSON, an object of code → "+" / "-" / "".
 */
function readFields(method: IdentificationMethod, fields: Record<string, unknown>, locale: Locale): BiochemRequest & { sampleName: string | null } {
  const panelValue = fields.panel;
  if (panelValue !== undefined && typeof panelValue !== 'string') throw refusal(notText('panel'), locale, 'panel', 'not-text');
  let panel = (panelValue ?? '').trim();
  if (method === 'morphology') {
    if (panel && panel.toLowerCase() !== 'primary') throw refusal(morphologyPanel(panel.slice(0, 40)), locale, 'panel', 'morphology-panel');
    panel = 'primary';
  } else if (!panel) {
    throw refusal(choosePanel, locale, 'panel', 'no-panel');
  }
  const profile = fields.profile;
  if (profile !== undefined && profile !== null && typeof profile !== 'string' && typeof profile !== 'number') throw refusal(notText('profile'), locale, 'profile', 'not-text');
  const reactions = fields.reactions;
  let checkedReactions: BiochemRequest['reactions'];
  if (reactions === undefined || reactions === null || reactions === '') {
    checkedReactions = undefined;
  } else if (typeof reactions === 'string') {
    if (reactions.length > MAX_REACTIONS_TEXT) throw refusal(tooLong, locale, 'reactions', 'too-long');
    checkedReactions = reactions;
  } else if (typeof reactions === 'object' && !Array.isArray(reactions)) {
    const entries = Object.entries(reactions as Record<string, unknown>);
    if (entries.length > 200) throw refusal(tooLong, locale, 'reactions', 'too-long');
    const out: Record<string, string> = {};
    for (const [code, value] of entries) {
      // A reaction that is not text ("true", 1) is refused by the engine with its code named.
      out[code] = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    }
    checkedReactions = out;
  } else {
    throw refusal(notText('reactions'), locale, 'reactions', 'not-text');
  }
  const sample = text(fields.sampleName)?.trim() ?? '';
  if (sample.length > 100) throw refusal(sampleTooLong, locale, 'sampleName', 'too-long');
  return {
    panel,
    ...(profile === undefined || profile === null || String(profile).trim() === '' ? {} : { profile: String(profile) }),
    ...(checkedReactions === undefined ? {} : { reactions: checkedReactions }),
    sampleName: sample || null,
  };
}

/** Checks and identifies once: anything the engine would refuse is refused before a task exists. */
function check(method: IdentificationMethod, fields: Record<string, unknown>, locale: Locale): { request: CheckedBiochemRequest; sampleName: string | null } {
  const { sampleName, ...raw } = readFields(method, fields, locale);
  try {
    const request = checkBiochemRequest(raw, FIELD_LABELS);
    identifyBiochemRequest(request, biochemMatrices(), { top: 1, field: FIELD_LABELS.panel });
    return { request, sampleName };
  } catch (error) {
    if (error instanceof BiochemInputError) throw fromInputError(error, locale);
    throw error;
  }
}

/** Reactions in panel order, then the primary tests in theirs. */
function orderedReactions(panel: PanelId, reactions: Record<string, '+' | '-'>): { code: string; reaction: '+' | '-' }[] {
  const order = [...BIOCHEM_PANELS[panel].tests, ...BIOCHEM_PANELS.primary.tests.filter((c) => !BIOCHEM_PANELS[panel].tests.includes(c))];
  return order.filter((code) => reactions[code] !== undefined).map((code) => ({ code, reaction: reactions[code]! }));
}

/**
 * The call as the history shows it: what the result claims (biochemStatement) — an unacceptable
 * profile names no taxon, a complex, a morphology group or a genus is named instead of the species.
 */
function callOf(result: BiochemTaskResult): IdentificationCall {
  return biochemHistoryCall(biochemStatement(result.identification));
}

export function biochemInfo(): BiochemInfo {
  const all = biochemMatrices();
  const used = new Set(PANEL_IDS.flatMap((id) => BIOCHEM_PANELS[id].tests));
  return {
    panels: PANEL_IDS.map((id) => {
      const panel = BIOCHEM_PANELS[id];
      const matrix = all[id];
      return {
        id,
        method: id === 'primary' ? ('morphology' as const) : ('biochem' as const),
        name: panel.name,
        description: panel.description,
        tests: [...panel.tests],
        profile: panel.profile ? { groups: panel.profile.groups.map((g) => [...g]), weights: [1, 2, 4] } : null,
        matrix: matrix ? { id: matrix.id, name: matrix.name, source: matrix.source, taxa: matrix.taxa.length } : null,
      };
    }),
    tests: BIOCHEM_TESTS.filter((t) => used.has(t.code)).map((t) => ({
      code: t.code,
      name: t.name,
      ...(t.substrate ? { substrate: t.substrate } : {}),
      ...(t.positive ? { positive: t.positive } : {}),
      ...(t.group ? { group: t.group } : {}),
    })),
    groups: { ...TEST_GROUP_NAMES },
    quality: QUALITY_LEVELS.map((level) => {
      const row = QUALITY_THRESHOLDS.find((r) => r.level === level);
      return { level, label: QUALITY_LABELS[level], percentId: row?.percentId ?? null, typicity: row?.typicity ?? null };
    }),
    unacceptableTypicity: UNACCEPTABLE_TYPICITY,
    stripsWithoutMatrix: [...STRIPS_WITHOUT_MATRIX],
  };
}

/**
 * Biochemical identification (API 20E, the conventional Enterobacterales tubes) and morphology
 * (the primary tests alone, a genus-level answer): one profile per task, identified by the
 * probability matrices of the project with %ID, T and APIweb's quality labels.
 */
export const biochemMethod: BlastMethod = {
  ids: biochemCommand.ids,
  measure: 'percentId',

  async accept(submission) {
    const { request, sampleName } = check(submission.method, submission.fields, submission.locale);
    const input: BiochemTaskInput = { panel: request.panel.id, profile: request.profile ?? null, reactions: request.reactions, sampleName };
    return {
      itemCount: 1,
      source: 'text',
      fileName: null,
      input,
      log: { panel: request.panel.id, reactions: Object.keys(request.reactions).length },
    };
  },

  async run(task) {
    const started = performance.now();
    const input = task.input as BiochemTaskInput;
    let request: CheckedBiochemRequest;
    let identification;
    try {
      request = checkBiochemRequest({ panel: input.panel, ...(input.profile ? { profile: input.profile } : {}), reactions: input.reactions }, FIELD_LABELS);
      identification = identifyBiochemRequest(request, biochemMatrices(), { top: TOP, field: FIELD_LABELS.panel });
    } catch (error) {
      if (error instanceof BiochemInputError) return { outcome: { status: 'failed', error: error.text } };
      throw error;
    }
    const matrix = biochemMatrices()[request.panel.id];
    const profileTests = request.panel.profile?.groups.flat() ?? [];
    const result: BiochemTaskResult = {
      sampleName: input.sampleName,
      panel: { id: request.panel.id, name: request.panel.name },
      matrix: { id: matrix.id, name: matrix.name, source: matrix.source, taxa: matrix.taxa.length },
      // A profile says what was read only when every one of its tests was.
      profile: request.profile ?? (profileTests.length > 0 && profileTests.every((c) => request.reactions[c]) ? encodeProfile(request.panel, request.reactions) : null),
      reactions: orderedReactions(request.panel.id, request.reactions),
      identification,
      ms: 0,
    };
    result.ms = Math.round((performance.now() - started) * 100) / 100;
    const call = identification.call;
    return {
      outcome: {
        status: 'done',
        call: callOf(result),
        identified: 1,
        // No search time: a matrix answers in well under a millisecond (result.ms keeps it).
        result,
        summary: {
          panel: request.panel.id,
          ...(result.profile ? { profile: result.profile } : {}),
          ...(input.sampleName ? { sampleName: input.sampleName } : {}),
          ...(call.zh ? { zh: call.zh } : {}),
          typicity: Math.round(call.typicity * 100) / 100,
          // The quality label of what the call claims (the history's level names the rank above the species).
          quality: biochemStatement(identification).level,
          ...(identification.groupCall ? { groupCall: { kind: identification.groupCall.kind, name: identification.groupCall.name, percentId: identification.groupCall.percentId } } : {}),
        },
      },
      log: { panel: request.panel.id, taxon: call.taxon, level: call.level },
    };
  },

  detailShape: {
    biochem: biochemResultSchema.nullable().optional().describe('biochem and morphology: the identification once done (null while running)'),
  },

  async detail(task) {
    return { biochem: (task.result as BiochemTaskResult | null) ?? null };
  },

  async exportCsv(task: TaskRow, _context, locale) {
    return biochemCsv(task, locale);
  },

  async exportPdf(task: TaskRow, _context, locale, options) {
    return drawPdf('biochem', task, locale, options?.timeZone ?? defaultTimeZone(locale));
  },

  infoShape: { biochem: biochemInfoSchema },

  async info() {
    const all = biochemMatrices();
    const panelTaxa = new Set([...all.API20E.taxa, ...all.conventional.taxa].map((t) => t.name));
    return {
      methods: [
        { method: 'biochem', references: all.API20E.taxa.length + all.conventional.taxa.length, species: panelTaxa.size },
        { method: 'morphology', references: all.primary.taxa.length, species: all.primary.taxa.length },
      ],
      fields: { biochem: biochemInfo() },
    };
  },

  command: biochemCommand.run,
};
