/** One run of a taxon name, set in italics or not. */
export interface NamePart {
  text: string;
  italic: boolean;
}

/** Words of matrix names that are not Latin epithets (ranks, groupings, descriptions). */
const ROMAN = new Set(['subsp.', 'spp.', 'sp.', 'biogroup', 'biovar', 'group', 'serogroup', 'serogroups', 'complex', 'streptococci', 'staphylococci', 'other', 'species', 'genera', 'inactive']);

const isEpithet = (word: string) => /^[a-z][a-z-]*$/.test(word) && !ROMAN.has(word);
const isGenus = (word: string) => /^[A-Z][a-z]+$/.test(word);

/**
 * A taxon name cut into the runs a printed report sets in italics (genus, species and subspecies
 * epithets, as the Code of Nomenclature of Prokaryotes asks) and in roman (ranks such as "subsp.",
 * "spp.", serovars such as Typhi, biogroups, and descriptive groups such as "Coagulase-negative
 * staphylococci" or "Viridans group streptococci").
 */
export function taxonNameParts(name: string): NamePart[] {
  const words = name.split(/\s+/).filter(Boolean);
  const parts: NamePart[] = [];
  let inBrackets = false;
  words.forEach((word, i) => {
    if (word.startsWith('(')) inBrackets = true;
    let italic = false;
    if (!inBrackets) {
      if (i === 0) {
        const next = words[1];
        italic = isGenus(word) && (next === undefined || isEpithet(next) || next.startsWith('(') || next === 'spp.' || next === 'sp.' || /^[A-Z]/.test(next));
      } else {
        italic = isEpithet(word) && (parts[i - 1]?.italic === true || words[i - 1] === 'subsp.');
      }
    }
    if (word.endsWith(')')) inBrackets = false;
    parts.push({ text: word, italic });
  });
  // Neighbouring words of the same style become one run, spaces included.
  const runs: NamePart[] = [];
  for (const part of parts) {
    const last = runs[runs.length - 1];
    if (last && last.italic === part.italic) last.text += ` ${part.text}`;
    else runs.push({ text: last ? ` ${part.text}` : part.text, italic: part.italic });
  }
  return runs;
}
