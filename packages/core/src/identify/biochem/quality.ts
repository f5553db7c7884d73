import type { LocalizedText } from '../index';

export const QUALITY_LEVELS = ['excellent', 'very good', 'good', 'acceptable', 'low discrimination', 'unacceptable'] as const;
export type QualityLevel = (typeof QUALITY_LEVELS)[number];

export const QUALITY_LABELS: Readonly<Record<QualityLevel, LocalizedText>> = Object.freeze({
  excellent: { en: 'Excellent identification', zh: '极好的鉴定' },
  'very good': { en: 'Very good identification', zh: '很好的鉴定' },
  good: { en: 'Good identification', zh: '好的鉴定' },
  acceptable: { en: 'Acceptable identification', zh: '可接受的鉴定' },
  'low discrimination': { en: 'Low discrimination', zh: '低鉴别力' },
  unacceptable: { en: 'Unacceptable profile', zh: '不可接受的生化谱' },
});
