import type { LocalizedText } from '../index';

export type ItsMessageKey = 'identify.its.empty' | 'identify.its.unsupported';

export const ITS_MESSAGES: Readonly<Record<ItsMessageKey, LocalizedText>> = Object.freeze({
  'identify.its.empty': { en: 'The ITS sequence can not be empty', zh: 'ITS 序列不能为空' },
  'identify.its.unsupported': { en: 'Unsupported ITS sequence, please confirm and re-enter', zh: '不支持的 ITS 序列，请确认后重新输入' },
});

/** Which part of the query carried the answer, for the result and its exports. */
export const ITS_BASIS_LABELS: Readonly<Record<'ITS1' | 'ITS2' | 'ITS1+ITS2', LocalizedText>> = Object.freeze({
  ITS1: { en: 'ITS1 only', zh: '仅 ITS1' },
  ITS2: { en: 'ITS2 only', zh: '仅 ITS2' },
  'ITS1+ITS2': { en: 'ITS1 and ITS2 combined', zh: 'ITS1 与 ITS2 合并' },
});

/** How a whole ITS is read, shown beside the result. */
export const ITS_METHOD_NOTE: LocalizedText = Object.freeze({
  en:
    'The conserved 5.8S gene is found by local alignment against 5.8S sequences of six fungal classes; the part before it is ITS1 (after the 18S end motif), the part after it ITS2 (before the 28S start motif). ' +
    'Each part is searched against its own reference (IF+UNITE+INSDC, records shorter than 100 bases or without a species name left out) and the evidence of both is pooled per species: identical columns of both alignments over all their columns. ' +
    'A read without a 5.8S is searched against both spacer references and answered by the one it matches best.',
  zh:
    '通过与六个真菌纲的 5.8S 序列进行局部比对找到保守的 5.8S 基因；其前面（18S 末端基序之后）为 ITS1，其后面（28S 起始基序之前）为 ITS2。' +
    '每一部分分别在各自的参考库（IF+UNITE+INSDC，已剔除短于 100 bp 或未定种名的记录）中检索，两部分证据按种合并：两段比对的相同位点总数除以比对位点总数。' +
    '不含 5.8S 的读段同时在两个间隔区参考库中检索，取匹配更好的一个作答。',
});
