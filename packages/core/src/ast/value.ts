import type { ParsedValue, Qualifier, TestMethod } from './types';

/**
 * Reading a value the way a lab writes it: "16", "<=0.25", "≤0.25", "＞32",
 * ">= 8", "=2", "0,5", "< 0.5", "2/38" (trimethoprim/sulfamethoxazole: the
 * trimethoprim part is the one breakpoints use), "16 mg/L", "19 mm".
 */

export type ValueUnit = 'mg/L' | 'mm';

export type ValueParse =
  | { ok: true; value: ParsedValue; unit: ValueUnit | null; combination: boolean }
  | { ok: false; problem: 'empty' | 'not-a-number' | 'negative' | 'unit' };

const QUALIFIER_SPELLINGS: ReadonlyArray<[RegExp, Qualifier]> = [
  [/^(<=|=<|≤|≦|⩽)/, '<='],
  [/^(>=|=>|≥|≧|⩾)/, '>='],
  [/^</, '<'],
  [/^>/, '>'],
  [/^=/, '='],
];

const UNITS: ReadonlyArray<[RegExp, ValueUnit]> = [
  [/(mg\/l|µg\/ml|μg\/ml|ug\/ml|mcg\/ml)$/i, 'mg/L'],
  [/mm$/i, 'mm'],
];

const DISPLAY: Record<Qualifier, string> = { '<': '<', '<=': '≤', '=': '', '>=': '≥', '>': '>' };

/** Shortest faithful text for a number (0.25, 16, 0.0625). */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
}

export function displayValue(qualifier: Qualifier, value: number): string {
  return `${DISPLAY[qualifier]}${formatNumber(value)}`;
}

/**
 * A decimal comma ("0,5") is read as a point. "1,024" (one comma, three digits after,
 * a non-zero integer part) is read as a thousands separator, as labs write 1,024 mg/L.
 */
function readNumber(text: string): number | null {
  let digits = text;
  if (/^\d{1,3},\d{3}$/.test(digits) && !digits.startsWith('0')) digits = digits.replace(',', '');
  else if (/^\d*,\d+$/.test(digits)) digits = digits.replace(',', '.');
  if (!/^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isFinite(value) ? value : null;
}

const parsedValues = new Map<string, ValueParse>();

/**
 * Parses a value; results for the same text are shared (and frozen), as labs write
 * the same few values over and over.
 */
export function parseLabValue(input: string | number | null | undefined): ValueParse {
  if (typeof input !== 'string') return readLabValue(input);
  let parsed = parsedValues.get(input);
  if (!parsed) {
    parsed = readLabValue(input);
    if (parsed.ok) Object.freeze(parsed.value);
    Object.freeze(parsed);
    if (parsedValues.size >= 100_000) parsedValues.clear();
    parsedValues.set(input, parsed);
  }
  return parsed;
}

function readLabValue(input: string | number | null | undefined): ValueParse {
  if (input === null || input === undefined) return { ok: false, problem: 'empty' };
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, problem: 'not-a-number' };
    return {
      ok: true,
      value: { raw: String(input), qualifier: '=', value: input, display: displayValue('=', input) },
      unit: null,
      combination: false,
    };
  }
  const raw = input;
  // NFKC turns full-width digits and signs (＜１６) into ASCII; plain ASCII skips it
  // Spaces may stand between a sign and the number or the number and its unit ("≥ 32",
  // "16 mg/L"), never inside the number: "16 16" is two numbers, not 1616.
  let text = (/[^\x21-\x7e]/.test(raw) ? raw.normalize('NFKC') : raw).trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (text.startsWith('-')) return { ok: false, problem: 'negative' };

  let qualifier: Qualifier = '=';
  for (const [pattern, q] of QUALIFIER_SPELLINGS) {
    const match = pattern.exec(text);
    if (match) {
      qualifier = q;
      text = text.slice(match[0].length).trimStart();
      if (text.startsWith('-')) return { ok: false, problem: 'negative' };
      break;
    }
  }
  let unit: ValueUnit | null = null;
  for (const [pattern, u] of UNITS) {
    const match = pattern.exec(text);
    if (match) {
      unit = u;
      text = text.slice(0, text.length - match[0].length).trimEnd();
      break;
    }
  }
  if (/\s/.test(text)) return { ok: false, problem: 'not-a-number' };
  let combination = false;
  const slash = text.indexOf('/');
  if (slash >= 0) {
    const second = readNumber(text.slice(slash + 1));
    if (second === null) return { ok: false, problem: 'not-a-number' };
    combination = true;
    text = text.slice(0, slash);
  }
  const value = readNumber(text);
  if (value === null) return { ok: false, problem: 'not-a-number' };
  return { ok: true, value: { raw, qualifier, value, display: displayValue(qualifier, value) }, unit, combination };
}

/** Valid measuring ranges: outside them the value is a typing error, not a result. */
export const VALID_RANGE: Readonly<Record<TestMethod, { min: number; max: number }>> = {
  MIC: { min: 0.0001, max: 2048 },
  DISK: { min: 6, max: 80 },
};

export function inValidRange(method: TestMethod, value: number): boolean {
  const range = VALID_RANGE[method];
  return value >= range.min && value <= range.max;
}
