import { flag, mapRows, optionalNumber, readTable, requiredText, type ParseOptions } from './table';

export const ANTIBIOTICS_FILE = 'Antibiotics.txt';

/**
 * One row of WHONET's antimicrobial list. A drug appears once per disk content and
 * guideline family (ampicillin 10 µg for CLSI, 2 µg for EUCAST…), so codes repeat.
 */
export interface AntibioticRecord {
  line: number;
  /** WHONET three-letter code (AMP, CRO…), the key breakpoints use. */
  code: string;
  whoCode: string;
  dinCode: string;
  jacCode: string;
  eucastCode: string;
  userCode: string;
  /** English name as WHONET writes it ("Amoxicillin/Clavulanic acid"). */
  name: string;
  /** Free-text guideline list ("CLSI,EUCAST(Enterobacterales)"). */
  guidelines: string;
  guidelineFlags: {
    clsi: boolean;
    eucast: boolean;
    sfm: boolean;
    srga: boolean;
    bsac: boolean;
    din: boolean;
    neo: boolean;
    afa: boolean;
  };
  abxNumber: number | null;
  /** Disk content for this row ("10µg", "1.25/23.75µg", "10units"), '' for MIC-only rows. */
  potency: string;
  atcCode: string;
  /** Antimicrobial class ("Penicillins", "Cephems"…), used by expert rules. */
  class: string;
  subclass: string;
  /** WHONET's short class code (CEPH3, FQ, CARB…), used by rule criteria like `CEPH3=R`. */
  profClass: string;
  /** WHO AWaRe group: Access, Watch, Reserve or ''. */
  aware: string;
  ciaCategory: string;
  clsiOrder: string;
  eucastOrder: string;
  human: boolean;
  veterinary: boolean;
  animalGroup: boolean;
  loinc: {
    component: string;
    general: string;
    disk: string;
    mic: string;
    etest: string;
    slow: string;
    afb: string;
    sbt: string;
    mlc: string;
  };
  dateEntered: string;
  dateModified: string;
  comments: string;
}

const COLUMNS = [
  'WHONET_ABX_CODE',
  'WHO_CODE',
  'DIN_CODE',
  'JAC_CODE',
  'EUCAST_CODE',
  'USER_CODE',
  'ANTIBIOTIC',
  'GUIDELINES',
  'CLSI',
  'EUCAST',
  'SFM',
  'SRGA',
  'BSAC',
  'DIN',
  'NEO',
  'AFA',
  'ABX_NUMBER',
  'POTENCY',
  'ATC_CODE',
  'CLASS',
  'SUBCLASS',
  'PROF_CLASS',
  'WHO_AWARE',
  'CIA_CATEGORY',
  'CLSI_ORDER',
  'EUCAST_ORDER',
  'HUMAN',
  'VETERINARY',
  'ANIMAL_GP',
  'LOINCCOMP',
  'LOINCGEN',
  'LOINCDISK',
  'LOINCMIC',
  'LOINCETEST',
  'LOINCSLOW',
  'LOINCAFB',
  'LOINCSBT',
  'LOINCMLC',
  'DATE_ENTERED',
  'DATE_MODIFIED',
  'COMMENTS',
] as const;

const AWARE = ['', 'Access', 'Watch', 'Reserve'] as const;

export function parseAntibiotics(text: string, options: ParseOptions = {}): AntibioticRecord[] {
  const table = readTable(text, { file: ANTIBIOTICS_FILE, delimiter: '\t', required: COLUMNS }, options);
  const c = (row: Parameters<typeof table.cell>[0], column: (typeof COLUMNS)[number]) => table.cell(row, column);
  return mapRows(table, options, (row) => {
    const aware = c(row, 'WHO_AWARE');
    if (!(AWARE as readonly string[]).includes(aware)) {
      throw table.fail(row, 'WHO_AWARE', `"${aware}" is not an AWaRe group (Access, Watch, Reserve)`);
    }
    return {
      line: row.line,
      code: requiredText(table, row, 'WHONET_ABX_CODE'),
      whoCode: c(row, 'WHO_CODE'),
      dinCode: c(row, 'DIN_CODE'),
      jacCode: c(row, 'JAC_CODE'),
      eucastCode: c(row, 'EUCAST_CODE'),
      userCode: c(row, 'USER_CODE'),
      name: requiredText(table, row, 'ANTIBIOTIC'),
      guidelines: c(row, 'GUIDELINES'),
      guidelineFlags: {
        clsi: flag(table, row, 'CLSI'),
        eucast: flag(table, row, 'EUCAST'),
        sfm: flag(table, row, 'SFM'),
        srga: flag(table, row, 'SRGA'),
        bsac: flag(table, row, 'BSAC'),
        din: flag(table, row, 'DIN'),
        neo: flag(table, row, 'NEO'),
        afa: flag(table, row, 'AFA'),
      },
      abxNumber: optionalNumber(table, row, 'ABX_NUMBER'),
      potency: c(row, 'POTENCY'),
      atcCode: c(row, 'ATC_CODE'),
      class: c(row, 'CLASS'),
      subclass: c(row, 'SUBCLASS'),
      profClass: c(row, 'PROF_CLASS'),
      aware,
      ciaCategory: c(row, 'CIA_CATEGORY'),
      clsiOrder: c(row, 'CLSI_ORDER'),
      eucastOrder: c(row, 'EUCAST_ORDER'),
      human: flag(table, row, 'HUMAN'),
      veterinary: flag(table, row, 'VETERINARY'),
      animalGroup: flag(table, row, 'ANIMAL_GP'),
      loinc: {
        component: c(row, 'LOINCCOMP'),
        general: c(row, 'LOINCGEN'),
        disk: c(row, 'LOINCDISK'),
        mic: c(row, 'LOINCMIC'),
        etest: c(row, 'LOINCETEST'),
        slow: c(row, 'LOINCSLOW'),
        afb: c(row, 'LOINCAFB'),
        sbt: c(row, 'LOINCSBT'),
        mlc: c(row, 'LOINCMLC'),
      },
      dateEntered: c(row, 'DATE_ENTERED'),
      dateModified: c(row, 'DATE_MODIFIED'),
      comments: c(row, 'COMMENTS'),
    };
  });
}
