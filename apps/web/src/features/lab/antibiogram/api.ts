import { api } from '../../../lib/http';
import type { Localized } from '../api';

export interface AntibiogramCell {
  organism: string;
  drug: string;
  n: number;
  susceptible: number;
  percent: number | null;
  belowMinimum: boolean;
  intrinsic: boolean;
  guidelines: string[];
}

export interface AntibiogramRow {
  organism: string;
  name: Localized;
  gram: '+' | '-' | '';
  isolates: number;
  cells: AntibiogramCell[];
}

export interface AntibiogramData {
  statements: Localized[];
  counts: { received: number; screening: number; filtered: number; undated: number; withoutPatient: number; repeats: number; first: number };
  periods: string[];
  period: string;
  table: { period: string; organisms: AntibiogramRow[]; suppressed: Array<{ organism: string; drug: string; n: number; note: Localized }> } | null;
  drugs: Record<string, Localized>;
  trend: Array<{ organism: string; drug: string; points: Array<{ period: string; n: number; percent: number | null }> }>;
  rules: { minIsolates: number };
  /** Phenotype rates, each only for the species its definition is for; percent null below the minimum. */
  incidence: Array<{ period: string; alert: string; organism: string; name: Localized; isolates: number; withAlert: number; percent: number | null; belowMinimum: boolean }>;
  phenotypes: Array<{ code: string; label: Localized; name: Localized; scope: Localized; definition: Localized; source: string }>;
  combination: { organism: string; drugs: [string, string]; n: number; susceptible: number; percent: number | null; belowMinimum: boolean } | null;
  facets: { specimenTypes: string[]; wards: string[]; settings: string[]; isolates: number; guidelines: string[] };
  rereading: boolean;
}

/** What the page asks for; every value is a query parameter of /api/lab/antibiogram as it stands. */
export type AntibiogramQuery = Record<string, string>;

export const antibiogramApi = {
  report: (query: AntibiogramQuery) => api.get<AntibiogramData>('/api/lab/antibiogram', query),
  reread: (guideline: string) => api.post<{ guideline: string; year: number }>('/api/lab/antibiogram/reread', { guideline }),
};
