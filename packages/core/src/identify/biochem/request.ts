import { biochemErrors, type BiochemField } from './errors';
import { identifyBiochem, type BiochemIdentification } from './identify';
import type { ProbabilityMatrix } from './matrix';
import { BIOCHEM_PANELS, panelById, type BiochemPanel, type PanelId, type Reaction } from './panels';
import { decodeProfile, encodeProfile } from './profile';
import { parseReactionEntries, parseReactionList } from './reactions';

/** The matrices a deployment has, by panel; a panel without one cannot identify. */
export type BiochemMatrixSet = Partial<Record<PanelId, ProbabilityMatrix>>;

/**
 * One isolate as a form or an API call sends it: the panel, and the numerical profile and/or
 * reactions (test code → "+", "-" or "" for not done, or the typed list "IND=+,VP=-"). Primary
 * tests (GRAM, CAT, OX …) may be added to any panel.
 */
export interface BiochemRequest {
  panel: string;
  profile?: string;
  reactions?: Readonly<Record<string, string>> | string;
}

export interface BiochemRequestFields {
  panel?: BiochemField;
  profile?: BiochemField;
  reactions?: BiochemField;
}

export interface CheckedBiochemRequest {
  panel: BiochemPanel;
  /** Every reaction counted: the decoded profile merged with the reactions entered. */
  reactions: Record<string, Reaction>;
  /** The profile as digits (normalised), when one was given. */
  profile?: string;
}

/**
 * Checks a request completely before anything is computed: panel known, profile of the right
 * length and digits, codes known to the panel or the primary tests, reactions +, – or empty, the
 * profile and the reactions not contradicting each other. Throws BiochemInputError.
 */
export function checkBiochemRequest(request: BiochemRequest, fields: BiochemRequestFields = {}): CheckedBiochemRequest {
  const field = { panel: fields.panel ?? 'panel', profile: fields.profile ?? 'profile', reactions: fields.reactions ?? 'reactions' };
  const panel = panelById(request.panel, field.panel);
  const allowed = { panel, alsoAllowed: BIOCHEM_PANELS.primary.tests };
  const entered =
    request.reactions === undefined
      ? {}
      : typeof request.reactions === 'string'
        ? parseReactionList(request.reactions, allowed, field.reactions)
        : parseReactionEntries(Object.entries(request.reactions), allowed, field.reactions);
  let reactions: Record<string, Reaction> = { ...entered };
  let profile: string | undefined;
  if (request.profile !== undefined && request.profile.trim() !== '') {
    if (!panel.profile) throw biochemErrors.profileNotDigits(field.profile, panel.id);
    const decoded = decodeProfile(panel, request.profile, field.profile);
    for (const [code, reaction] of Object.entries(entered)) {
      if (decoded[code] !== undefined && decoded[code] !== reaction) throw biochemErrors.conflictingReaction(field.reactions, code);
    }
    reactions = { ...decoded, ...entered };
    profile = encodeProfile(panel, decoded);
  }
  if (Object.keys(reactions).length === 0) throw biochemErrors.noReactions(field.reactions);
  return { panel, reactions, ...(profile ? { profile } : {}) };
}

/**
 * Identifies a checked request with the deployment's matrices: the primary tests narrow the
 * panels, and the conventional tubes supply next tests for API 20E.
 */
export function identifyBiochemRequest(
  request: CheckedBiochemRequest,
  matrices: BiochemMatrixSet,
  options: { top?: number; field?: BiochemField } = {},
): BiochemIdentification {
  const matrix = matrices[request.panel.id];
  if (!matrix) throw biochemErrors.noMatrix(options.field ?? 'panel', request.panel.id);
  const primary = request.panel.id === 'primary' ? undefined : matrices.primary;
  const nextTestMatrices = request.panel.id === 'API20E' && matrices.conventional ? [matrices.conventional] : [];
  return identifyBiochem(matrix, request.reactions, {
    ...(options.top === undefined ? {} : { top: options.top }),
    ...(primary ? { primary } : {}),
    nextTestMatrices,
  });
}
