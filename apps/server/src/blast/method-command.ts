import type { IdentificationMethod } from '@mdc/core/identify';

/**
 * A method's command line (`mdc identify --method <id>`), kept apart from the method's server code
 * so that running one method's command loads that method's code only — not every method's
 * engines, routes and PDF drawing (about half a second of a one-genome command).
 */
export interface MethodCommand {
  ids: readonly IdentificationMethod[];
  run(method: IdentificationMethod, argv: string[]): Promise<void>;
}
