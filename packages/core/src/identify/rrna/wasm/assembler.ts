/**
 * A very small WebAssembly assembler for the hand-written kernels of this folder: i32 arithmetic,
 * comparisons, loads and stores, locals, structured control flow, calls between the module's own
 * functions, one memory defined and exported by the module. Function bodies are written in the flat
 * (non-folded) WAT instruction syntax:
 *
 *   local.get $i  i32.const 1  i32.add  local.set $i
 *   block $done  loop $next  ...  br_if $done  ...  br $next  end  end
 *   if  ...  else  ...  end
 *   i32.load8_u offset=4      ;; comments run to the end of the line
 *
 * Keeping the source as WAT text in the repository and assembling it at run time (microseconds)
 * needs no toolchain, no build step and no binary blob.
 */

export interface WatFunction {
  name: string;
  params: string[];
  /** true when the function returns one i32. */
  result: boolean;
  locals: string[];
  body: string;
  export?: boolean;
}

export interface WatModule {
  /** Initial memory in 64 KiB pages; the memory is exported as `memory`. */
  memoryPages: number;
  functions: WatFunction[];
}

const I32 = 0x7f;

const SIMPLE: Record<string, number> = {
  unreachable: 0x00,
  nop: 0x01,
  else: 0x05,
  end: 0x0b,
  return: 0x0f,
  drop: 0x1a,
  select: 0x1b,
  'i32.eqz': 0x45,
  'i32.eq': 0x46,
  'i32.ne': 0x47,
  'i32.lt_s': 0x48,
  'i32.lt_u': 0x49,
  'i32.gt_s': 0x4a,
  'i32.gt_u': 0x4b,
  'i32.le_s': 0x4c,
  'i32.le_u': 0x4d,
  'i32.ge_s': 0x4e,
  'i32.ge_u': 0x4f,
  'i32.add': 0x6a,
  'i32.sub': 0x6b,
  'i32.mul': 0x6c,
  'i32.and': 0x71,
  'i32.or': 0x72,
  'i32.xor': 0x73,
  'i32.shl': 0x74,
  'i32.shr_s': 0x75,
  'i32.shr_u': 0x76,
  'i32.popcnt': 0x69,
};

/** Memory instructions and their natural alignment (log2 bytes). */
const MEMORY: Record<string, [number, number]> = {
  'i32.load': [0x28, 2],
  'i32.load8_s': [0x2c, 0],
  'i32.load8_u': [0x2d, 0],
  'i32.load16_u': [0x2f, 1],
  'i32.store': [0x36, 2],
  'i32.store8': [0x3a, 0],
  'i32.store16': [0x3b, 1],
};

function unsigned(value: number, out: number[]): void {
  let v = value >>> 0;
  do {
    const byte = v & 0x7f;
    v >>>= 7;
    out.push(v !== 0 ? byte | 0x80 : byte);
  } while (v !== 0);
}

function signed(value: number, out: number[]): void {
  let v = value | 0;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return;
  }
}

function name(text: string, out: number[]): void {
  const bytes = new TextEncoder().encode(text);
  unsigned(bytes.length, out);
  out.push(...bytes);
}

function section(id: number, content: number[], out: number[]): void {
  out.push(id);
  unsigned(content.length, out);
  out.push(...content);
}

function assembleBody(fn: WatFunction, functionIndex: Map<string, number>): number[] {
  const locals = new Map<string, number>();
  [...fn.params, ...fn.locals].forEach((n, i) => locals.set(n, i));
  const tokens = fn.body
    .replace(/;;[^\n]*/g, ' ')
    .split(/\s+/)
    .filter((t) => t.length > 0);
  const code: number[] = [];
  const labels: (string | null)[] = [];
  const fail = (message: string): never => {
    throw new Error(`wasm assembler, function ${fn.name}: ${message}`);
  };
  const localIndex = (token: string | undefined): number => {
    if (token === undefined) return fail('missing local');
    const index = locals.get(token.replace(/^\$/, ''));
    return index ?? fail(`unknown local ${token}`);
  };
  for (let t = 0; t < tokens.length; t++) {
    const op = tokens[t]!;
    if (op === 'block' || op === 'loop' || op === 'if') {
      code.push(op === 'block' ? 0x02 : op === 'loop' ? 0x03 : 0x04, 0x40);
      const next = tokens[t + 1];
      if (next?.startsWith('$')) {
        labels.push(next.slice(1));
        t++;
      } else labels.push(null);
    } else if (op === 'end') {
      code.push(0x0b);
      if (labels.pop() === undefined) fail('unbalanced end');
    } else if (op === 'br' || op === 'br_if') {
      const label = tokens[++t] ?? fail(`${op} without label`);
      const depth = labels.length - 1 - labels.lastIndexOf(label.replace(/^\$/, ''));
      if (depth >= labels.length) fail(`unknown label ${label}`);
      code.push(op === 'br' ? 0x0c : 0x0d);
      unsigned(depth, code);
    } else if (op === 'local.get' || op === 'local.set' || op === 'local.tee') {
      code.push(op === 'local.get' ? 0x20 : op === 'local.set' ? 0x21 : 0x22);
      unsigned(localIndex(tokens[++t]), code);
    } else if (op === 'i32.const') {
      const value = Number(tokens[++t]);
      if (!Number.isInteger(value)) fail(`bad constant ${tokens[t]}`);
      code.push(0x41);
      signed(value, code);
    } else if (op === 'call') {
      const target = tokens[++t] ?? fail('call without target');
      const index = functionIndex.get(target.replace(/^\$/, '')) ?? fail(`unknown function ${target}`);
      code.push(0x10);
      unsigned(index, code);
    } else if (op in MEMORY) {
      const [opcode, align] = MEMORY[op]!;
      let offset = 0;
      while (tokens[t + 1]?.startsWith('offset=')) offset = Number(tokens[++t]!.slice(7));
      code.push(opcode);
      unsigned(align, code);
      unsigned(offset, code);
    } else if (op in SIMPLE) {
      code.push(SIMPLE[op]!);
    } else {
      fail(`unknown instruction ${op}`);
    }
  }
  if (labels.length !== 0) fail('unclosed block');
  const body: number[] = [];
  if (fn.locals.length > 0) {
    unsigned(1, body);
    unsigned(fn.locals.length, body);
    body.push(I32);
  } else unsigned(0, body);
  body.push(...code, 0x0b);
  const sized: number[] = [];
  unsigned(body.length, sized);
  sized.push(...body);
  return sized;
}

/** Assembles a module to its binary form. */
export function assemble(module: WatModule): Uint8Array {
  const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const functionIndex = new Map(module.functions.map((f, i) => [f.name, i]));

  const types: number[] = [];
  unsigned(module.functions.length, types);
  for (const fn of module.functions) {
    types.push(0x60);
    unsigned(fn.params.length, types);
    for (let i = 0; i < fn.params.length; i++) types.push(I32);
    if (fn.result) types.push(1, I32);
    else types.push(0);
  }
  section(1, types, out);

  const funcs: number[] = [];
  unsigned(module.functions.length, funcs);
  module.functions.forEach((_, i) => unsigned(i, funcs));
  section(3, funcs, out);

  const memory: number[] = [1, 0x00];
  unsigned(module.memoryPages, memory);
  section(5, memory, out);

  const exported = module.functions.filter((f) => f.export !== false);
  const exports: number[] = [];
  unsigned(exported.length + 1, exports);
  name('memory', exports);
  exports.push(0x02, 0);
  for (const fn of exported) {
    name(fn.name, exports);
    exports.push(0x00);
    unsigned(functionIndex.get(fn.name)!, exports);
  }
  section(7, exports, out);

  const bodies: number[] = [];
  unsigned(module.functions.length, bodies);
  for (const fn of module.functions) bodies.push(...assembleBody(fn, functionIndex));
  section(10, bodies, out);
  return Uint8Array.from(out);
}
