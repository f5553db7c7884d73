import type { MethodCommand } from '../method-command';
import { MARKERS, type Marker } from './submission';

export const rrnaCommand: MethodCommand = {
  ids: MARKERS,
  async run(method, argv) {
    const { runRrnaIdentify } = await import('./cli');
    await runRrnaIdentify(argv, method as Marker);
  },
};
