// A thread for the thread-pool test, loaded from the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./budget-thread.ts');
