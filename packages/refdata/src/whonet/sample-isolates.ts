import type { IsolateInput } from '@mdc/core/ast';
import type { SampleIsolate } from './sample-input';

/**
 * A WHONET file row as an isolate for the interpretation engine. Each test column
 * (AMP_ND10, PEN_NE…) is passed as the antibiotic: the engine reads drug, method
 * and disk content from it; the column letter gives the guideline. The column
 * name comes back as the result id.
 */
export function sampleToIsolateInput(sample: SampleIsolate, options: { guideline?: string; year?: number } = {}): IsolateInput {
  const guideline = options.guideline ?? sample.results.find((r) => r.guideline !== '')?.guideline;
  return {
    organism: sample.organismCode,
    ...(guideline ? { guideline } : {}),
    ...(options.year !== undefined ? { year: options.year } : {}),
    tests: sample.tests,
    results: sample.results.map((r) => ({ antibiotic: r.column, value: r.value, id: r.column })),
  };
}
