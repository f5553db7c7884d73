#!/usr/bin/env node
// The `mdc` command. Sources are TypeScript, loaded through tsx so that the repository needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
await main(process.argv.slice(2));
