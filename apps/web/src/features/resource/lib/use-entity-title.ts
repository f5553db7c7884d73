/**
 * Detail pages name their taxon or drug in the title through the app's one document head, in
 * the words the server uses for the HTML it sends (both from contracts).
 */
export { useEntityTitle } from '../../../lib/document-head';
export { antibioticTitleName, taxonTitleName } from '@mdc/contracts';
