import { describe, expect, it } from 'vitest';
import { METHOD_COMMANDS } from '../../src/blast/commands';
import { BLAST_METHODS } from '../../src/blast/methods';

describe('the methods’ command lines', () => {
  it('are the command of every offered method, in the same order, so `mdc identify` need not load the methods', () => {
    expect(METHOD_COMMANDS.flatMap((c) => c.ids)).toEqual(BLAST_METHODS.flatMap((m) => m.ids));
    for (const method of BLAST_METHODS) {
      const command = METHOD_COMMANDS.find((c) => c.ids === method.ids);
      expect(command, method.ids.join()).toBeDefined();
      expect(method.command).toBe(command!.run);
    }
  });
});
