import type { Locale } from '@mdc/contracts';

export interface LinkCard {
  to: string;
  title: string;
  text: string;
}

export interface HomeContent {
  hero: { eyebrow: string; title: string; tagline: string; lead: string; pillars: LinkCard[] };
  sectionNav: Record<'about' | 'resource' | 'database' | 'lab' | 'blast' | 'china' | 'quick', string>;
  about: { title: string; paragraphs: string[]; facts: { value: string; label: string }[] };
  resource: { title: string; lead: string; cards: LinkCard[] };
  /** Each source: its name, what MDC takes from it, what for, and its licence (or how it came to be public). */
  database: { title: string; lead: string; columns: [string, string, string]; rows: [string, string, string, string][]; note: string };
  lab: { title: string; lead: string; points: string[]; exampleTitle: string; example: string[]; links: LinkCard[] };
  blast: { title: string; lead: string; methods: string[]; thresholds: string[]; links: LinkCard[] };
  china: { title: string; lead: string; points: { title: string; text: string }[]; namesTitle: string; names: [string, string, 'organism' | 'drug'][] };
  quick: { title: string; lead: string; links: LinkCard[] };
}

export const homeContent: Record<Locale, HomeContent> = {
  zh: {
    hero: {
      eyebrow: 'MDC · Microbe Data Cloud',
      title: '微生物数据云',
      tagline: '微生物数据库 · 药敏解释 · 微生物鉴定',
      lead: '为临床微生物实验室打造的中英双语工作台：查得到权威的分类与折点，解释得清每一个药敏结果，鉴定得准每一条序列。',
      pillars: [
        { to: '/resource', title: '资源库', text: '分类学、抗菌药物、CLSI/EUCAST 折点与专家规则' },
        { to: '/lab', title: '药敏解释', text: '按指南判读 MIC 与抑菌圈，每个结果都有依据' },
        { to: '/blast', title: '微生物鉴定', text: '16S/18S、基因组、质谱、生化与形态鉴定，给出置信水平' },
      ],
    },
    sectionNav: { about: '关于', resource: '资源库', database: '数据来源', lab: '药敏解释', blast: '微生物鉴定', china: '服务中国实验室', quick: '快速入口' },
    about: {
      title: '关于 MDC',
      paragraphs: [
        '微生物实验室每天都要回答三类问题：这个菌现在叫什么、属于哪里；这个药敏结果按现行指南应该报告 S、I 还是 R，为什么；这条测序结果到底是什么菌。答案分散在 LPSN、WHONET、CLSI 与 EUCAST 文件和 BLAST 工具之间，而且多半只有英文。',
        'MDC（微生物数据云）把这些工作放在同一个地方：数据库提供可引用的参考数据，药敏解释给出判读及其依据，鉴定模块对序列进行比对并说明可信程度。三部分使用同一套分类与药物数据，结果可以相互追溯。',
      ],
      facts: [
        { value: '2', label: '套药敏指南：CLSI 与 EUCAST，多个年度版本' },
        { value: '16S / 18S', label: 'rRNA 参考序列用于细菌与真菌鉴定' },
        { value: '中 / EN', label: '全站双语，菌种与药物均有规范中文名' },
      ],
    },
    resource: {
      title: '资源库：日常查阅的参考数据',
      lead: '每个条目都有固定地址，可在报告、讨论与培训中直接引用。',
      cards: [
        { to: '/resource/taxon', title: '菌种分类', text: '基于 LPSN 与 GBIF 的谱系、命名状态、同义名与更名记录，附 16S/18S 参考序列。' },
        { to: '/resource/atb', title: '抗菌药物', text: '中英文名称、WHONET 代码、别名、药物分类、ATC 编码与 WHO AWaRe 分组。' },
        { to: '/resource/bp', title: '折点', text: 'CLSI 与 EUCAST 的 MIC 与纸片扩散折点，按年份、方法、菌种、药物与感染部位筛选并导出。' },
        { to: '/resource/er', title: '专家规则', text: '天然耐药表型、WHONET 专家推断规则与 EUCAST 专家规则。' },
      ],
    },
    database: {
      title: '数据来源',
      lead: '所有参考数据均来自公开的权威来源，导入时保留来源与版本，便于核对原文。',
      columns: ['来源', '内容', '在 MDC 中的用途'],
      rows: [
        ['LPSN', '原核生物命名状态、正确名称与同义名', '菌种分类、更名追踪', 'microorganisms R 包（2022-12），GPL-2'],
        ['GBIF', '分类骨架与真菌等类群的谱系', '菌种分类、谱系浏览', 'microorganisms R 包（2022-12），GPL-2'],
        ['WHONET', '抗菌药物、菌种代码与分组、2011–2022 年折点、天然耐药与专家规则表、质控范围', '药物与折点、菌种层级匹配', 'WHONET AMR Interpretation Engine，GPL-3'],
        ['AMR R 包 3.0.0', 'CLSI 与 EUCAST 2011–2025 年临床折点、78,679 个分类单元、抗菌药物别名、EUCAST 预期耐药表型 v1.2 与专家规则 3.3', '2023–2025 年折点、EUCAST 规则与天然耐药、菌名识别', 'GPL-2；CLSI 与 EUCAST 同意这些表格在该包中公开使用（2023 年 6 月）'],
        ['CLSI', 'M100 等文件中的 MIC 与纸片扩散折点', '药敏解释（CLSI）', '经 WHONET 与 AMR 包收录'],
        ['EUCAST', '临床折点表、ECOFF 与专家规则', '药敏解释（EUCAST）、专家规则', '经 WHONET 与 AMR 包收录'],
        ['NCBI', '16S 与 18S rRNA 参考序列（6,290 种细菌与古菌、314 种真菌）', '16S/18S 序列鉴定', 'NCBI 公开数据（Debian ncbi-rrna-data）'],
        ['UNITE', '真菌 ITS1、ITS2 与完整 ITS 参考序列（IF+UNITE+INSDC，2024，按 Index Fungorum 命名）', '真菌 ITS 鉴定', 'UNITE 数据 CC BY-SA 4.0；整理仓库 GPL-3'],
        ['INSDC / RefSeq 基因组', '35 个临床相关菌种的 44 个参考基因组组装（取自公开工具的测试数据，每个文件注明出处）', '全基因组 ANI 鉴定', '公开组装；各文件的来源仓库与许可见其清单'],
        ['BacteriaMSLF', '42 个属 1,493 个种的理论蛋白质量（83,453 个蛋白，以核糖体蛋白为主；Cheng 等 2018，J Proteome Res）', '无谱库 MALDI-TOF 鉴定（属水平）', 'BSD-2'],
        ['MALDI-TOF 谱图', 'RKI 柠檬酸杆菌原始谱图（MSclassifR）与 8 个种的共识峰表（BacID，Yang 等 2018）', 'MALDI-TOF 谱库', 'GPL-3 及以上（MSclassifR）；MIT（BacID）'],
        ['生化反应表', "《伯杰氏手册》第 9 版肠杆菌科 66 个分类单元 × 43 项试验；DSMZ BacDive 的 API 试条孔位定义", '生化与形态鉴定', '代码表 MIT（aalsabag/Enterobacteriaceae）；试条表 BSD-3（kg-microbe）；其余概率矩阵由 MDC 按文献编写，每行注明出处'],
      ],
      note: '折点与规则以各指南发布的原文为准；MDC 的解释用于辅助判读，报告前请由专业人员审核。',
    },
    lab: {
      title: '药敏解释：每一个结果都有依据',
      lead: '技术人员读出 MIC 或抑菌圈直径后，需要按实验室采用的指南给出 S / SDD / I / R，并知道原因。MDC 逐条说明判读依据。',
      points: [
        '支持 CLSI 与 EUCAST，多个年度版本，默认使用本库数据中的最新年份',
        '按菌种层级选择最具体的折点，并按感染部位取舍：仅用于单纯性尿路感染、脑膜炎、口服等的折点不用于其他部位的分离株',
        '识别 ≤、≥、>、< 等限定值，跨越分类的结果标为不可解释（NI）并说明原因',
        '天然耐药与专家规则自动应用，保留原始分类并标明规则',
      ],
      exampleTitle: '判读说明示例',
      example: [
        '大肠埃希菌 · 氨苄西林 · MIC 16 mg/L',
        'MIC 16 mg/L > 耐药折点 8（EUCAST 2022，肠杆菌目）→ 耐药(R)',
        '肺炎克雷伯菌 · 氨苄西林 → R（天然耐药，与测定值无关）',
      ],
      links: [
        { to: '/lab', title: '开始药敏解释', text: '录入菌种与药敏结果' },
        { to: '/lab/hist', title: '药敏记录', text: '查看已提交的实验' },
      ],
    },
    blast: {
      title: '微生物鉴定：知道是什么，也知道有多确定',
      lead: '用 16S rRNA 序列、真菌 ITS 或 18S 序列、全基因组、MALDI-TOF 质谱、生化反应或形态学鉴定菌种：给出最佳匹配、相似度或得分、置信水平以及相近的候选菌种；方法无法区分的种报告为复合群，名称一律用现行名称。',
      methods: ['16S rRNA', '18S', '真菌 ITS', '基因组', 'MALDI-TOF 质谱', '生化反应', '形态学'],
      thresholds: ['16S 种水平：相似度 ≥ 98.7%，且与其他菌种相差 ≥ 0.5%', '16S 属水平：≥ 94.5%；科水平：≥ 86.5%', '基因组种水平：ANI ≥ 95%；属水平：≥ 85%'],
      links: [
        { to: '/blast', title: '开始鉴定', text: '粘贴序列或上传 FASTA' },
        { to: '/blast/hist', title: '鉴定记录', text: '查看历次鉴定任务' },
      ],
    },
    china: {
      title: '服务中国实验室',
      lead: 'MDC 以中文为默认语言，面向国内临床微生物实验室的日常工作设计。',
      points: [
        { title: '规范中文名称', text: '常见临床菌种及其属、所有有折点的抗菌药物都配有规范中文名，并注明来源；没有中文名时显示拉丁名或英文名。' },
        { title: '中英双语', text: '界面、判读说明与报告均有中英文两个版本，便于对照原始指南与国际交流。' },
        { title: '可在院内部署', text: '自带嵌入式数据库，无需其他服务即可运行；也可连接 PostgreSQL 服务器，数据留在您的网络内。' },
      ],
      namesTitle: '名称示例',
      names: [
        ['大肠埃希菌', 'Escherichia coli', 'organism'],
        ['肺炎克雷伯菌', 'Klebsiella pneumoniae', 'organism'],
        ['铜绿假单胞菌', 'Pseudomonas aeruginosa', 'organism'],
        ['金黄色葡萄球菌', 'Staphylococcus aureus', 'organism'],
        ['阿莫西林/克拉维酸', 'Amoxicillin/clavulanic acid', 'drug'],
        ['头孢他啶/阿维巴坦', 'Ceftazidime/avibactam', 'drug'],
      ],
    },
    quick: {
      title: '快速入口',
      lead: '常用页面一步直达。',
      links: [
        { to: '/bk', title: '折点速查', text: '菌种 + 药物，查看本库最新年份的折点' },
        { to: '/atb', title: '药物速查', text: '按名称、代码或别名找药物' },
        { to: '/resource/taxon', title: '菌种分类', text: '浏览与检索分类单元' },
        { to: '/resource/er', title: '专家规则', text: '天然耐药与推断规则' },
        { to: '/lab', title: '药敏解释', text: '按 CLSI/EUCAST 判读' },
        { to: '/blast', title: '微生物鉴定', text: '16S/18S、基因组、质谱、生化与形态' },
        { to: '/lab/hist', title: '药敏记录', text: '我的药敏实验' },
        { to: '/blast/hist', title: '鉴定记录', text: '我的鉴定任务' },
      ],
    },
  },
  en: {
    hero: {
      eyebrow: 'MDC · 微生物数据云',
      title: 'Microbe Data Cloud',
      tagline: 'Microbial database · AST interpretation · Identification',
      lead: 'A bilingual workbench for clinical microbiology laboratories: authoritative taxonomy and breakpoints to look up, every susceptibility result explained, every sequence identified with a stated confidence.',
      pillars: [
        { to: '/resource', title: 'Resource', text: 'Taxonomy, antimicrobials, CLSI/EUCAST breakpoints and expert rules' },
        { to: '/lab', title: 'Lab', text: 'MICs and zones interpreted by guideline, each result with its reason' },
        { to: '/blast', title: 'Blast', text: 'Identification by 16S/18S, genome, MALDI-TOF, biochemistry or morphology, with a confidence level' },
      ],
    },
    sectionNav: { about: 'About', resource: 'Resource', database: 'Data sources', lab: 'Lab', blast: 'Blast', china: 'For Chinese labs', quick: 'Quick links' },
    about: {
      title: 'About MDC',
      paragraphs: [
        'A microbiology lab answers three kinds of question every day: what is this organism called now and where does it belong; should this susceptibility result be reported S, I or R under the current guideline, and why; and what organism does this sequence come from. The answers are spread across LPSN, WHONET, the CLSI and EUCAST documents and BLAST tools.',
        'MDC, the Microbe Data Cloud, brings this work together: the database provides reference data you can cite, the susceptibility module gives interpretations with their reasons, and the identification module matches sequences and says how reliable the match is. All three share the same taxonomy and drug data, so results can be traced to each other.',
      ],
      facts: [
        { value: '2', label: 'AST guidelines: CLSI and EUCAST, several yearly versions' },
        { value: '16S / 18S', label: 'rRNA reference sequences for bacteria and fungi' },
        { value: '中 / EN', label: 'Bilingual throughout, with standard Chinese names' },
      ],
    },
    resource: {
      title: 'Resource: the reference data of daily work',
      lead: 'Every entry has a stable address to cite in reports, discussions and training.',
      cards: [
        { to: '/resource/taxon', title: 'Taxonomy', text: 'Lineage, nomenclatural status, synonyms and renamings from LPSN and GBIF, with 16S/18S reference sequences.' },
        { to: '/resource/atb', title: 'Antimicrobials', text: 'Chinese and English names, WHONET codes, aliases, class, ATC code and WHO AWaRe group.' },
        { to: '/resource/bp', title: 'Breakpoints', text: 'CLSI and EUCAST MIC and disk breakpoints, filtered by year, method, organism, drug and site, and exported.' },
        { to: '/resource/er', title: 'Expert rules', text: 'Expected resistant phenotypes, WHONET expert interpretation rules and EUCAST expert rules.' },
      ],
    },
    database: {
      title: 'Data sources',
      lead: 'All reference data comes from public authoritative sources; source and version are kept on import so the original can be checked.',
      columns: ['Source', 'Content', 'Used in MDC for'],
      rows: [
        ['LPSN', 'Prokaryotic nomenclature: status, correct names, synonyms', 'Taxonomy, tracking renamings', 'microorganisms R package (Dec 2022), GPL-2'],
        ['GBIF', 'Taxonomic backbone and lineages of fungi and other groups', 'Taxonomy, lineage browsing', 'microorganisms R package (Dec 2022), GPL-2'],
        ['WHONET', 'Antimicrobials, organism codes and groups, breakpoints 2011–2022, intrinsic resistance and expert rule tables, QC ranges', 'Drugs, breakpoints, organism hierarchy matching', 'WHONET AMR Interpretation Engine, GPL-3'],
        ['AMR R package 3.0.0', 'CLSI and EUCAST clinical breakpoints 2011–2025, 78,679 taxa, drug synonyms, EUCAST Expected Resistant Phenotypes v1.2 and Expert Rules 3.3', 'Breakpoints 2023–2025, EUCAST rules and intrinsic resistance, reading organism names', 'GPL-2; CLSI and EUCAST endorsed public use of these tables in the package (June 2023)'],
        ['CLSI', 'MIC and disk diffusion breakpoints (M100 and related documents)', 'AST interpretation (CLSI)', 'As published in WHONET and the AMR package'],
        ['EUCAST', 'Clinical breakpoint tables, ECOFFs and expert rules', 'AST interpretation (EUCAST), expert rules', 'As published in WHONET and the AMR package'],
        ['NCBI', '16S and 18S rRNA reference sequences (6,290 bacterial and archaeal species, 314 fungal species)', '16S/18S sequence identification', 'NCBI public data (Debian ncbi-rrna-data)'],
        ['UNITE', 'Fungal ITS1, ITS2 and full ITS reference sequences (IF+UNITE+INSDC, 2024, names per Index Fungorum)', 'Fungal ITS identification', 'UNITE data CC BY-SA 4.0; curated repository GPL-3'],
        ['INSDC / RefSeq genomes', '44 reference assemblies of 35 clinically relevant species (from public tools’ test data, each file with its origin)', 'Whole-genome identification by ANI', 'Public assemblies; each file’s repository and licence in its manifest'],
        ['BacteriaMSLF', 'Theoretical protein masses of 1,493 species in 42 genera (83,453 proteins, mostly ribosomal; Cheng et al. 2018, J Proteome Res)', 'Library-free MALDI-TOF identification (genus level)', 'BSD-2'],
        ['MALDI-TOF spectra', 'Raw RKI Citrobacter spectra (MSclassifR) and consensus peak lists of 8 species (BacID, Yang et al. 2018)', 'MALDI-TOF spectral library', 'GPL ≥ 3 (MSclassifR); MIT (BacID)'],
        ['Biochemical tables', 'Bergey’s Manual (9th ed.) Enterobacteriaceae: 66 taxa × 43 tests; API strip well definitions from DSMZ BacDive', 'Biochemical and morphology identification', 'Code table MIT (aalsabag/Enterobacteriaceae); kit tables BSD-3 (kg-microbe); the other probability matrices written by MDC from the literature, each row with its source'],
      ],
      note: 'The published guideline texts are authoritative for breakpoints and rules; MDC’s interpretations support the reading and should be reviewed by qualified staff before reporting.',
    },
    lab: {
      title: 'Lab: a reason for every result',
      lead: 'After reading an MIC or a zone diameter, a technologist needs S / SDD / I / R under the lab’s guideline — and the reason. MDC states it for every single result.',
      points: [
        'CLSI and EUCAST, several yearly versions, the newest in the data by default',
        'The most specific breakpoint along the organism hierarchy, for the site of infection: a breakpoint for one site only (uncomplicated UTI, meningitis, oral…) is never applied to an isolate from another',
        'Qualified values such as ≤, ≥, > and < understood; results spanning categories are marked not interpretable (NI) with the reason',
        'Intrinsic resistance and expert rules applied automatically, the original category kept and the rule named',
      ],
      exampleTitle: 'Example explanations',
      example: [
        'Escherichia coli · ampicillin · MIC 16 mg/L',
        'MIC 16 mg/L > R breakpoint 8 (EUCAST 2022, Enterobacterales) → R',
        'Klebsiella pneumoniae · ampicillin → R (intrinsic resistance, whatever the value)',
      ],
      links: [
        { to: '/lab', title: 'Start an interpretation', text: 'Enter organism and results' },
        { to: '/lab/hist', title: 'AST history', text: 'Your submitted experiments' },
      ],
    },
    blast: {
      title: 'Blast: what it is, and how sure that is',
      lead: 'Identify by 16S rRNA sequence, fungal ITS or 18S sequence, whole genome, MALDI-TOF spectrum, biochemistry or morphology: top hit, similarity or score, confidence level, and the species that come close; species a method cannot split are reported as their complex, all in current names.',
      methods: ['16S rRNA', '18S', 'Fungal ITS', 'Genome', 'MALDI-TOF MS', 'Biochemistry', 'Morphology'],
      thresholds: ['16S species: similarity ≥ 98.7% with a margin ≥ 0.5% to other species', '16S genus: ≥ 94.5%; family: ≥ 86.5%', 'Genome species: ANI ≥ 95%; genus: ≥ 85%'],
      links: [
        { to: '/blast', title: 'Start an identification', text: 'Paste a sequence or upload FASTA' },
        { to: '/blast/hist', title: 'Identification history', text: 'Your identification tasks' },
      ],
    },
    china: {
      title: 'Serving Chinese laboratories',
      lead: 'Chinese is MDC’s default language: it is designed around the daily work of clinical microbiology labs in China.',
      points: [
        { title: 'Standard Chinese names', text: 'Common clinical species and their genera, and every antimicrobial with a breakpoint, carry their standard Chinese name with its source; the Latin or English name is shown where none exists.' },
        { title: 'Bilingual', text: 'Interface, interpretations and reports exist in Chinese and English, to compare with the original guidelines and to work with international colleagues.' },
        { title: 'Runs inside the hospital', text: 'An embedded database lets MDC run with no other service; it can also use a PostgreSQL server. Your data stays on your network.' },
      ],
      namesTitle: 'Name examples',
      names: [
        ['大肠埃希菌', 'Escherichia coli', 'organism'],
        ['肺炎克雷伯菌', 'Klebsiella pneumoniae', 'organism'],
        ['铜绿假单胞菌', 'Pseudomonas aeruginosa', 'organism'],
        ['金黄色葡萄球菌', 'Staphylococcus aureus', 'organism'],
        ['阿莫西林/克拉维酸', 'Amoxicillin/clavulanic acid', 'drug'],
        ['头孢他啶/阿维巴坦', 'Ceftazidime/avibactam', 'drug'],
      ],
    },
    quick: {
      title: 'Quick links',
      lead: 'The pages you use most, one step away.',
      links: [
        { to: '/bk', title: 'Breakpoint lookup', text: 'Organism + drug, breakpoints of the newest year in the data' },
        { to: '/atb', title: 'Drug lookup', text: 'Find a drug by name, code or alias' },
        { to: '/resource/taxon', title: 'Taxonomy', text: 'Browse and search taxa' },
        { to: '/resource/er', title: 'Expert rules', text: 'Intrinsic resistance and inference rules' },
        { to: '/lab', title: 'AST interpretation', text: 'Interpret by CLSI/EUCAST' },
        { to: '/blast', title: 'Identification', text: '16S/18S, genomes, MALDI-TOF, biochemistry, morphology' },
        { to: '/lab/hist', title: 'AST history', text: 'My experiments' },
        { to: '/blast/hist', title: 'Identification history', text: 'My identification tasks' },
      ],
    },
  },
};
