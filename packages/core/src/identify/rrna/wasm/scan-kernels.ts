import type { WatModule } from './assembler';
import { instantiate, type WasmMemory } from './instance';

/**
 * The two passes of a batch's scan of the references (../reference-scan.ts) in WebAssembly,
 * hand-written WAT that mirrors `findInReferences` and `countInReferences` there line by line; the
 * JavaScript versions stay as the reference and the fallback, and tests check both give the same
 * candidates. The passes run once per command, over millions of positions: JavaScript spends much
 * of such a run in V8's slower tiers and its bounds checks, WebAssembly is compiled before the
 * first call.
 *
 * Memory: byte addresses chosen by the caller (WasmScan in ../reference-scan.ts); i32 arrays
 * 4-byte aligned. `ranks` holds two i32 per 32 words (the bits, then the words before them), `seen`
 * two per batch word (the last reference holding it, then how many do).
 */
const find = {
  name: 'find',
  // References first … last − 1: each one's batch words (once each) appended to hits, hitEnd[r] set; returns the hit count.
  params: ['codesPtr', 'offsetsPtr', 'first', 'last', 'ranksPtr', 'mask', 'k', 'seenPtr', 'hitsPtr', 'count', 'hitEndPtr', 'twoBitPtr'],
  result: true,
  locals: ['r', 'i', 'end', 'word', 'valid', 'b', 'pair', 'bits', 'bit', 'at'],
  body: `
    local.get $first local.set $r
    block $refsDone
      loop $ref
        local.get $r local.get $last i32.ge_u br_if $refsDone
        local.get $offsetsPtr local.get $r i32.const 2 i32.shl i32.add local.tee $at i32.load local.set $i
        local.get $at i32.load offset=4 local.set $end
        i32.const 0 local.set $word
        i32.const 0 local.set $valid
        block $basesDone
          loop $base
            local.get $i local.get $end i32.ge_u br_if $basesDone
            local.get $twoBitPtr local.get $codesPtr local.get $i i32.add i32.load8_u i32.add i32.load8_s local.tee $b
            i32.const 0 i32.lt_s
            if
              i32.const 0 local.set $valid
            else
              local.get $word i32.const 2 i32.shl local.get $b i32.or local.get $mask i32.and local.set $word
              local.get $valid i32.const 1 i32.add local.tee $valid
              local.get $k i32.ge_s
              if
                local.get $ranksPtr local.get $word i32.const 5 i32.shr_u i32.const 3 i32.shl i32.add local.tee $pair
                i32.load local.set $bits
                i32.const 1 local.get $word i32.shl local.set $bit
                local.get $bits local.get $bit i32.and
                if
                  ;; at = seen + 8 * (prefix + popcount(bits below the word's))
                  local.get $seenPtr
                  local.get $pair i32.load offset=4
                  local.get $bits local.get $bit i32.const 1 i32.sub i32.and i32.popcnt
                  i32.add i32.const 3 i32.shl i32.add local.set $at
                  local.get $at i32.load local.get $r i32.ne
                  if
                    local.get $at local.get $r i32.store
                    local.get $at local.get $at i32.load offset=4 i32.const 1 i32.add i32.store offset=4
                    local.get $hitsPtr local.get $count i32.const 2 i32.shl i32.add
                    local.get $at local.get $seenPtr i32.sub i32.const 3 i32.shr_u
                    i32.store
                    local.get $count i32.const 1 i32.add local.set $count
                  end
                end
              end
            end
            local.get $i i32.const 1 i32.add local.set $i
            br $base
          end
        end
        local.get $hitEndPtr local.get $r i32.const 2 i32.shl i32.add local.get $count i32.store
        local.get $r i32.const 1 i32.add local.set $r
        br $ref
      end
    end
    local.get $count`,
};

const count = {
  name: 'count',
  // References first … last − 1: shared counted words per read, each offered to the read's heap
  // when it has room or the count beats the worst it keeps.
  params: ['hitsPtr', 'hitEndPtr', 'first', 'last', 'countedPtr', 'readsOfPtr', 'listsPtr', 'countsPtr', 'touchedPtr', 'fullPtr', 'worstPtr', 'heapCountsPtr', 'heapRefsPtr', 'sizesPtr', 'limit'],
  result: false,
  locals: ['r', 'h', 'end', 'tc', 'id', 'holder', 'p', 'pend', 'q', 'c', 'at', 't'],
  body: `
    i32.const 0 local.set $h
    local.get $first
    if
      local.get $hitEndPtr local.get $first i32.const 2 i32.shl i32.add i32.const 4 i32.sub i32.load local.set $h
    end
    local.get $first local.set $r
    block $refsDone
      loop $ref
        local.get $r local.get $last i32.ge_u br_if $refsDone
        i32.const 0 local.set $tc
        local.get $hitEndPtr local.get $r i32.const 2 i32.shl i32.add i32.load local.set $end
        block $hitsDone
          loop $hit
            local.get $h local.get $end i32.ge_u br_if $hitsDone
            local.get $hitsPtr local.get $h i32.const 2 i32.shl i32.add i32.load local.set $id
            local.get $countedPtr local.get $id i32.const 5 i32.shr_u i32.const 2 i32.shl i32.add i32.load
            i32.const 1 local.get $id i32.shl i32.and
            if
              local.get $readsOfPtr local.get $id i32.const 2 i32.shl i32.add i32.load local.tee $holder
              i32.const 0 i32.ge_s
              if
                local.get $countsPtr local.get $holder i32.const 2 i32.shl i32.add local.tee $at i32.load local.set $c
                local.get $at local.get $c i32.const 1 i32.add i32.store
                local.get $c i32.eqz
                if
                  local.get $touchedPtr local.get $tc i32.const 2 i32.shl i32.add local.get $holder i32.store
                  local.get $tc i32.const 1 i32.add local.set $tc
                end
              else
                ;; The list at lists[-2 - holder]: its length, then its reads.
                local.get $listsPtr i32.const -8 local.get $holder i32.const 2 i32.shl i32.sub i32.add local.tee $p
                i32.load i32.const 2 i32.shl local.get $p i32.add i32.const 4 i32.add local.set $pend
                local.get $p i32.const 4 i32.add local.set $p
                block $listDone
                  loop $list
                    local.get $p local.get $pend i32.ge_u br_if $listDone
                    local.get $p i32.load local.set $q
                    local.get $countsPtr local.get $q i32.const 2 i32.shl i32.add local.tee $at i32.load local.set $c
                    local.get $at local.get $c i32.const 1 i32.add i32.store
                    local.get $c i32.eqz
                    if
                      local.get $touchedPtr local.get $tc i32.const 2 i32.shl i32.add local.get $q i32.store
                      local.get $tc i32.const 1 i32.add local.set $tc
                    end
                    local.get $p i32.const 4 i32.add local.set $p
                    br $list
                  end
                end
              end
            end
            local.get $h i32.const 1 i32.add local.set $h
            br $hit
          end
        end
        i32.const 0 local.set $t
        block $touchedDone
          loop $touched
            local.get $t local.get $tc i32.ge_u br_if $touchedDone
            local.get $touchedPtr local.get $t i32.const 2 i32.shl i32.add i32.load local.set $q
            local.get $countsPtr local.get $q i32.const 2 i32.shl i32.add local.tee $at i32.load local.set $c
            local.get $at i32.const 0 i32.store
            local.get $fullPtr local.get $q i32.add i32.load8_u i32.eqz
            local.get $c local.get $worstPtr local.get $q i32.const 2 i32.shl i32.add i32.load i32.gt_u
            i32.or
            if
              local.get $q local.get $c local.get $r local.get $heapCountsPtr local.get $heapRefsPtr local.get $sizesPtr local.get $fullPtr local.get $worstPtr local.get $limit
              call $offer
            end
            local.get $t i32.const 1 i32.add local.set $t
            br $touched
          end
        end
        local.get $r i32.const 1 i32.add local.set $r
        br $ref
      end
    end`,
};

// a (count, ref) worse than b: fewer words, or as many in a later reference.
const worse = {
  name: 'worse',
  params: ['countA', 'refA', 'countB', 'refB'],
  result: true,
  locals: [],
  export: false,
  body: `
    local.get $countA local.get $countB i32.lt_u
    local.get $countA local.get $countB i32.eq
    local.get $refA local.get $refB i32.gt_u
    i32.and
    i32.or`,
};

const offer = {
  name: 'offer',
  // TopReferences.offer of ../reference-scan.ts: read q's heap of limit (count, ref) pairs, its root the worst.
  params: ['q', 'c', 'r', 'countsPtr', 'refsPtr', 'sizesPtr', 'fullPtr', 'worstPtr', 'limit'],
  result: false,
  locals: ['base', 'size', 'j', 'parent', 'pc', 'pr', 'child', 'right', 'cc', 'cr', 'rc', 'rr'],
  export: false,
  body: `
    local.get $q local.get $limit i32.mul i32.const 2 i32.shl local.set $base
    local.get $sizesPtr local.get $q i32.const 2 i32.shl i32.add i32.load local.set $size
    local.get $size local.get $limit i32.lt_u
    if
      local.get $size local.set $j
      local.get $sizesPtr local.get $q i32.const 2 i32.shl i32.add local.get $size i32.const 1 i32.add i32.store
      block $upDone
        loop $up
          local.get $j i32.eqz br_if $upDone
          local.get $j i32.const 1 i32.sub i32.const 1 i32.shr_u local.set $parent
          local.get $countsPtr local.get $base i32.add local.get $parent i32.const 2 i32.shl i32.add i32.load local.set $pc
          local.get $refsPtr local.get $base i32.add local.get $parent i32.const 2 i32.shl i32.add i32.load local.set $pr
          local.get $pc local.get $pr local.get $c local.get $r call $worse br_if $upDone
          local.get $countsPtr local.get $base i32.add local.get $j i32.const 2 i32.shl i32.add local.get $pc i32.store
          local.get $refsPtr local.get $base i32.add local.get $j i32.const 2 i32.shl i32.add local.get $pr i32.store
          local.get $parent local.set $j
          br $up
        end
      end
      local.get $countsPtr local.get $base i32.add local.get $j i32.const 2 i32.shl i32.add local.get $c i32.store
      local.get $refsPtr local.get $base i32.add local.get $j i32.const 2 i32.shl i32.add local.get $r i32.store
      local.get $size i32.const 1 i32.add local.get $limit i32.eq
      if
        local.get $fullPtr local.get $q i32.add i32.const 1 i32.store8
        local.get $worstPtr local.get $q i32.const 2 i32.shl i32.add
        local.get $countsPtr local.get $base i32.add i32.load
        i32.store
      end
      return
    end
    local.get $c local.get $countsPtr local.get $base i32.add i32.load i32.le_u
    if
      return
    end
    i32.const 0 local.set $j
    block $downDone
      loop $down
        local.get $j i32.const 1 i32.shl i32.const 1 i32.add local.tee $child
        local.get $limit i32.ge_u br_if $downDone
        local.get $countsPtr local.get $base i32.add local.get $child i32.const 2 i32.shl i32.add i32.load local.set $cc
        local.get $refsPtr local.get $base i32.add local.get $child i32.const 2 i32.shl i32.add i32.load local.set $cr
        local.get $child i32.const 1 i32.add local.tee $right
        local.get $limit i32.lt_u
        if
          local.get $countsPtr local.get $base i32.add local.get $right i32.const 2 i32.shl i32.add i32.load local.set $rc
          local.get $refsPtr local.get $base i32.add local.get $right i32.const 2 i32.shl i32.add i32.load local.set $rr
          local.get $rc local.get $rr local.get $cc local.get $cr call $worse
          if
            local.get $right local.set $child
            local.get $rc local.set $cc
            local.get $rr local.set $cr
          end
        end
        local.get $cc local.get $cr local.get $c local.get $r call $worse i32.eqz br_if $downDone
        local.get $countsPtr local.get $base i32.add local.get $j i32.const 2 i32.shl i32.add local.get $cc i32.store
        local.get $refsPtr local.get $base i32.add local.get $j i32.const 2 i32.shl i32.add local.get $cr i32.store
        local.get $child local.set $j
        br $down
      end
    end
    local.get $countsPtr local.get $base i32.add local.get $j i32.const 2 i32.shl i32.add local.get $c i32.store
    local.get $refsPtr local.get $base i32.add local.get $j i32.const 2 i32.shl i32.add local.get $r i32.store
    local.get $worstPtr local.get $q i32.const 2 i32.shl i32.add
    local.get $countsPtr local.get $base i32.add i32.load
    i32.store`,
};

const SCAN_MODULE: WatModule = { memoryPages: 1, functions: [find, count, worse, offer] };

export interface ScanKernels {
  memory: WasmMemory;
  find(codesPtr: number, offsetsPtr: number, first: number, last: number, ranksPtr: number, mask: number, k: number, seenPtr: number, hitsPtr: number, count: number, hitEndPtr: number, twoBitPtr: number): number;
  count(
    hitsPtr: number,
    hitEndPtr: number,
    first: number,
    last: number,
    countedPtr: number,
    readsOfPtr: number,
    listsPtr: number,
    countsPtr: number,
    touchedPtr: number,
    fullPtr: number,
    worstPtr: number,
    heapCountsPtr: number,
    heapRefsPtr: number,
    sizesPtr: number,
    limit: number,
  ): void;
}

/** A new instance of the scan kernels with its own memory, or null where WebAssembly is unavailable. */
export function instantiateScanKernels(): ScanKernels | null {
  return instantiate<ScanKernels>(SCAN_MODULE);
}
