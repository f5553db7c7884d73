import { taxonNameParts, type BiochemCandidate } from '@mdc/core/identify/biochem';

/** Longest taxon name the profile chart's label column (230 px of 12 px text) shows whole. */
export const CHART_LABEL_CHARS = 34;

/**
 * A taxon name as the profile chart labels its row: whole when it fits; else with the genus
 * abbreviated as microbiologists write it ("E. coli (inactive biogroup)"), so the part that tells
 * the rows apart — the epithet, the biogroup — is what stays; cut with "…" only when even that is
 * too long.
 */
export function chartLabel(name: string, limit = CHART_LABEL_CHARS): string {
  if (name.length <= limit) return name;
  const [genus, next] = name.split(/\s+/, 2);
  const abbreviated = genus && next && /^[A-Z][a-z]+$/.test(genus) && /^[a-z(]/.test(next) ? `${genus[0]}.${name.slice(genus.length)}` : name;
  return abbreviated.length <= limit ? abbreviated : `${abbreviated.slice(0, limit - 1)}…`;
}

/**
 * A row of the profile chart as the page's language names it: on a Chinese page a row named in
 * English words rather than Latin ("Coagulase-negative staphylococci") by its Chinese name, as the
 * Chinese PDF prints it.
 */
export function chartTaxon(c: Pick<BiochemCandidate, 'taxon' | 'zh'>, locale: 'zh' | 'en'): string {
  const english = taxonNameParts(c.taxon).some((part) => !part.italic && /(^|[\s(])(?!subsp\.|spp?\.)[a-z]{3,}/.test(part.text));
  return locale === 'zh' && c.zh && english ? c.zh : c.taxon;
}
