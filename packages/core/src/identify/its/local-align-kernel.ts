import type { WatModule } from '../rrna/wasm/assembler';
import { instantiate, type WasmMemory } from '../rrna/wasm/instance';

/**
 * The matrix fill of the 5.8S locator's Smith–Waterman (`localAlign` in regions.ts) in WebAssembly,
 * mirroring its JavaScript loop, which stays as the reference and the fallback (tests compare the
 * two). A command locates the 5.8S of a few dozen reads at most: too few for V8 to have optimised
 * the JavaScript loop before they are done.
 *
 * Memory: the query at qPtr (n base sets), the reference at rPtr (m), the matrix of (n + 1) × (m + 1)
 * i32 at hPtr; the best cell's row and column are written at outPtr.
 */
const fill = {
  name: 'fill',
  params: ['qPtr', 'n', 'rPtr', 'm', 'hPtr', 'match', 'mismatch', 'gap', 'outPtr'],
  result: true,
  locals: ['width', 'i', 'j', 'q', 'row', 'up', 'v', 'd', 'best', 'bi', 'bj'],
  body: `
    local.get $m i32.const 1 i32.add local.set $width
    ;; Row 0 is zero.
    i32.const 0 local.set $j
    block $zeroDone
      loop $zero
        local.get $j local.get $width i32.ge_u br_if $zeroDone
        local.get $hPtr local.get $j i32.const 2 i32.shl i32.add i32.const 0 i32.store
        local.get $j i32.const 1 i32.add local.set $j
        br $zero
      end
    end
    i32.const 0 local.set $best
    i32.const 0 local.set $bi
    i32.const 0 local.set $bj
    i32.const 1 local.set $i
    block $rowsDone
      loop $rows
        local.get $i local.get $n i32.gt_u br_if $rowsDone
        local.get $qPtr local.get $i i32.add i32.const 1 i32.sub i32.load8_u local.set $q
        local.get $hPtr local.get $i local.get $width i32.mul i32.const 2 i32.shl i32.add local.set $row
        local.get $row local.get $width i32.const 2 i32.shl i32.sub local.set $up
        local.get $row i32.const 0 i32.store
        i32.const 1 local.set $j
        block $colsDone
          loop $cols
            local.get $j local.get $m i32.gt_u br_if $colsDone
            ;; diagonal: h[up + j - 1] + (match or mismatch), floored at 0
            local.get $up local.get $j i32.const 2 i32.shl i32.add i32.const 4 i32.sub i32.load
            local.get $match local.get $mismatch
            local.get $q local.get $rPtr local.get $j i32.add i32.const 1 i32.sub i32.load8_u i32.and
            select
            i32.add local.tee $v
            i32.const 0 local.get $v i32.const 0 i32.gt_s select local.set $v
            ;; from above
            local.get $up local.get $j i32.const 2 i32.shl i32.add i32.load local.get $gap i32.add local.tee $d
            local.get $v i32.gt_s
            if
              local.get $d local.set $v
            end
            ;; from the left
            local.get $row local.get $j i32.const 2 i32.shl i32.add i32.const 4 i32.sub i32.load local.get $gap i32.add local.tee $d
            local.get $v i32.gt_s
            if
              local.get $d local.set $v
            end
            local.get $row local.get $j i32.const 2 i32.shl i32.add local.get $v i32.store
            local.get $v local.get $best i32.gt_s
            if
              local.get $v local.set $best
              local.get $i local.set $bi
              local.get $j local.set $bj
            end
            local.get $j i32.const 1 i32.add local.set $j
            br $cols
          end
        end
        local.get $i i32.const 1 i32.add local.set $i
        br $rows
      end
    end
    local.get $outPtr local.get $bi i32.store
    local.get $outPtr local.get $bj i32.store offset=4
    local.get $best`,
};

const MODULE: WatModule = { memoryPages: 1, functions: [fill] };

export interface LocalAlignKernel {
  memory: WasmMemory;
  fill(qPtr: number, n: number, rPtr: number, m: number, hPtr: number, match: number, mismatch: number, gap: number, outPtr: number): number;
}

let kernel: LocalAlignKernel | null | undefined;

/** The kernel (one instance, reused), or null where WebAssembly is unavailable. */
export function localAlignKernel(): LocalAlignKernel | null {
  if (kernel === undefined) kernel = instantiate<LocalAlignKernel>(MODULE);
  return kernel;
}
