import { describe, expect, it } from 'vitest';
import { breakpointCell, drugName, formatValue, optionCloseness, optionMatches, rangeCell, referenceTableLabel } from './format';

describe('breakpoint cells', () => {
  it('writes the direction of S and R by method', () => {
    expect(breakpointCell('CLSI', 'MIC', 's', 0.5)).toBe('≤0.5');
    expect(breakpointCell('CLSI', 'MIC', 'r', 1)).toBe('≥1');
    expect(breakpointCell('CLSI', 'DISK', 's', 24)).toBe('≥24');
    expect(breakpointCell('CLSI', 'DISK', 'r', 23)).toBe('≤23');
    expect(breakpointCell('CLSI', 'MIC', 's', null)).toBe('');
    // EUCAST prints its resistant limit as "R > 8" (stored as 16) and "R < 16" (stored as 15).
    expect(breakpointCell('EUCAST', 'MIC', 'r', 16)).toBe('>8');
    expect(breakpointCell('EUCAST', 'DISK', 'r', 15)).toBe('<16');
  });

  it('writes numbers plainly', () => {
    expect(formatValue(0.125)).toBe('0.125');
    expect(formatValue(0.001)).toBe('0.001');
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue(16)).toBe('16');
  });

  it('keeps ranges as published and hides the no-category dash', () => {
    expect(rangeCell('1-2')).toBe('1–2');
    expect(rangeCell('-')).toBe('');
    expect(rangeCell('')).toBe('');
    expect(rangeCell('15-17')).toBe('15–17');
  });
});

describe('drug names', () => {
  it('falls back to the English name, then the code', () => {
    expect(drugName({ code: 'AMC', name: 'Amoxicillin/Clavulanic acid', nameZh: '阿莫西林/克拉维酸' }, 'zh')).toBe('阿莫西林/克拉维酸');
    expect(drugName({ code: 'MNC', name: 'Meropenem/Nacubactam', nameZh: null }, 'zh')).toBe('Meropenem/Nacubactam');
    expect(drugName({ code: 'XYZ', name: null, nameZh: null }, 'en')).toBe('XYZ');
  });
});

describe('filter options match what microbiologists type', () => {
  it('finds an option anywhere in its words or word by word', () => {
    const kpn = '肺炎克雷伯菌 Klebsiella pneumoniae kpn';
    expect(optionMatches('pneumo', kpn)).toBe(true);
    expect(optionMatches('K. pneumoniae', kpn)).toBe(true);
    expect(optionMatches('k pneu', kpn)).toBe(true);
    expect(optionMatches('肺炎克雷伯', kpn)).toBe(true);
    expect(optionMatches('E. coli', kpn)).toBe(false);
    const tzp = '哌拉西林/他唑巴坦 Piperacillin/Tazobactam TZP';
    expect(optionMatches('pip/tazo', tzp)).toBe(true);
    expect(optionMatches('tazo pip', tzp)).toBe(false);
    expect(optionMatches('', tzp)).toBe(true);
  });
});

describe('filter options in the order of what was typed', () => {
  it('puts the option named exactly as typed first, so Enter picks E. coli and not a variety of it', () => {
    const options = [
      { code: 'ead', names: ['大肠埃希菌（alkalescens-dispar）', 'Escherichia coli (alkalescens-dispar)', 'ead'] },
      { code: 'ehe', names: ['大肠埃希菌 EHEC', 'Escherichia coli EHEC', 'ehe'] },
      { code: 'eco', names: ['大肠埃希菌', 'Escherichia coli', 'eco'] },
      { code: 'ebc', names: ['肠杆菌目', 'Enterobacterales', 'EBC'] },
    ];
    const order = (typed: string) => [...options].sort((a, b) => optionCloseness(typed, a.names) - optionCloseness(typed, b.names)).map((o) => o.code);
    expect(order('Escherichia coli')[0]).toBe('eco');
    expect(order('escherichia coli ')[0]).toBe('eco');
    expect(order('大肠埃希菌')[0]).toBe('eco');
    expect(order('eco')[0]).toBe('eco');
    expect(order('E. coli')[0]).toBe('eco');
    // Only closer matches move: the rest keep the server's order.
    expect(order('Escherichia').slice(0, 3)).toEqual(['ead', 'ehe', 'eco']);
  });
});

describe('where a breakpoint row comes from', () => {
  it('says in the reader’s language that an ECOFF was copied from another guideline', () => {
    expect(referenceTableLabel('Copied from EUCAST 2024', 'en')).toBe('copied from EUCAST 2024');
    expect(referenceTableLabel('Copied from EUCAST 2024', 'zh')).toBe('引自 EUCAST 2024');
    expect(referenceTableLabel('Copied from EUCAST 2024 Antifungal ECOFFs', 'zh')).toBe('引自 EUCAST 2024 Antifungal ECOFFs');
    expect(referenceTableLabel('Table 2A', 'zh')).toBe('Table 2A');
    expect(referenceTableLabel('', 'en')).toBe('');
  });
});
