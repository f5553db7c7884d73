// Bootstrap of the breakpoint file thread when the server runs from its TypeScript sources: on
// Node 20 the tsx loader of the parent does not carry over into worker threads, so register it
// here. The compiled server starts the bundled thread instead (see apps/server/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./breakpoint-file-thread.ts');
