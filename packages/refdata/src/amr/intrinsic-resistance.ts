import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { TaxonomyTable } from '../taxonomy/table';
import type { AntibioticRecord } from '../whonet/antibiotics';
import type { ExpectedResistanceRecord } from '../whonet/expected-resistance';
import type { OrganismRecord } from '../whonet/organisms';
import { RefdataFormatError } from '../whonet/table';
import { AMR_LINE_OFFSET, antibioticCodeMap, whonetCodesByMo } from './clinical-breakpoints';

export const INTRINSIC_RESISTANT_FILE = 'intrinsic_resistant.tsv.gz';

/**
 * The reference a result names when the organism is intrinsically resistant under EUCAST: the AMR
 * package 3.0.0 lists, species by species, the drugs of EUCAST's Expected Resistant Phenotypes
 * v1.2 (its `intrinsic_resistant` table).
 */
export const INTRINSIC_REFERENCE = 'Expected Resistant Phenotypes v1.2';

export interface IntrinsicResistancePair {
  line: number;
  mo: string;
  ab: string;
}

/** `intrinsic_resistant.tsv` (mo, ab): one organism × drug pair a line. */
export function parseIntrinsicResistant(text: string, file = INTRINSIC_RESISTANT_FILE): IntrinsicResistancePair[] {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '').split('\t');
  const mo = header.indexOf('mo');
  const ab = header.indexOf('ab');
  if (mo < 0 || ab < 0) throw new RefdataFormatError(`header lacks required column "${mo < 0 ? 'mo' : 'ab'}"`, { file, line: 1, column: mo < 0 ? 'mo' : 'ab' });
  const pairs: IntrinsicResistancePair[] = [];
  for (let n = 1; n < lines.length; n++) {
    const raw = lines[n]!.replace(/\r$/, '');
    if (raw === '') continue;
    const cells = raw.split('\t');
    if (!cells[mo] || !cells[ab]) throw new RefdataFormatError('row lacks its organism or its drug', { file, line: n + 1, column: !cells[mo] ? 'mo' : 'ab' });
    pairs.push({ line: n + 1, mo: cells[mo]!, ab: cells[ab]! });
  }
  return pairs;
}

/** The pairs of an AMR 3.0.0 folder, or none when the file is not there. */
export function readIntrinsicResistant(amrDir: string): IntrinsicResistancePair[] {
  const file = path.join(amrDir, INTRINSIC_RESISTANT_FILE);
  if (!existsSync(file)) return [];
  return parseIntrinsicResistant(gunzipSync(readFileSync(file)).toString('utf8'), file);
}

/**
 * The pairs as EUCAST expected-resistance rows on WHONET organism codes: one row per WHONET
 * organism and drug (a species of several codes, as serotypes, gets each). Pairs whose organism
 * or drug WHONET has no code for are counted, not guessed.
 */
export function intrinsicResistanceAsWhonet(
  pairs: readonly IntrinsicResistancePair[],
  context: { organisms: readonly OrganismRecord[]; antibiotics: readonly AntibioticRecord[]; taxonomy: TaxonomyTable },
): { records: ExpectedResistanceRecord[]; unplaced: number } {
  const codes = whonetCodesByMo(context.organisms, context.taxonomy);
  const drug = antibioticCodeMap(context.antibiotics);
  const seen = new Set<string>();
  const records: ExpectedResistanceRecord[] = [];
  let unplaced = 0;
  for (const pair of pairs) {
    const organisms = codes.get(pair.mo);
    const antibiotic = drug(pair.ab);
    if (!organisms || !antibiotic) {
      unplaced++;
      continue;
    }
    for (const organism of organisms) {
      const key = `${organism}|${antibiotic}`;
      if (seen.has(key)) continue;
      seen.add(key);
      records.push({
        // Numbered after WHONET's rows so both fit the table's key.
        line: AMR_LINE_OFFSET + records.length + 1,
        guideline: 'EUCAST',
        referenceTable: INTRINSIC_REFERENCE,
        organismCode: organism,
        organismCodeType: 'WHONET_ORG_CODE',
        exceptionOrganismCodes: [],
        exceptionOrganismCodeType: '',
        antibioticCode: antibiotic,
        antibioticCodeType: 'WHONET_ABX_CODE',
        antibioticExceptions: [],
        dateEntered: '',
        dateModified: '',
        comments: `AMR 3.0.0 ${INTRINSIC_RESISTANT_FILE}:${pair.line} (${pair.mo} × ${pair.ab})`,
      });
    }
  }
  return { records, unplaced };
}
