/**
 * The drug names ResFinder and PointFinder write, and AMRFinderPlus's subclasses, on MDC's drug
 * codes (the AMR package's codes, which WHONET shares for these drugs). Names without a clinical
 * code (G418, kasugamycin, the streptogramin components …) are kept out of the drug lists.
 */

export interface ResistomeDrug {
  code: string;
  name: string;
}

const DRUGS: readonly [string, string, ...string[]][] = [
  ['AMX', 'Amoxicillin'],
  ['AMC', 'Amoxicillin/clavulanic acid', 'Amoxicillin+Clavulanic acid'],
  ['AMP', 'Ampicillin'],
  ['SAM', 'Ampicillin/sulbactam'],
  ['ATM', 'Aztreonam'],
  ['CZO', 'Cefazolin'],
  ['FEP', 'Cefepime'],
  ['CFM', 'Cefixime'],
  ['CTX', 'Cefotaxime'],
  ['FOX', 'Cefoxitin'],
  ['CPT', 'Ceftaroline'],
  ['CAZ', 'Ceftazidime'],
  ['CZA', 'Ceftazidime/avibactam', 'Ceftazidime+Avibactam'],
  ['CRO', 'Ceftriaxone'],
  ['CXM', 'Cefuroxime'],
  ['CEP', 'Cefalotin', 'Cephalothin', 'Cephalotin'],
  ['ETP', 'Ertapenem'],
  ['IPM', 'Imipenem'],
  ['MEM', 'Meropenem'],
  ['PEN', 'Benzylpenicillin', 'Penicillin'],
  ['PIP', 'Piperacillin'],
  ['TZP', 'Piperacillin/tazobactam', 'Piperacillin+Tazobactam'],
  ['TEM', 'Temocillin'],
  ['TIC', 'Ticarcillin'],
  ['TCC', 'Ticarcillin/clavulanic acid', 'Ticarcillin+Clavulanic acid'],
  ['GEN', 'Gentamicin'],
  ['TOB', 'Tobramycin'],
  ['STR1', 'Streptomycin'],
  ['AMK', 'Amikacin'],
  ['KAN', 'Kanamycin'],
  ['NEO', 'Neomycin'],
  ['NET', 'Netilmicin'],
  ['APR', 'Apramycin'],
  ['SPT', 'Spectinomycin'],
  ['ISE', 'Isepamicin'],
  ['PLZ', 'Plazomicin'],
  ['CIP', 'Ciprofloxacin'],
  ['NAL', 'Nalidixic acid'],
  ['LVX', 'Levofloxacin'],
  ['MFX', 'Moxifloxacin'],
  ['NOR', 'Norfloxacin'],
  ['SMX', 'Sulfamethoxazole'],
  ['TMP', 'Trimethoprim'],
  ['SXT', 'Trimethoprim/sulfamethoxazole'],
  ['FOS', 'Fosfomycin'],
  ['VAN', 'Vancomycin'],
  ['TEC', 'Teicoplanin'],
  ['LIN', 'Lincomycin'],
  ['CLI', 'Clindamycin'],
  ['AZM', 'Azithromycin'],
  ['ERY', 'Erythromycin'],
  ['TLT', 'Telithromycin'],
  ['MTR', 'Metronidazole'],
  ['LNZ', 'Linezolid'],
  ['TZD', 'Tedizolid'],
  ['CHL', 'Chloramphenicol'],
  ['FLR', 'Florfenicol'],
  ['COL', 'Colistin'],
  ['MUP', 'Mupirocin'],
  ['RIF', 'Rifampicin'],
  ['FUS', 'Fusidic acid'],
  ['QDA', 'Quinupristin/dalfopristin', 'Quinupristin+Dalfopristin'],
  ['TCY', 'Tetracycline'],
  ['DOX', 'Doxycycline'],
  ['MNO', 'Minocycline'],
  ['TGC', 'Tigecycline'],
  ['ERV', 'Eravacycline'],
  ['INH', 'Isoniazid'],
  ['ETH', 'Ethambutol'],
  ['PZA', 'Pyrazinamide'],
  ['ETI1', 'Ethionamide'],
  ['BDQ', 'Bedaquiline'],
  ['CLF', 'Clofazimine'],
  ['CAP', 'Capreomycin'],
  ['NIT', 'Nitrofurantoin'],
  ['CRB', 'Carbenicillin'],
  ['OXA', 'Oxacillin'],
  ['FDC', 'Cefiderocol'],
  ['CZT', 'Ceftolozane/tazobactam'],
  ['MEV', 'Meropenem/vaborbactam'],
  ['IMR', 'Imipenem/relebactam'],
];

const BY_CODE = new Map<string, ResistomeDrug>(DRUGS.map(([code, name]) => [code, { code, name }]));
const BY_NAME = new Map<string, string>();
for (const [code, name, ...aliases] of DRUGS) for (const n of [name, ...aliases]) BY_NAME.set(n.toLowerCase().replace(/\s+/g, ' '), code);

/** AMR code of a drug name as ResFinder/PointFinder write it, or undefined. */
export function drugCodeOf(name: string): string | undefined {
  return BY_NAME.get(name.trim().toLowerCase().replace(/\s+/g, ' '));
}

export function drugOf(code: string): ResistomeDrug | undefined {
  return BY_CODE.get(code);
}

/** Codes of a list of drug names, in the list's order, each once. */
export function drugCodes(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of names) {
    const code = drugCodeOf(n);
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}
