import type { IdentificationMethod } from '@mdc/core/identify';
import type { TaskSummary } from './api';
import { biochemViews } from './biochem/view';
import { genomeView } from './genome/view';
import { itsView } from './its/view';
import { proteomeView } from './proteome/view';
import { rrnaViews } from './rrna/view';

import { type BlastMethodView, METHOD_CARDS, type MethodCard } from './method-view';

// The types live in method-view.ts, so that method folders need not import this registry.
export { METHOD_CARDS, type BlastMethodView, type MethodCard, type MethodDialogProps } from './method-view';

export const METHOD_VIEWS: readonly BlastMethodView[] = [...rrnaViews, itsView, genomeView, proteomeView, ...biochemViews];

export function methodView(id: IdentificationMethod | string | undefined): BlastMethodView | undefined {
  return METHOD_VIEWS.find((v) => v.id === id);
}

export function viewOfCard(card: MethodCard): BlastMethodView | undefined {
  return METHOD_VIEWS.find((v) => v.card === card);
}

/** `?method=genome` or `?marker=16S` in an address: the method it names, if offered. */
export function methodFromParam(value: string | null | undefined): IdentificationMethod | undefined {
  if (!value) return undefined;
  return METHOD_VIEWS.find((v) => v.id.toLowerCase() === value.trim().toLowerCase())?.id;
}

export type { TaskSummary };
