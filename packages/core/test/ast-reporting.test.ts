import { describe, expect, it } from 'vitest';
import { isolateAlerts, reportingInstructions, REPORTING_RULES, type AlertResult, type ReportingOrganism } from '@mdc/core/ast';

const salmonella: ReportingOrganism = { name: 'Salmonella Typhi', genus: 'Salmonella', family: 'Enterobacteriaceae', order: 'Enterobacterales' };
const ecoli: ReportingOrganism = { name: 'Escherichia coli', genus: 'Escherichia', family: 'Enterobacteriaceae', order: 'Enterobacterales' };
const saureus: ReportingOrganism = { name: 'Staphylococcus aureus', genus: 'Staphylococcus', family: 'Staphylococcaceae', order: 'Caryophanales' };
const efaecium: ReportingOrganism = { name: 'Enterococcus faecium', genus: 'Enterococcus', family: 'Enterococcaceae', order: 'Lactobacillales' };
const pae: ReportingOrganism = { name: 'Pseudomonas aeruginosa', genus: 'Pseudomonas', family: 'Pseudomonadaceae', order: 'Pseudomonadales' };

const ids = (organism: ReportingOrganism, results: AlertResult[]) => isolateAlerts(organism, results).map((a) => a.id);

describe('reporting comments as data', () => {
  it('every rule carries its source', () => {
    for (const rule of REPORTING_RULES) expect(rule.source).toMatch(/CLSI|EUCAST/);
  });

  it('Salmonella with gentamicin or cefazolin S: the category stays, the instruction is carried (CLSI only)', () => {
    const [gentamicin] = reportingInstructions(salmonella, 'GEN', 'S', 'CLSI');
    expect(gentamicin?.instruction.en).toMatch(/not to be reported as susceptible/);
    expect(gentamicin?.instruction.zh).toMatch(/不得报告为敏感/);
    expect(reportingInstructions(salmonella, 'CZO', 'S', 'CLSI')).toHaveLength(1);
    expect(reportingInstructions(salmonella, 'FOX', 'I', 'CLSI')).toHaveLength(1);
    // Resistant is reportable as it is; E. coli and ceftriaxone are untouched; EUCAST has its own tables.
    expect(reportingInstructions(salmonella, 'GEN', 'R', 'CLSI')).toEqual([]);
    expect(reportingInstructions(ecoli, 'GEN', 'S', 'CLSI')).toEqual([]);
    expect(reportingInstructions(salmonella, 'CRO', 'S', 'CLSI')).toEqual([]);
    expect(reportingInstructions(salmonella, 'GEN', 'S', 'EUCAST')).toEqual([]);
  });
});

describe('alerts and their triggers', () => {
  it('CRE: an Enterobacterales isolate non-susceptible to a carbapenem, not a Pseudomonas', () => {
    expect(ids(ecoli, [{ antibioticCode: 'MEM', category: 'R' }])).toEqual(['cre']);
    expect(ids(ecoli, [{ antibioticCode: 'ETP', category: 'I' }])).toEqual(['cre']);
    expect(ids(ecoli, [{ antibioticCode: 'MEM', category: 'S' }])).toEqual([]);
    expect(ids(pae, [{ antibioticCode: 'MEM', category: 'R' }])).toEqual([]);
    expect(isolateAlerts(ecoli, [{ antibioticCode: 'MEM', category: 'R' }])[0]?.nextStep.en).toMatch(/carbapenemase/);
  });

  it('CRE: imipenem alone does not raise it for Morganella, Proteus and Providencia (intrinsically raised imipenem MICs)', () => {
    const morganella: ReportingOrganism = { name: 'Morganella morganii', genus: 'Morganella', family: 'Morganellaceae', order: 'Enterobacterales' };
    const proteus: ReportingOrganism = { name: 'Proteus mirabilis', genus: 'Proteus', family: 'Morganellaceae', order: 'Enterobacterales' };
    const providencia: ReportingOrganism = { name: 'Providencia stuartii', genus: 'Providencia', family: 'Enterobacteriaceae', order: 'Enterobacterales' };
    const imipenemR: AlertResult[] = [{ antibioticCode: 'IPM', category: 'R' }, { antibioticCode: 'ETP', category: 'S' }];
    for (const organism of [morganella, proteus, providencia]) {
      expect(ids(organism, imipenemR)).toEqual([]);
      // Another carbapenem still raises it, with the drug that did.
      const alerts = isolateAlerts(organism, [{ antibioticCode: 'IPM', category: 'R' }, { antibioticCode: 'MEM', category: 'R' }]);
      expect(alerts.find((a) => a.id === 'cre')?.drugs).toEqual(['MEM']);
    }
    // E. coli with imipenem R alone is still CRE, and contradicts ertapenem S.
    expect(ids(ecoli, imipenemR)).toEqual(['cre', 'carbapenem-contradiction']);
  });

  it('ESBL screen: ceftazidime MIC ≥ 2 or ceftriaxone zone ≤ 25 in Enterobacterales', () => {
    expect(ids(ecoli, [{ antibioticCode: 'CAZ', category: 'S', method: 'MIC', value: 2 }])).toEqual(['esbl-screen']);
    expect(ids(ecoli, [{ antibioticCode: 'CAZ', category: 'S', method: 'MIC', value: 1 }])).toEqual([]);
    expect(ids(ecoli, [{ antibioticCode: 'CRO', category: 'S', method: 'DISK', value: 25 }])).toEqual(['esbl-screen']);
  });

  it('ESBL screen only for the species CLSI defines it for (E. coli, K. pneumoniae, K. oxytoca, P. mirabilis), never for AmpC producers', () => {
    const cloacae: ReportingOrganism = { name: 'Enterobacter cloacae', genus: 'Enterobacter', family: 'Enterobacteriaceae', order: 'Enterobacterales' };
    const serratia: ReportingOrganism = { name: 'Serratia marcescens', genus: 'Serratia', family: 'Yersiniaceae', order: 'Enterobacterales' };
    const aerogenes: ReportingOrganism = { name: 'Klebsiella aerogenes', genus: 'Klebsiella', family: 'Enterobacteriaceae', order: 'Enterobacterales' };
    const kpn: ReportingOrganism = { name: 'Klebsiella pneumoniae subsp. pneumoniae', genus: 'Klebsiella', family: 'Enterobacteriaceae', order: 'Enterobacterales' };
    const mirabilis: ReportingOrganism = { name: 'Proteus mirabilis', genus: 'Proteus', family: 'Morganellaceae', order: 'Enterobacterales' };
    const raised: AlertResult[] = [{ antibioticCode: 'CAZ', category: 'R', method: 'MIC', value: 16 }, { antibioticCode: 'CRO', category: 'R', method: 'DISK', value: 12 }];
    for (const ampC of [cloacae, serratia, aerogenes]) expect(ids(ampC, raised)).toEqual([]);
    expect(ids(kpn, raised)).toEqual(['esbl-screen']);
    // P. mirabilis: cefpodoxime, ceftazidime and cefotaxime only, cefpodoxime from MIC 2 (CLSI M100 Table 3A).
    expect(ids(mirabilis, [{ antibioticCode: 'CRO', category: 'S', method: 'MIC', value: 2 }])).toEqual([]);
    expect(ids(mirabilis, [{ antibioticCode: 'ATM', category: 'S', method: 'DISK', value: 20 }])).toEqual([]);
    expect(ids(mirabilis, [{ antibioticCode: 'CPD', category: 'S', method: 'MIC', value: 2 }])).toEqual(['esbl-screen']);
    expect(ids(mirabilis, [{ antibioticCode: 'CPD', category: 'S', method: 'DISK', value: 22 }])).toEqual(['esbl-screen']);
    expect(ids(ecoli, [{ antibioticCode: 'CPD', category: 'S', method: 'MIC', value: 2 }])).toEqual([]);
  });

  it('MRSA by oxacillin or cefoxitin R; VISA by vancomycin I, VRSA by R', () => {
    expect(ids(saureus, [{ antibioticCode: 'FOX', category: 'R' }])).toEqual(['mrsa']);
    expect(ids(saureus, [{ antibioticCode: 'OXA', category: 'S' }])).toEqual([]);
    expect(ids(saureus, [{ antibioticCode: 'VAN', category: 'I' }])).toEqual(['visa']);
    expect(ids(saureus, [{ antibioticCode: 'VAN', category: 'R' }])).toEqual(['vrsa']);
  });

  it('VRE by vancomycin R in Enterococcus, not when the organism is expected to resist it', () => {
    expect(ids(efaecium, [{ antibioticCode: 'VAN', category: 'R' }])).toEqual(['vre']);
    expect(ids(efaecium, [{ antibioticCode: 'VAN', category: 'R', expectedResistant: true }])).toEqual([]);
  });

  it('colistin R, and meropenem R with ertapenem S as a contradiction', () => {
    expect(ids(pae, [{ antibioticCode: 'COL', category: 'R' }])).toEqual(['colistin-r']);
    expect(ids(ecoli, [{ antibioticCode: 'COL', category: 'R', expectedResistant: true }])).toEqual([]);
    expect(ids(ecoli, [
      { antibioticCode: 'MEM', category: 'R' },
      { antibioticCode: 'ETP', category: 'S' },
    ])).toEqual(['cre', 'carbapenem-contradiction']);
  });
});
