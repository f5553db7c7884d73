import type { BreakpointType, TestMethod } from './types';

/** Words labs use for the two test methods, in English and Chinese. */
const METHOD_SPELLINGS: ReadonlyArray<[TestMethod, string[]]> = [
  [
    'MIC',
    [
      'mic',
      'mics',
      'etest',
      'e-test',
      'gradient',
      'gradient strip',
      'broth',
      'broth microdilution',
      'bmd',
      'agar dilution',
      'dilution',
      'mg/l',
      '最低抑菌浓度',
      '最小抑菌浓度',
      '稀释法',
      '肉汤稀释法',
      'e试验',
    ],
  ],
  [
    'DISK',
    [
      'disk',
      'disc',
      'disk diffusion',
      'disc diffusion',
      'zone',
      'zone diameter',
      'kb',
      'k-b',
      'kirby-bauer',
      'mm',
      '纸片',
      '纸片法',
      '纸片扩散',
      '纸片扩散法',
      '抑菌圈',
      '抑菌圈直径',
    ],
  ],
];

const BY_SPELLING = new Map<string, TestMethod>();
for (const [method, spellings] of METHOD_SPELLINGS) for (const s of spellings) BY_SPELLING.set(s, method);

const seen = new Map<string, TestMethod | null>();

export function normalizeMethod(text: string | null | undefined): TestMethod | null {
  if (text === null || text === undefined) return null;
  let method = seen.get(text);
  if (method === undefined) {
    method = BY_SPELLING.get(text.normalize('NFKC').trim().toLowerCase()) ?? null;
    if (seen.size < 10_000) seen.set(text, method);
  }
  return method;
}

export function normalizeBreakpointType(text: string | null | undefined): BreakpointType | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const t = text.trim().toLowerCase();
  if (t === 'human' || t === 'clinical' || t === '临床') return 'Human';
  if (t === 'ecoff' || t === 'ecv' || t === 'epidemiological' || t === '流行病学') return 'ECOFF';
  if (t === 'animal' || t === 'veterinary' || t === '兽医') return 'Animal';
  return null;
}
