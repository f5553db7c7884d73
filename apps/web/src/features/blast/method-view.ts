import type { ComponentType } from 'react';
import type { IdentificationMethod } from '@mdc/core/identify';
import type { BlastInfo, TaskDetail, TaskSummary } from './api';

/** The cards of /blast, in order; a card without a method view says its method comes later. */
export const METHOD_CARDS = ['16s', '18s', 'its', 'genome', 'ms', 'biochem', 'morph'] as const;
export type MethodCard = (typeof METHOD_CARDS)[number];

export interface MethodDialogProps {
  method: IdentificationMethod;
  open: boolean;
  info: BlastInfo | undefined;
  onClose(): void;
}

/**
 * What a method brings to the web app: its card on /blast, its dialog, its part of the result
 * page, and how the history shows its call. Each lives in the method's own folder.
 */
export interface BlastMethodView {
  id: IdentificationMethod;
  card: MethodCard;
  Dialog: ComponentType<MethodDialogProps>;
  Result: ComponentType<{ task: TaskDetail }>;
  /** The call in lists (history, recent tasks); a generic one is used without it. */
  Call?: ComponentType<{ task: TaskSummary }>;
  /** Facts of the task the result page shows in its summary (label, value). */
  facts?(task: TaskDetail, locale: 'zh' | 'en'): { label: string; value: string; testId?: string }[];
}
