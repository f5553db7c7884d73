import { describe, expect, it } from 'vitest';
import { OrganismLabels, type WhonetOrganismInfo } from '../../src/resource/organism-labels';

const organisms: WhonetOrganismInfo[] = [
  { code: 'eco', name: 'Escherichia coli', nameZh: '大肠埃希菌', taxonMo: 'B_ESCHR_COLI' },
  // The import finds its Chinese name through the name without the parenthesis: E. coli's.
  { code: 'ead', name: 'Escherichia coli (alkalescens-dispar)', nameZh: '大肠埃希菌', taxonMo: 'B_ESCHR_COLI' },
  { code: 'kpn', name: 'Klebsiella pneumoniae', nameZh: '肺炎克雷伯菌', taxonMo: 'B_KLBSL_PNMN' },
  { code: 'xyz', name: 'Unnamed organism (strain X)', nameZh: null, taxonMo: null },
];
const labels = new OrganismLabels(new Map(organisms.map((o) => [o.code, o])));

describe('organism labels of breakpoint rows', () => {
  it('tells two WHONET organisms apart in Chinese as in English', () => {
    const coli = labels.group('eco', 'WHONET_ORG_CODE');
    const variety = labels.group('ead', 'WHONET_ORG_CODE');
    expect(coli).toEqual({ en: 'Escherichia coli', zh: '大肠埃希菌' });
    expect(variety.en).toBe('Escherichia coli (alkalescens-dispar)');
    expect(variety.zh).not.toBe(coli.zh);
    expect(variety.zh).toBe('大肠埃希菌（alkalescens-dispar）');
    expect(labels.group('kpn', 'WHONET_ORG_CODE')).toEqual({ en: 'Klebsiella pneumoniae', zh: '肺炎克雷伯菌' });
    expect(labels.group('xyz', 'WHONET_ORG_CODE')).toEqual({ en: 'Unnamed organism (strain X)', zh: 'Unnamed organism (strain X)' });
  });
});
