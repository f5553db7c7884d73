/** What the account pages say of the portal beside their form, in both languages. */
export const authAside = {
  zh: {
    title: '临床微生物实验室的数据工作台',
    points: [
      '资源库：LPSN/GBIF 分类学、抗菌药物、CLSI/EUCAST 折点与专家规则',
      '药敏解释：每一个 S / I / R 都给出折点与规则依据',
      '微生物鉴定：16S/18S 与真菌 ITS 序列、基因组、MALDI-TOF 质谱、生化反应与形态学，给出置信水平',
    ],
    note: '登录后，药敏与鉴定记录保存在您的账号下，仅您本人可见。',
  },
  en: {
    title: 'The data workbench of the clinical microbiology lab',
    points: [
      'Resource: LPSN/GBIF taxonomy, antimicrobials, CLSI/EUCAST breakpoints and expert rules',
      'Lab: every S / I / R comes with the breakpoint and rule behind it',
      'Blast: identification by 16S/18S or fungal ITS sequence, genome, MALDI-TOF spectrum, biochemistry and morphology, with a confidence level',
    ],
    note: 'Once logged in, your AST and identification records are kept in your account, visible to you only.',
  },
} as const;
