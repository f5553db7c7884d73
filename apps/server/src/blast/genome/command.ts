import type { MethodCommand } from '../method-command';

export const genomeCommand: MethodCommand = {
  ids: ['genome'],
  async run(_method, argv) {
    const { runGenomeIdentify } = await import('./cli');
    await runGenomeIdentify(argv);
  },
};
