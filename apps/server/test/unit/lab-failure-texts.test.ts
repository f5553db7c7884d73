import { describe, expect, it } from 'vitest';
import { bilingualReason, importHintTexts, labFailureTexts } from '../../src/lab/messages';

const CJK = /[\u3000-\u9fff]/;

describe('a failed Lab job’s reason, one language each', () => {
  it('parts a reason written in both languages, English line first', () => {
    const hint = importHintTexts('/data');
    expect(labFailureTexts(bilingualReason(hint))).toEqual(hint);
    expect(labFailureTexts(`${hint.en}\n${hint.zh}`)).toEqual(hint);
  });

  it('says what to do when the job ran out of memory, in words of each language', () => {
    for (const raw of ['JavaScript heap out of memory', 'Worker terminated due to reaching memory limit: JS heap out of memory', 'ERR_WORKER_OUT_OF_MEMORY']) {
      const texts = labFailureTexts(raw);
      expect(texts.zh).toMatch(/内存不足/);
      expect(texts.en).toMatch(/ran out of memory/);
      expect(texts.en).not.toMatch(CJK);
      expect(texts.zh).not.toMatch(/heap/);
    }
  });

  it('wraps any other message in a sentence of each language, keeping its words', () => {
    const texts = labFailureTexts('connection terminated unexpectedly');
    expect(texts.zh).toMatch(/^药敏判读未能完成.*（connection terminated unexpectedly）$/);
    expect(texts.en).toMatch(/^The interpretation could not be completed.*\(connection terminated unexpectedly\)$/);
    expect(texts.en).not.toMatch(CJK);
    // Two lines that are not English-then-Chinese are not taken for a bilingual reason.
    expect(labFailureTexts('first\nsecond').en).toMatch(/could not be completed/);
  });
});
