import type { WatModule } from './assembler';
import { instantiate, type WasmMemory } from './instance';

/**
 * The alignment kernels in WebAssembly, hand-written WAT. They mirror `alignExact` (matrix fill)
 * and `SemiGlobalAligner.align` (word scan) in ../align.ts line by line; the JavaScript versions
 * stay as the reference and the fallback, and tests check both give the same alignments.
 *
 * Why: a fresh process (a CLI run, a new worker) spends its first few hundred milliseconds of
 * searching in V8's interpreter before the optimising compiler catches up, more so on a busy
 * machine where its background compile threads wait. WebAssembly is compiled on first call, on
 * the calling thread, to reasonable machine code.
 *
 * Memory: addresses are byte offsets chosen by the caller (see WasmAligner); i32 arrays are
 * 4-byte aligned. NEG is the "minus infinity" of the matrix, as in align.ts.
 */
const NEG = -0x3fffffff;

const initRow = {
  name: 'initRow',
  // Row 0 of the matrix: H (free start: 0, else the gap cost) inside the band, NEG outside; F all NEG.
  params: ['hPtr', 'fPtr', 'cols', 'dLo', 'dHi', 'freeStart', 'gapOpen', 'gapExtend'],
  result: false,
  locals: ['j', 'v'],
  body: `
    i32.const 0 local.set $j
    block $done
      loop $next
        local.get $j local.get $cols i32.const 1 i32.add i32.gt_s br_if $done
        i32.const ${NEG} local.set $v
        local.get $j local.get $dHi i32.le_s
        local.get $j local.get $dLo i32.ge_s
        i32.and
        if
          i32.const 0 local.set $v
          local.get $j i32.eqz local.get $freeStart i32.or i32.eqz
          if
            i32.const 0 local.get $gapOpen local.get $j local.get $gapExtend i32.mul i32.add i32.sub local.set $v
          end
        end
        local.get $hPtr local.get $j i32.const 2 i32.shl i32.add local.get $v i32.store
        local.get $fPtr local.get $j i32.const 2 i32.shl i32.add i32.const ${NEG} i32.store
        local.get $j i32.const 1 i32.add local.set $j
        br $next
      end
    end`,
};

const fillRows = {
  name: 'fillRows',
  // Rows 1..rows of the banded Gotoh matrix; trace byte per cell as in alignExact.
  params: ['qAddr', 'rows', 'rAddr', 'cols', 'dLo', 'dHi', 'width', 'hPtr', 'fPtr', 'tPtr', 'psPtr', 'gapOpen', 'gapExtend'],
  result: false,
  locals: ['oe', 'i', 'j', 'jLo', 'jHi', 'qcode', 'rowBase', 'diag', 'hLeft', 'eLeft', 'hAddr', 'fAddr', 'up', 'fOpen', 'fExt', 'fij', 'eOpen', 'eExt', 'eij', 'best', 'tb'],
  body: `
    local.get $gapOpen local.get $gapExtend i32.add local.set $oe
    i32.const 1 local.set $i
    block $rowsDone
      loop $row
        local.get $i local.get $rows i32.gt_s br_if $rowsDone
        local.get $qAddr local.get $i i32.add i32.const 1 i32.sub i32.load8_u
        i32.const 4 i32.shl local.set $qcode
        local.get $i local.get $width i32.mul local.get $i i32.sub local.get $dLo i32.sub local.get $tPtr i32.add local.set $rowBase
        local.get $i local.get $dLo i32.add local.set $jLo
        local.get $i local.get $dHi i32.add local.tee $jHi
        local.get $cols
        local.get $jHi local.get $cols i32.lt_s
        select local.set $jHi
        local.get $jLo i32.const 0 i32.le_s
        if
          local.get $hPtr i32.load local.set $diag
          i32.const 0 local.get $gapOpen local.get $i local.get $gapExtend i32.mul i32.add i32.sub local.set $hLeft
          local.get $hPtr local.get $hLeft i32.store
          i32.const 1 local.set $jLo
        else
          local.get $hPtr local.get $jLo i32.const 1 i32.sub i32.const 2 i32.shl i32.add i32.load local.set $diag
          i32.const ${NEG} local.set $hLeft
        end
        i32.const ${NEG} local.set $eLeft
        local.get $jLo local.set $j
        block $colsDone
          loop $col
            local.get $j local.get $jHi i32.gt_s br_if $colsDone
            local.get $hPtr local.get $j i32.const 2 i32.shl i32.add local.set $hAddr
            local.get $fPtr local.get $j i32.const 2 i32.shl i32.add local.set $fAddr
            local.get $hAddr i32.load local.set $up
            local.get $up local.get $oe i32.sub local.set $fOpen
            local.get $fAddr i32.load local.get $gapExtend i32.sub local.set $fExt
            i32.const 0 local.set $tb
            local.get $fExt local.get $fOpen i32.gt_s
            if
              local.get $fExt local.set $fij
              i32.const 8 local.set $tb
            else
              local.get $fOpen local.set $fij
            end
            local.get $hLeft local.get $oe i32.sub local.set $eOpen
            local.get $eLeft local.get $gapExtend i32.sub local.set $eExt
            local.get $eExt local.get $eOpen i32.gt_s
            if
              local.get $eExt local.set $eij
              local.get $tb i32.const 4 i32.or local.set $tb
            else
              local.get $eOpen local.set $eij
            end
            local.get $diag
            local.get $psPtr
            local.get $qcode
            local.get $rAddr local.get $j i32.add i32.const 1 i32.sub i32.load8_u
            i32.or i32.const 2 i32.shl i32.add i32.load
            i32.add local.set $best
            local.get $fij local.get $best i32.gt_s
            if
              local.get $fij local.set $best
              local.get $tb i32.const 12 i32.and i32.const 2 i32.or local.set $tb
            end
            local.get $eij local.get $best i32.gt_s
            if
              local.get $eij local.set $best
              local.get $tb i32.const 12 i32.and i32.const 1 i32.or local.set $tb
            end
            local.get $rowBase local.get $j i32.add local.get $tb i32.store8
            local.get $up local.set $diag
            local.get $hAddr local.get $best i32.store
            local.get $fAddr local.get $fij i32.store
            local.get $best local.set $hLeft
            local.get $eij local.set $eLeft
            local.get $j i32.const 1 i32.add local.set $j
            br $col
          end
        end
        local.get $i i32.const 1 i32.add local.set $i
        br $row
      end
    end`,
};

const scanWords = {
  name: 'scanWords',
  // Word matches of ref[rs, re) in the query hash table, each extended base by base into a maximal
  // run (query start, reference start, length) written as three i32 at runsPtr. Returns the count.
  // twoBitPtr: 16 bytes, base set → 0..3, 255 for ambiguity codes.
  params: ['refPtr', 'rs', 're', 'qPtr', 'm', 'k', 'keysPtr', 'posPtr', 'bits', 'runsPtr', 'maxRuns', 'twoBitPtr'],
  result: true,
  locals: ['mask', 'word', 'valid', 'e', 'count', 'b', 'slot', 'key', 'i', 'qEnd', 'rEnd', 'sizeMask', 'out'],
  body: `
    i32.const 1 local.get $k i32.const 1 i32.shl i32.shl i32.const 1 i32.sub local.set $mask
    i32.const 1 local.get $bits i32.shl i32.const 1 i32.sub local.set $sizeMask
    local.get $rs local.set $e
    block $done
      loop $scan
        local.get $e local.get $re i32.ge_s br_if $done
        local.get $twoBitPtr local.get $refPtr local.get $e i32.add i32.load8_u i32.add i32.load8_u local.set $b
        local.get $b i32.const 255 i32.eq
        if
          i32.const 0 local.set $valid
          local.get $e i32.const 1 i32.add local.set $e
          br $scan
        end
        local.get $word i32.const 2 i32.shl local.get $b i32.or local.get $mask i32.and local.set $word
        local.get $valid i32.const 1 i32.add local.tee $valid
        local.get $k i32.lt_s
        if
          local.get $e i32.const 1 i32.add local.set $e
          br $scan
        end
        ;; hash probe
        local.get $word i32.const -1640531535 i32.mul i32.const 32 local.get $bits i32.sub i32.shr_u local.set $slot
        i32.const -1 local.set $i
        block $found
          loop $probe
            local.get $keysPtr local.get $slot i32.const 2 i32.shl i32.add i32.load local.set $key
            local.get $key local.get $word i32.eq
            if
              local.get $posPtr local.get $slot i32.const 2 i32.shl i32.add i32.load local.set $i
              br $found
            end
            local.get $key i32.const -1 i32.eq br_if $found
            local.get $slot i32.const 1 i32.add local.get $sizeMask i32.and local.set $slot
            br $probe
          end
        end
        local.get $i i32.const 0 i32.lt_s
        if
          local.get $e i32.const 1 i32.add local.set $e
          br $scan
        end
        ;; extend the run by comparing bases
        local.get $i local.get $k i32.add local.set $qEnd
        local.get $e i32.const 1 i32.add local.set $rEnd
        block $extended
          loop $extend
            local.get $qEnd local.get $m i32.ge_s br_if $extended
            local.get $rEnd local.get $re i32.ge_s br_if $extended
            local.get $qPtr local.get $qEnd i32.add i32.load8_u
            local.get $refPtr local.get $rEnd i32.add i32.load8_u
            i32.ne br_if $extended
            local.get $twoBitPtr local.get $qPtr local.get $qEnd i32.add i32.load8_u i32.add i32.load8_u
            i32.const 255 i32.eq br_if $extended
            local.get $qEnd i32.const 1 i32.add local.set $qEnd
            local.get $rEnd i32.const 1 i32.add local.set $rEnd
            br $extend
          end
        end
        local.get $count local.get $maxRuns i32.lt_s
        if
          local.get $runsPtr local.get $count i32.const 12 i32.mul i32.add local.set $out
          local.get $out local.get $i i32.store
          local.get $out local.get $e local.get $k i32.sub i32.const 1 i32.add i32.store offset=4
          local.get $out local.get $qEnd local.get $i i32.sub i32.store offset=8
          local.get $count i32.const 1 i32.add local.set $count
        end
        local.get $rEnd local.get $k i32.sub i32.const 1 i32.add local.set $e
        i32.const 0 local.set $valid
        i32.const 0 local.set $word
        br $scan
      end
    end
    local.get $count`,
};

export const KERNEL_MODULE: WatModule = { memoryPages: 4, functions: [initRow, fillRows, scanWords] };

export interface KernelExports {
  memory: WasmMemory;
  initRow(hPtr: number, fPtr: number, cols: number, dLo: number, dHi: number, freeStart: number, gapOpen: number, gapExtend: number): void;
  fillRows(
    qAddr: number,
    rows: number,
    rAddr: number,
    cols: number,
    dLo: number,
    dHi: number,
    width: number,
    hPtr: number,
    fPtr: number,
    tPtr: number,
    psPtr: number,
    gapOpen: number,
    gapExtend: number,
  ): void;
  scanWords(
    refPtr: number,
    rs: number,
    re: number,
    qPtr: number,
    m: number,
    k: number,
    keysPtr: number,
    posPtr: number,
    bits: number,
    runsPtr: number,
    maxRuns: number,
    twoBitPtr: number,
  ): number;
}

/** A new kernel instance with its own memory, or null where WebAssembly is unavailable. */
export function instantiateKernels(): KernelExports | null {
  return instantiate<KernelExports>(KERNEL_MODULE);
}
