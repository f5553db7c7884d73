/** What people type into the header search box, one keystroke state at a time. */
export const CLASSIC_KEYWORDS = [
  // prefixes of organisms and drugs, as the box sees them while typing
  'e', 'es', 'esc', 'esch', 'escherichia', 'escherichia c', 'kle', 'klebs', 'klebsiella p', 'staph', 'staphylococcus a',
  'pseudo', 'pseudomonas ae', 'acin', 'acinetobacter b', 'entero', 'enterococcus fae', 'strep', 'streptococcus pn',
  'candida', 'candida alb', 'salmo', 'mero', 'meropenem', 'amox', 'amoxicillin', 'cef', 'ceftazidime', 'ceftazidime/avi',
  'vanc', 'cipro', 'levo', 'gent', 'amik', 'pip', 'piperacillin/taz', 'colis', 'tige', 'line',
  // codes
  'AMC', 'AMP', 'MEM', 'CAZ', 'CZA', 'TZP', 'kpn', 'eco', 'sau', 'pae', 'aba', 'VAN', 'IPM', 'SXT',
  // typing mistakes
  'Eschrichia coli', 'Klebsiela pneumoniae', 'Staphylococus aureus', 'Pseudomonas aeruginsa', 'Acinetobacter bumannii',
  'Enterococus faecium', 'Candida albicns', 'meropenam', 'amoxicilin', 'ceftazidim', 'vancomicin', 'ciprofloxacine',
  // Chinese
  '大肠', '大肠埃希', '大肠埃希菌', '肺炎克雷伯', '肺克', '金黄色葡萄', '铜绿', '鲍曼', '屎肠球菌', '白念', '阿莫西林',
  '美罗培南', '头孢他啶', '头孢他啶/阿维巴坦', '万古霉素', '左氧氟沙星', '哌拉西林', '克雷伯',
];

/**
 * What microbiologists type that is not a name (issue 11): abbreviated binomials read word by word,
 * clinical and drug abbreviations, drug classes — with their keystroke states.
 */
export const TYPED_FORMS = [
  'E.', 'E. c', 'E. co', 'E. coli', 'E.coli', 'K. pn', 'K. pneumoniae', 'P. aer', 'P. aeruginosa', 'S. au', 'S. aureus',
  'Staph au', 'Staph aureus', 'strep pneumo', 'A. baumannii', 'C. diff', 'MRSA', 'ESBL', 'GBS', 'CoNS', 'pip/ta', 'pip/tazo',
  'P/T', 'amox clav', 'TMP-SMX', 'caz avi', 'carba', 'carbapenem', 'cephalosporins', '3GC', 'aminoglycosides',
  '碳青霉烯', '碳青霉烯类', '三代头孢', '氨基糖苷类', '耐甲氧西林金黄色葡萄球菌',
];

export const KEYWORDS = [...CLASSIC_KEYWORDS, ...TYPED_FORMS];

/** What people search the search page for. */
export const PAGE_KEYWORDS = ['Escherichia coli', 'Klebsiella', 'meropenem', '美罗培南', '金黄色葡萄球菌', 'kpn', 'AMC', 'Eschrichia coli', 'EUCAST 2022', 'Pseudomonas aeruginosa', '头孢他啶/阿维巴坦', 'Candida'];
