import type { BreakpointNotation } from '@mdc/contracts';
import type { Localized } from './types';

/**
 * Every sentence the engine says, in both languages, as templates with {named}
 * slots. A slot value may itself be localized (a category label, a group name).
 */
export const MESSAGES = {
  // a value compared with a breakpoint row, and the category that follows
  'interpreted.mic.S': {
    en: 'MIC {value} mg/L ≤ S breakpoint {s} ({source}) → {category}',
    zh: 'MIC {value} mg/L ≤ 敏感折点 {s}（{source}）→ {category}',
  },
  'interpreted.mic.R': {
    en: 'MIC {value} mg/L {op} R breakpoint {r} ({source}) → {category}',
    zh: 'MIC {value} mg/L {op} 耐药折点 {r}（{source}）→ {category}',
  },
  'interpreted.mic.between': {
    en: 'S breakpoint {s} < MIC {value} mg/L {op} R breakpoint {r} ({source}) → {category}',
    zh: '敏感折点 {s} < MIC {value} mg/L {op} 耐药折点 {r}（{source}）→ {category}',
  },
  'interpreted.mic.noS': {
    en: 'MIC {value} mg/L {op} R breakpoint {r}, and the guideline has no S category ({source}) → {category}',
    zh: 'MIC {value} mg/L {op} 耐药折点 {r}，该指南无敏感分类（{source}）→ {category}',
  },
  'interpreted.mic.NS': {
    en: 'MIC {value} mg/L > S breakpoint {s}, no R breakpoint ({source}) → {category}',
    zh: 'MIC {value} mg/L > 敏感折点 {s}，无耐药折点（{source}）→ {category}',
  },
  'interpreted.mic.WT': {
    en: 'MIC {value} mg/L ≤ ECOFF {ecoff} ({source}) → {category}',
    zh: 'MIC {value} mg/L ≤ 流行病学折点(ECOFF) {ecoff}（{source}）→ {category}',
  },
  'interpreted.mic.NWT': {
    en: 'MIC {value} mg/L > ECOFF {ecoff} ({source}) → {category}',
    zh: 'MIC {value} mg/L > 流行病学折点(ECOFF) {ecoff}（{source}）→ {category}',
  },
  'interpreted.disk.S': {
    en: 'zone {value} mm ≥ S breakpoint {s} ({source}) → {category}',
    zh: '抑菌圈直径 {value} mm ≥ 敏感折点 {s}（{source}）→ {category}',
  },
  'interpreted.disk.R': {
    en: 'zone {value} mm {op} R breakpoint {r} ({source}) → {category}',
    zh: '抑菌圈直径 {value} mm {op} 耐药折点 {r}（{source}）→ {category}',
  },
  'interpreted.disk.between': {
    en: 'R breakpoint {r} {op} zone {value} mm < S breakpoint {s} ({source}) → {category}',
    zh: '耐药折点 {r} {op} 抑菌圈直径 {value} mm < 敏感折点 {s}（{source}）→ {category}',
  },
  'interpreted.disk.NS': {
    en: 'zone {value} mm < S breakpoint {s}, no R breakpoint ({source}) → {category}',
    zh: '抑菌圈直径 {value} mm < 敏感折点 {s}，无耐药折点（{source}）→ {category}',
  },
  'interpreted.disk.WT': {
    en: 'zone {value} mm ≥ ECOFF {ecoff} ({source}) → {category}',
    zh: '抑菌圈直径 {value} mm ≥ 流行病学折点(ECOFF) {ecoff}（{source}）→ {category}',
  },
  'interpreted.disk.NWT': {
    en: 'zone {value} mm < ECOFF {ecoff} ({source}) → {category}',
    zh: '抑菌圈直径 {value} mm < 流行病学折点(ECOFF) {ecoff}（{source}）→ {category}',
  },
  'measure.mic': { en: 'MIC {value} mg/L', zh: 'MIC {value} mg/L' },
  'measure.disk': { en: 'zone {value} mm', zh: '抑菌圈直径 {value} mm' },
  source: { en: '{guideline} {year}, {group}', zh: '{guideline} {year}，{group}' },
  'source.site': { en: '{guideline} {year}, {group}, {site}', zh: '{guideline} {year}，{group}，{site}' },

  // results
  'result.spans': {
    en: '{measure} may be {from} or {to} (S {s}, R {r}; {source}) → not interpretable, {category}',
    zh: '{measure} 可能为{from}或{to}（敏感折点 {s}，耐药折点 {r}；{source}）→ {category}',
  },
  'result.undecided': {
    en: '{measure}: the breakpoint row gives only R {r} and the value is below it ({source}) → {category}',
    zh: '{measure}：该折点仅给出耐药折点 {r}，数值低于该折点（{source}）→ {category}',
  },
  'result.expected': {
    en: '{organism} is expected to be resistant to {antibiotic} (intrinsic resistance, {guideline} expected resistant phenotypes: {table}) → {category}',
    zh: '{organism}对{antibiotic}天然耐药（{guideline} 预期耐药表型：{table}）→ {category}',
  },
  'result.noBreakpoint.antibiotic': {
    en: 'no breakpoint: {guideline} {year} has no {type} breakpoints for {antibiotic}',
    zh: '无折点：{guideline} {year} 未给出{antibiotic}的{type}折点',
  },
  'result.noBreakpoint.method': {
    en: 'no breakpoint: {guideline} {year} has no {method} breakpoints for {antibiotic} (only {other})',
    zh: '无折点：{guideline} {year} 未给出{antibiotic}的{method}折点（仅有{other}折点）',
  },
  'result.noBreakpoint.organism': {
    en: 'no breakpoint: {guideline} {year} has no {method} breakpoint for {antibiotic} in {organism} or its groups',
    zh: '无折点：{guideline} {year} 未给出{organism}（及其所属菌群）对{antibiotic}的{method}折点',
  },
  'result.ecoffOnly': {
    en: 'no clinical breakpoint: {guideline} {year} gives only an ECOFF of {ecoff} for {antibiotic} in {group}; {measure} is {wt}',
    zh: '无临床折点：{guideline} {year} 仅给出{group}对{antibiotic}的流行病学折点(ECOFF) {ecoff}；{measure} 为{wt}',
  },
  'result.noBreakpoint.site': {
    en: 'no breakpoint for {site}: {guideline} {year} gives {method} breakpoints for {antibiotic} in {group} only for {sites} ({rows}); report the {measure} without a category, or test an agent with a breakpoint for this site',
    zh: '无适用于{site}的折点：{guideline} {year} 对{group}的{antibiotic}仅给出用于{sites}的{method}折点（{rows}）；请仅报告{measure}、不给出分类，或改测对该部位有折点的药物',
  },
  'result.emptyRow': {
    en: 'no breakpoint: {guideline} {year} lists {antibiotic} for {group} without breakpoint values (testing not recommended or insufficient evidence)',
    zh: '无折点：{guideline} {year} 列出{group}对{antibiotic}但未给出折点值（不推荐检测或证据不足）',
  },

  // input errors
  'error.wrongMic': {
    en: 'wrong MIC: "{raw}" is not an MIC between 0.0001 and 2048 mg/L; not interpreted',
    zh: 'MIC 错误："{raw}" 不是 0.0001–2048 mg/L 范围内的 MIC 值，未判读',
  },
  'error.wrongZone': {
    en: 'wrong zone diameter: "{raw}" is not a zone diameter between 6 and 80 mm; not interpreted',
    zh: '抑菌圈直径错误："{raw}" 不是 6–80 mm 范围内的抑菌圈直径，未判读',
  },
  'error.wrongMic.notNumber': {
    en: 'wrong MIC: "{raw}" is not a number (a space or text inside a value is not read as another number); not interpreted',
    zh: 'MIC 错误："{raw}" 不是数字（数值中间有空格或文字时不会被读成另一个数）；未判读',
  },
  'error.wrongMic.negative': {
    en: 'wrong MIC: "{raw}" is negative; an MIC is a concentration above 0; not interpreted',
    zh: 'MIC 错误："{raw}" 是负数，MIC 是大于 0 的浓度；未判读',
  },
  'error.wrongMic.unit': {
    en: 'wrong MIC: "{raw}" has a unit that is not mg/L; not interpreted',
    zh: 'MIC 错误："{raw}" 的单位不是 mg/L；未判读',
  },
  'error.wrongMic.range': {
    en: 'wrong MIC: "{raw}" is outside the dilution range 0.0001–2048 mg/L; not interpreted',
    zh: 'MIC 错误："{raw}" 超出稀释范围 0.0001–2048 mg/L；未判读',
  },
  'error.wrongZone.notNumber': {
    en: 'wrong zone diameter: "{raw}" is not a number (a space or text inside a value is not read as another number); not interpreted',
    zh: '抑菌圈直径错误："{raw}" 不是数字（数值中间有空格或文字时不会被读成另一个数）；未判读',
  },
  'error.wrongZone.negative': {
    en: 'wrong zone diameter: "{raw}" is negative; not interpreted',
    zh: '抑菌圈直径错误："{raw}" 是负数；未判读',
  },
  'error.wrongZone.unit': {
    en: 'wrong zone diameter: "{raw}" has a unit that is not mm; not interpreted',
    zh: '抑菌圈直径错误："{raw}" 的单位不是 mm；未判读',
  },
  'error.wrongZone.range': {
    en: 'wrong zone diameter: "{raw}" is outside 6–80 mm; not interpreted',
    zh: '抑菌圈直径错误："{raw}" 超出 6–80 mm；未判读',
  },
  'error.potency': {
    en: 'disk content {given} does not match the breakpoint disk {expected} ({source}); not interpreted',
    zh: '纸片含量 {given} 与折点所用纸片 {expected} 不符（{source}），未判读',
  },
  'error.organism': { en: 'unknown organism "{input}"', zh: '无法识别的菌种 "{input}"' },
  'error.antibiotic': { en: 'unknown antibiotic "{input}"', zh: '无法识别的抗菌药物 "{input}"' },
  'error.method': {
    en: 'unknown test method "{input}" (use MIC or DISK)',
    zh: '无法识别的检测方法 "{input}"（应为 MIC 或 纸片扩散法 DISK）',
  },
  'error.guideline': {
    en: 'unknown guideline "{input}" (available: {available})',
    zh: '无法识别的判读标准 "{input}"（可用：{available}）',
  },
  'error.year': {
    en: '{guideline} {year} {type} breakpoints are not available (years: {available})',
    zh: '没有 {guideline} {year} 的{type}折点（可用年份：{available}）',
  },

  // notes
  'note.rounded.mic': {
    en: 'MIC {from} mg/L lies between two-fold dilutions and is read as the next dilution up, {to} mg/L',
    zh: 'MIC {from} mg/L 不在倍比稀释系列上，按上一个稀释度 {to} mg/L 判读',
  },
  'note.rounded.disk': {
    en: 'zone {from} mm is read as {to} mm (whole millimetres)',
    zh: '抑菌圈直径 {from} mm 按整毫米 {to} mm 判读',
  },
  'note.combination': {
    en: 'only the first component of "{raw}" is interpreted, as breakpoints are given for it',
    zh: '仅判读 "{raw}" 的第一个组分（折点以该组分表示）',
  },
  'note.site.general': {
    en: 'no breakpoint specific to {site}; the general (not site-specific) breakpoint is used',
    zh: '无{site}专用折点，采用通用（非部位特异性）折点',
  },
  'note.site.systemic': {
    en: 'only site-specific breakpoints exist; the {used} breakpoint is used',
    zh: '仅有部位特异性折点，采用{used}折点',
  },
  'note.site.deferred': {
    en: 'the breakpoint for {narrow} applies to {skipped} only; the {group} breakpoint is used',
    zh: '{narrow}的折点仅适用于{skipped}，采用{group}折点',
  },
  'note.site.only': {
    en: 'site of infection not given: the only breakpoint is for {used} and is used; it applies to {used} only — for an isolate from another site there is no breakpoint (report without a category)',
    zh: '未给出感染部位：仅有{used}折点，已采用；该折点仅适用于{used}——其他部位的分离株无折点（仅报告测定值，不给出分类）',
  },
  'note.site.applicable': {
    en: 'no breakpoint specific to {site}; the {used} breakpoint holds for it and is used',
    zh: '无{site}专用折点，采用同样适用的{used}折点',
  },
  'note.site.unknown': {
    en: 'site of infection "{input}" is not recognised and was ignored',
    zh: '无法识别的感染部位 "{input}"，已忽略',
  },
  'note.pkpd': {
    en: 'PK/PD (non-species-related) breakpoint: no organism-specific breakpoint exists',
    zh: '采用 PK/PD（非菌种相关）折点：无菌种特异性折点',
  },
  'note.screen': { en: 'screening breakpoint', zh: '筛查折点' },
  'note.fuzzyOrganism': {
    en: 'organism "{input}" was read as {name} (similar spelling)',
    zh: '菌种 "{input}" 按近似拼写识别为 {name}',
  },
  'note.sdd': {
    en: 'SDD — susceptible-dose dependent: susceptibility depends on the dosing regimen; a higher dose or more frequent dosing than the standard one is needed (CLSI)',
    zh: 'SDD——剂量依赖性敏感：敏感性取决于给药方案，需要高于标准剂量或更频繁给药（CLSI）',
  },
  'note.eucastI': {
    en: 'I — susceptible, increased exposure: likely to respond when exposure is increased by the dose or the concentration at the site (EUCAST)',
    zh: 'I——敏感，增加暴露：增加剂量或感染部位浓度时治疗可能有效（EUCAST）',
  },
  'note.eucastIDose': {
    en: 'I — susceptible, increased exposure: the breakpoint assumes the high dose {dose} (EUCAST breakpoint tables v{version}, dosages)',
    zh: 'I——敏感，增加暴露：该折点以高剂量 {dose} 为前提（EUCAST 折点表 v{version} 剂量表）',
  },
  'note.ambiguousCode': {
    en: '"{input}" names two drugs ({other} in WHONET, {chosen} elsewhere): read as {chosen}, the one with a breakpoint for {organism}',
    zh: '"{input}" 可指两种药物（WHONET 中为 {other}，其他系统中为 {chosen}）：按 {chosen} 判读，因其有 {organism} 的折点',
  },
  'note.fuzzyAntibiotic': {
    en: 'antibiotic "{input}" was read as {name} (similar spelling)',
    zh: '抗菌药物 "{input}" 按近似拼写识别为 {name}',
  },
  'note.expectedWithBreakpoint': {
    en: 'the measured value is not used: expected resistance overrides breakpoints',
    zh: '未采用实测值：天然耐药优先于折点判读',
  },

  // expert rules
  'rule.whonet': {
    en: 'WHONET expert rule {rule} ({description}): {antibiotic} {from} → {to}',
    zh: 'WHONET 专家规则 {rule}（{description}）：{antibiotic} {from} → {to}',
  },
  'rule.eucast': {
    en: 'EUCAST {group} {version} ({reference}): {antibiotic} {from} → {to}',
    zh: 'EUCAST {group} {version}（{reference}）：{antibiotic} {from} → {to}',
  },
  'rule.eucast.kept': {
    en: 'EUCAST {group} {version} ({reference}) infers {to} for {antibiotic}, but the measured result is {from}; the measured result is kept — please review',
    zh: 'EUCAST {group} {version}（{reference}）推断{antibiotic}为{to}，但实测结果为{from}；保留实测结果，请复核',
  },
  'rule.eucast.note': {
    en: 'EUCAST {group} {version} ({reference}): {note}',
    zh: 'EUCAST {group} {version}（{reference}）：{note}',
  },
  'rule.notReported': { en: 'not to be reported', zh: '不报告' },
  'rule.untested': { en: 'not tested', zh: '未检测' },
  'rule.uninterpreted': { en: 'no category', zh: '未判读' },
} as const satisfies Record<string, Localized>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParam = string | number | Localized;

/** A template cut at its slots once: literal parts around slot names. */
interface Compiled {
  parts: string[];
  slots: string[];
}

function compile(template: string): Compiled {
  const parts: string[] = [];
  const slots: string[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    parts.push(template.slice(last, match.index));
    slots.push(match[1]!);
    last = match.index! + match[0].length;
  }
  parts.push(template.slice(last));
  return { parts, slots };
}

const COMPILED = new Map<MessageKey, { en: Compiled; zh: Compiled }>();
for (const key of Object.keys(MESSAGES) as MessageKey[]) {
  COMPILED.set(key, { en: compile(MESSAGES[key].en), zh: compile(MESSAGES[key].zh) });
}

function fill(template: Compiled, params: Readonly<Record<string, MessageParam>>, lang: keyof Localized): string {
  let out = template.parts[0]!;
  for (let i = 0; i < template.slots.length; i++) {
    const name = template.slots[i]!;
    const value = params[name];
    out += value === undefined ? `{${name}}` : typeof value === 'object' ? value[lang] : String(value);
    out += template.parts[i + 1]!;
  }
  return out;
}

export function message(key: MessageKey, params: Readonly<Record<string, MessageParam>> = {}): Localized {
  const compiled = COMPILED.get(key)!;
  return { en: fill(compiled.en, params, 'en'), zh: fill(compiled.zh, params, 'zh') };
}

type InterpretedKey = Extract<MessageKey, `interpreted.${string}`>;

function interpretedSlot(name: string, lang: keyof Localized, value: string, s: string, r: string, ecoff: string, source: Localized, category: Localized, op: string): string {
  switch (name) {
    case 'value':
      return value;
    case 'op':
      return op;
    case 's':
      return s;
    case 'r':
      return r;
    case 'ecoff':
      return ecoff;
    case 'source':
      return source[lang];
    case 'category':
      return category[lang];
    default:
      return `{${name}}`;
  }
}

function fillInterpreted(template: Compiled, lang: keyof Localized, value: string, s: string, r: string, ecoff: string, source: Localized, category: Localized, op: string): string {
  let out = template.parts[0]!;
  for (let i = 0; i < template.slots.length; i++) {
    out += interpretedSlot(template.slots[i]!, lang, value, s, r, ecoff, source, category, op) + template.parts[i + 1]!;
  }
  return out;
}

/**
 * The sentence for a value compared with a breakpoint, built without a parameter
 * object: it is written once for nearly every result.
 */
export function interpretedMessage(
  key: InterpretedKey,
  value: string,
  s: string,
  r: string,
  ecoff: string,
  source: Localized,
  category: Localized,
  notation: BreakpointNotation = 'clsi',
): Localized {
  const compiled = COMPILED.get(key)!;
  const op = resistantOperator(key, notation);
  return {
    en: fillInterpreted(compiled.en, 'en', value, s, r, ecoff, source, category, op),
    zh: fillInterpreted(compiled.zh, 'zh', value, s, r, ecoff, source, category, op),
  };
}

/**
 * How a value compares with the R breakpoint as the guideline prints it: CLSI MIC ≥ R 16, EUCAST
 * MIC > R 8 (the same row); between S and R, CLSI MIC < R 16, EUCAST MIC ≤ R 8. Disks mirror it.
 */
export function resistantOperator(key: InterpretedKey, notation: BreakpointNotation): string {
  const eucast = notation === 'eucast';
  if (key === 'interpreted.mic.R') return eucast ? '>' : '≥';
  if (key === 'interpreted.disk.R') return eucast ? '<' : '≤';
  return eucast ? '≤' : '<';
}

export function same(text: string): Localized {
  return { en: text, zh: text };
}
