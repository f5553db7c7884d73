import type { Locale } from '@mdc/contracts';

export type Texts = Record<Locale, string>;

/**
 * What the Lab API says, in both languages. The validation sentences are the ones labs know from
 * the older system, spelling corrected; the web form shows the same words.
 */
export const LAB_MESSAGES = {
  sampleNameRequired: { en: 'SampleName can not be null', zh: '样本名称不能为空' },
  bacteriaRequired: { en: 'Organism is required', zh: '菌种不能为空' },
  sampleTypeRequired: { en: 'Sample type can not be null', zh: '样本类型不能为空' },
  symptomRequired: { en: 'Site of infection is required', zh: '感染部位不能为空' },
  methodRequired: { en: 'Methods can not be null', zh: '检测方法不能为空' },
  unknownMethod: { en: 'method: not one of MIC, disk', zh: 'method（检测方法）：取值无效（可选：MIC、disk）' },
  micRequired: { en: 'MIC can not be null', zh: 'MIC 不能为空' },
  wrongMic: { en: 'wrong MIC', zh: 'MIC 值有误' },
  wrongMicNotNumber: { en: 'wrong MIC: not a number (no spaces or text inside the value)', zh: 'MIC 值有误：不是数字（数值中不能有空格或文字）' },
  wrongMicNegative: { en: 'wrong MIC: negative', zh: 'MIC 值有误：为负数' },
  wrongMicRange: { en: 'wrong MIC: outside the dilution range 0.0001–2048 mg/L', zh: 'MIC 值有误：超出稀释范围 0.0001–2048 mg/L' },
  zoneRequired: { en: 'Zone diameter can not be null', zh: '抑菌圈直径不能为空' },
  wrongZone: { en: 'wrong zone diameter', zh: '抑菌圈直径有误' },
  wrongZoneNotNumber: { en: 'wrong zone diameter: not a number (no spaces or text inside the value)', zh: '抑菌圈直径有误：不是数字（数值中不能有空格或文字）' },
  wrongZoneNegative: { en: 'wrong zone diameter: negative', zh: '抑菌圈直径有误：为负数' },
  wrongZoneRange: { en: 'wrong zone diameter: outside 6–80 mm', zh: '抑菌圈直径有误：超出 6–80 mm' },
  antibioticsRequired: { en: 'Add at least one antibiotic', zh: '请至少添加一种抗菌药物' },
  tooManyResults: { en: 'At most 100 antibiotics per experiment', zh: '每个实验最多 100 种抗菌药物' },
  unknownBacteria: { en: 'Unknown organism: choose one from the list', zh: '无法识别的菌种，请从列表中选择' },
  unknownAntibiotic: { en: 'Unknown antibiotic', zh: '无法识别的抗菌药物' },
  duplicateAntibiotic: { en: 'This antibiotic is entered twice', zh: '该抗菌药物重复录入' },
  unknownGuideline: { en: 'Unknown guideline or year', zh: '无法识别的指南或年份' },
  unknownSampleType: { en: 'Unknown sample type', zh: '无法识别的样本类型' },
  unknownSite: { en: 'Unknown site of infection', zh: '无法识别的感染部位' },
  badResults: { en: 'The results could not be read', zh: '无法读取药敏结果' },
  badTests: { en: 'The isolate tests could not be read', zh: '无法读取菌株试验结果' },
  unknownTest: { en: 'Unknown isolate test: use ESBL, BETA_LACT, MECA_PCR or INDUC_CLI', zh: '无法识别的菌株试验：可用 ESBL、BETA_LACT、MECA_PCR、INDUC_CLI' },
  badTestResult: { en: 'A test result is + (positive) or - (negative)', zh: '试验结果只能为 +（阳性）或 -（阴性）' },
  badExpertRules: { en: 'Apply expert rules is true or false', zh: '“应用专家规则”只能为 true 或 false' },
  fileRequired: { en: 'Please choose an isolate file', zh: '请选择菌株文件' },
  fileTooLarge: { en: 'The file is too large', zh: '文件过大' },
  fileEmpty: { en: 'The file holds no isolates', zh: '文件中没有菌株' },
  notFound: { en: 'No such experiment', zh: '未找到该实验' },
  notReady: { en: 'The experiment is still running', zh: '实验仍在运行中' },
  notBatch: { en: 'Only batch experiments have a result file', zh: '只有批量实验才有结果文件' },
  deleted: { en: 'Deleted', zh: '已删除' },
  badCollectionDate: { en: 'Collection date: a date as yyyy-mm-dd', zh: '采集日期格式应为 yyyy-mm-dd' },
  futureCollectionDate: { en: 'Collection date: not after today', zh: '采集日期不能晚于今天' },
  unknownSetting: { en: 'Patient setting: inpatient, outpatient or emergency', zh: '患者类型只能为住院、门诊或急诊' },
  badTimeZone: { en: 'Unknown time zone: use an IANA name such as Asia/Shanghai or Europe/Berlin', zh: '无法识别的时区：请使用 IANA 时区名，如 Asia/Shanghai、Europe/Berlin' },
  noFont: {
    en: 'PDF export needs a font with Chinese characters on the server: install the Debian package fonts-noto-cjk or set MDC_PDF_FONT to a .ttf/.otf/.ttc file. Excel export and the print view work meanwhile.',
    zh: '服务器上缺少含中文字符的字体，无法导出 PDF：请安装 Debian 软件包 fonts-noto-cjk，或设置 MDC_PDF_FONT 指向 .ttf/.otf/.ttc 字体文件。Excel 导出与打印视图不受影响。',
  },
} as const satisfies Record<string, Texts>;

export type LabMessageKey = keyof typeof LAB_MESSAGES;

export function importHintTexts(dataDir: string | undefined): Texts {
  const where = dataDir ? { zh: `（数据目录：${dataDir}）`, en: ` (data folder: ${dataDir})` } : { zh: '', en: '' };
  return {
    zh: `参考数据（折点、菌种、抗菌药物）尚未导入，暂时无法判读。请在服务器上运行 npx mdc import${where.zh}。`,
    en: `The reference data (breakpoints, organisms, drugs) has not been imported yet, so nothing can be interpreted. On the server, run npx mdc import${where.en}.`,
  };
}

/** An uploaded batch beyond what one batch job interprets (see MAX_BATCH_RESULTS in plugin.ts). */
export function tooManyResults(results: number, isolates: number, limit: number): { en: string; zh: string } {
  return {
    en: `The file holds ${results} test results (${isolates} isolates); one uploaded batch is interpreted with at most ${limit}. Split the file, or interpret it on the command line with mdc interpret --input`,
    zh: `文件含 ${results} 个药敏结果（${isolates} 株菌）；网页上传的一个批次最多判读 ${limit} 个结果。请拆分文件，或在命令行用 mdc interpret --input 判读`,
  };
}

const CJK = /[\u3000-\u9fff]/;

/** A reason in both languages as one job-failure message (English line, then Chinese), as labFailureTexts parts it. */
export function bilingualReason(texts: Texts): string {
  return `${texts.en.replace(/\n/g, ' ')}\n${texts.zh.replace(/\n/g, ' ')}`;
}

/**
 * A failed job's reason for its reader, one language each (the queue hands on a message string,
 * also from `mdc worker` processes): a reason written in both languages (English line, then Chinese)
 * is split; running out of memory says what to do; anything else is wrapped in a sentence of the
 * reader's language, its own words kept in brackets (as identification tasks do).
 */
export function labFailureTexts(error: string): Texts {
  const lines = error.split('\n');
  if (lines.length === 2 && !CJK.test(lines[0]!) && CJK.test(lines[1]!)) return { en: lines[0]!, zh: lines[1]! };
  if (/out of memory|ERR_WORKER_OUT_OF_MEMORY|heap limit/i.test(error)) {
    return {
      zh: '判读时内存不足，未能完成。请把文件拆成几部分分别上传，或在命令行用 mdc interpret --input 判读。',
      en: 'The interpretation ran out of memory and could not finish. Upload the file in parts, or interpret it on the command line with mdc interpret --input.',
    };
  }
  const own = error.slice(0, 500);
  return { zh: `药敏判读未能完成，请稍后重新提交（${own}）`, en: `The interpretation could not be completed; please submit it again later (${own})` };
}
