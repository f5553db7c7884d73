import type { AstCategory } from './types';

/**
 * WHONET expert-rule criteria: comparisons joined by AND / OR (AND binds tighter),
 * with optional NOT and parentheses.
 *
 *   ESBL=+ OR X_BLEE=p
 *   CEPH3=R
 *   BETA_LACT=- AND AMP=NS
 *
 * The left side is a drug code (AMP), an antibiotic class (CEPH3, Penicillins) or
 * an isolate test (ESBL, BETA_LACT, MECA_PCR). The right side is a category
 * (S, I, R, SDD, NS = not susceptible) or a test result (+, -, p…).
 */

export type Criteria =
  | { kind: 'or'; items: Criteria[] }
  | { kind: 'and'; items: Criteria[] }
  | { kind: 'not'; item: Criteria }
  | { kind: 'compare'; name: string; negated: boolean; value: string };

export class CriteriaSyntaxError extends Error {
  constructor(
    readonly criteria: string,
    readonly position: number,
    problem: string,
  ) {
    super(`criteria "${criteria}", at ${position + 1}: ${problem}`);
    this.name = 'CriteriaSyntaxError';
  }
}

type Token =
  | { type: 'open' | 'close' | 'and' | 'or' | 'not'; at: number }
  | { type: 'compare'; at: number; name: string; negated: boolean; value: string };

const TOKEN = /\s*(?:(\()|(\))|(AND)(?![\w=])|(OR)(?![\w=])|(NOT)(?![\w=])|([A-Za-z0-9_+-]+)\s*(=|!=|<>)\s*([^\s()]+))/iy;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (text.slice(at).trim() === '') break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) throw new CriteriaSyntaxError(text, at, 'expected NAME=VALUE, AND, OR, NOT or a parenthesis');
    const start = at + (m[0].length - m[0].trimStart().length);
    if (m[1]) tokens.push({ type: 'open', at: start });
    else if (m[2]) tokens.push({ type: 'close', at: start });
    else if (m[3]) tokens.push({ type: 'and', at: start });
    else if (m[4]) tokens.push({ type: 'or', at: start });
    else if (m[5]) tokens.push({ type: 'not', at: start });
    else tokens.push({ type: 'compare', at: start, name: m[6]!, negated: m[7] !== '=', value: m[8]! });
    at = TOKEN.lastIndex;
  }
  return tokens;
}

export function parseCriteria(text: string): Criteria {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const fail = (problem: string): never => {
    throw new CriteriaSyntaxError(text, tokens[i]?.at ?? text.length, problem);
  };

  function expression(): Criteria {
    const items = [conjunction()];
    while (peek()?.type === 'or') {
      i++;
      items.push(conjunction());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  }
  function conjunction(): Criteria {
    const items = [factor()];
    while (peek()?.type === 'and') {
      i++;
      items.push(factor());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  }
  function factor(): Criteria {
    const token = peek();
    if (!token) return fail('the criteria end too early');
    if (token.type === 'not') {
      i++;
      return { kind: 'not', item: factor() };
    }
    if (token.type === 'open') {
      i++;
      const inner = expression();
      if (peek()?.type !== 'close') fail('a closing parenthesis is missing');
      i++;
      return inner;
    }
    if (token.type === 'compare') {
      i++;
      return { kind: 'compare', name: token.name, negated: token.negated, value: token.value };
    }
    return fail(`unexpected ${token.type.toUpperCase()}`);
  }

  if (tokens.length === 0) throw new CriteriaSyntaxError(text, 0, 'the criteria are empty');
  const tree = expression();
  if (i < tokens.length) fail('unexpected text after the criteria');
  return tree;
}

/** What the evaluator needs to know about the isolate. */
export interface CriteriaContext {
  /** Category of a tested drug (most resistant across its results), null when untested; undefined when not a drug code. */
  drugCategory(name: string): AstCategory | null | undefined;
  /** Categories of the tested drugs of a class, undefined when the name is not a class. */
  classCategories(name: string): readonly AstCategory[] | undefined;
  /** An isolate test result (ESBL "+"), undefined when absent. */
  test(name: string): string | undefined;
}

const POSITIVE = new Set(['+', 'p', 'pos', 'positive', 'y', 'yes', 'true', '1', '阳性']);
const NEGATIVE = new Set(['-', 'n', 'neg', 'negative', 'no', 'false', '0', '阴性']);

export function testPolarity(value: string): '+' | '-' | null {
  const v = value.trim().toLowerCase();
  if (POSITIVE.has(v)) return '+';
  if (NEGATIVE.has(v)) return '-';
  return null;
}

/** Does a category satisfy a criteria value? NS (not susceptible) is I, R or NS. */
export function categoryMatches(category: AstCategory, wanted: string): boolean {
  const w = wanted.toUpperCase();
  if (w === 'NS') return category === 'I' || category === 'R' || category === 'NS';
  return category === w;
}

function compare(node: Extract<Criteria, { kind: 'compare' }>, context: CriteriaContext): boolean {
  const drug = context.drugCategory(node.name);
  let holds: boolean;
  if (drug !== undefined) {
    if (drug === null) return false;
    holds = categoryMatches(drug, node.value);
  } else {
    const categories = context.classCategories(node.name);
    if (categories !== undefined) {
      if (categories.length === 0) return false;
      holds = categories.some((c) => categoryMatches(c, node.value));
    } else {
      const test = context.test(node.name);
      if (test === undefined || test.trim() === '') return false;
      const wanted = testPolarity(node.value);
      const actual = testPolarity(test);
      holds = wanted !== null && actual !== null ? wanted === actual : test.trim().toLowerCase() === node.value.toLowerCase();
    }
  }
  return node.negated ? !holds : holds;
}

export function evaluateCriteria(criteria: Criteria, context: CriteriaContext): boolean {
  switch (criteria.kind) {
    case 'or':
      return criteria.items.some((item) => evaluateCriteria(item, context));
    case 'and':
      return criteria.items.every((item) => evaluateCriteria(item, context));
    case 'not':
      return !evaluateCriteria(criteria.item, context);
    case 'compare':
      return compare(criteria, context);
  }
}
