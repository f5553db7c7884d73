import type { MethodCommand } from '../method-command';

export const biochemCommand: MethodCommand = {
  ids: ['biochem', 'morphology'],
  async run(method, argv) {
    const { runBiochemIdentify } = await import('./cli');
    // `--method morphology` reads the primary tests: the panel goes without saying.
    const panelGiven = argv.some((a) => a === '--panel' || a.startsWith('--panel=') || a === '--query' || a.startsWith('--query='));
    await runBiochemIdentify(method === 'morphology' && !panelGiven ? ['--panel', 'primary', ...argv] : argv);
  },
};
