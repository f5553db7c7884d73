import { describe, expect, it } from 'vitest';
import { MAX_DRAWN_RUN, MAX_DRAWN_TEXT, drawableText, reportDocument } from '../../src/reports/pdf-document';
import { pdfRuns } from '../support/pdf-text';

describe('texts drawn in PDF reports', () => {
  it('cuts an unbroken run beyond the limit with an ellipsis and leaves ordinary text alone', () => {
    const name = `Escherichia_coli_${'X'.repeat(20_000)}`;
    expect(drawableText(`名称: ${name} (AF029227)`)).toBe(`名称: ${name.slice(0, MAX_DRAWN_RUN)}… (AF029227)`);
    expect(drawableText('Escherichia coli ATCC 11775, complete genome')).toBe('Escherichia coli ATCC 11775, complete genome');
  });

  it('keeps long Chinese sentences (the line breaker breaks between their characters) up to the text limit', () => {
    const sentence = '相似度按比对长度计算，包含错配与空位。'.repeat(30);
    expect(drawableText(sentence)).toBe(sentence);
    const note = '注'.repeat(MAX_DRAWN_TEXT + 500);
    expect(drawableText(note)).toBe(`${'注'.repeat(MAX_DRAWN_TEXT)}…`);
  });

  it('a report drawing a 50,000-character name shows it cut, whatever the method passes in', async () => {
    const report = reportDocument('R'.repeat(50_000));
    report.doc.font(report.text).fontSize(9).text(`Sample: ${'A'.repeat(50_000)}`, { width: 200 });
    const text = pdfRuns(await report.end()).map((r) => r.text).join('');
    const longest = Math.max(...text.split(/[\s…]+/).map((w) => w.length));
    expect(longest).toBeLessThanOrEqual(MAX_DRAWN_RUN);
    expect(text).toContain('…');
  });
});
