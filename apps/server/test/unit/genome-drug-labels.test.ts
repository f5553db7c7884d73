import { describe, expect, it } from 'vitest';
import { DEFAULT_PANEL, PANELS } from '@mdc/core/resistome';
import { tieText } from '@mdc/contracts';
import { drugLabel, drugLabels, geneClassLabel } from '../../src/blast/genome/drug-labels';

/**
 * The genome result names predicted drugs in the page's language and groups them by class: a
 * Chinese page must never fall back to ResFinder's English name, and no panel drug may land in
 * "Other agents" (issue 25).
 */
describe('drug labels of the predicted phenotype', () => {
  const panelDrugs = [...new Set([...DEFAULT_PANEL, ...PANELS.flatMap((p) => p.drugs)])];

  it('gives every drug of every organism panel a Chinese name and a class', () => {
    for (const code of panelDrugs) {
      const label = drugLabel(code);
      expect(label.name.zh, code).toMatch(/[\u4e00-\u9fff]/);
      expect(label.classKey, code).not.toBe('other');
    }
  });

  it('names the carbapenems and streptomycin (AMR code STR1, WHONET STR) as a Chinese lab does, in CLSI M100 order', () => {
    expect(drugLabel('MEM')).toMatchObject({ name: { zh: '美罗培南', en: 'Meropenem' }, classKey: 'carbapenems', classLabel: { zh: '碳青霉烯类', en: 'Carbapenems' } });
    expect(drugLabel('STR1').name.zh).toBe('链霉素');
    expect(drugLabel('AMP').classOrder).toBeLessThan(drugLabel('CRO').classOrder);
    expect(drugLabel('CRO').classOrder).toBeLessThan(drugLabel('MEM').classOrder);
    expect(drugLabel('MEM').classOrder).toBeLessThan(drugLabel('GEN').classOrder);
  });

  it('keeps a drug MDC does not know under its code and the prediction\'s name, in Other agents', () => {
    expect(drugLabel('XYZ', 'Somemycin')).toMatchObject({ name: { zh: 'Somemycin', en: 'Somemycin' }, classKey: 'other' });
    expect(Object.keys(drugLabels([{ drug: 'MEM', drugName: 'Meropenem' }, { drug: 'MEM', drugName: 'Meropenem' }]))).toEqual(['MEM']);
    expect(drugLabels(undefined)).toEqual({});
  });

  it('writes an allele tie with its stem once and names gene classes', () => {
    expect(tieText(['blaSHV-11', 'blaSHV-13', 'blaSHV-70'])).toBe('blaSHV-11/-13/-70');
    expect(tieText(['blaTEM-1B', 'blaTEM-1C'])).toBe('blaTEM-1B/-1C');
    expect(tieText(['aac(6\')-Ib-cr5', 'aac(6\')-Ib-cr6'])).toBe("aac(6')-Ib-cr5/-cr6");
    expect(geneClassLabel('Beta-lactam', 'zh')).toBe('β-内酰胺类');
    expect(geneClassLabel('Something new', 'zh')).toBe('Something new');
  });
});
