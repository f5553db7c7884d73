/**
 * Quality trimming of a Sanger read: Mott's modified trimming algorithm, as phred's `-trim_alt`
 * and seqtk's `trimfq` apply it. Each base scores `errorLimit − P(error)`, with P(error) =
 * 10^(−Q/10) from its Phred quality Q; the read kept is the stretch with the highest summed score.
 * Bases better than the limit add to it, worse ones take away, so the noisy start of a trace and
 * its fading end go while a single poor base inside good sequence stays.
 */

/** Error probability limit: 0.05 (Q13), the default of phred's -trim_alt and of seqtk trimfq. */
export const DEFAULT_ERROR_LIMIT = 0.05;

export interface QualityTrim {
  /** First base kept (0-based) and the end of the kept stretch (exclusive). */
  start: number;
  end: number;
  /** Bases cut before and after the kept stretch. */
  trimmedStart: number;
  trimmedEnd: number;
  errorLimit: number;
  /** Mean quality of the kept stretch (0 when nothing is kept). */
  meanQuality: number;
}

const ERROR_OF_QUALITY = Array.from({ length: 101 }, (_, q) => 10 ** (-q / 10));

export function qualityTrim(qualities: ArrayLike<number>, errorLimit = DEFAULT_ERROR_LIMIT): QualityTrim {
  let running = 0;
  let runningStart = 0;
  let best = 0;
  let start = 0;
  let end = 0;
  for (let i = 0; i < qualities.length; i++) {
    if (running <= 0) {
      running = 0;
      runningStart = i;
    }
    running += errorLimit - ERROR_OF_QUALITY[Math.min(100, Math.max(0, qualities[i]!))]!;
    if (running > best) {
      best = running;
      start = runningStart;
      end = i + 1;
    }
  }
  let sum = 0;
  for (let i = start; i < end; i++) sum += qualities[i]!;
  return { start, end, trimmedStart: start, trimmedEnd: qualities.length - end, errorLimit, meanQuality: end > start ? sum / (end - start) : 0 };
}
