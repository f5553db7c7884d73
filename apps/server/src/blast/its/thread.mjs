// Bootstrap of the ITS identification thread, in plain JavaScript: on Node 20 the tsx loader of
// the parent does not carry over into worker threads, so register it here.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
