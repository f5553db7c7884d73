// Bootstrap of an identification thread, in plain JavaScript: on Node 20 the tsx loader of the
// parent does not carry over into worker threads (not even with execArgv), so register it here.
import { register } from 'tsx/esm/api';

register();
await import('./identify-thread.ts');
