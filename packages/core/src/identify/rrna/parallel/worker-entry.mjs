// Worker bootstrap in plain JavaScript. The engine is TypeScript, and on Node 20 tsx's loader does
// not install itself in worker threads even when the parent ran under tsx, so register it here.
// (A bundled build points the pool at its compiled worker instead and skips this file.)
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
