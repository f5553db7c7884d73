import type { MethodCommand } from '../method-command';

export const itsCommand: MethodCommand = {
  ids: ['ITS'],
  async run(_method, argv) {
    const { runItsIdentify } = await import('./cli');
    await runItsIdentify(argv);
  },
};
