import type { MethodCommand } from '../method-command';

export const proteomeCommand: MethodCommand = {
  ids: ['proteome'],
  async run(_method, argv) {
    const [{ runProteomeIdentify }, { importedLibrary, importedProteins }] = await Promise.all([import('./cli'), import('./imported')]);
    await runProteomeIdentify(argv, { library: importedLibrary, proteins: importedProteins });
  },
};
