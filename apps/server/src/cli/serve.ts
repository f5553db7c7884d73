import { existsSync } from 'node:fs';
import type { Config } from '../config';
import { buildApp } from '../app';

export async function serve(config: Config): Promise<void> {
  const portal = await buildApp(config);
  const { app, db } = portal;
  if (!existsSync(config.webDist)) app.log.warn(`web app not built at ${config.webDist}: run "npm run build"`);
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: a signal sent to the process group reaches the server twice (bin/mdc.js
    // passes it on too); the second must not end it in the middle of closing.
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: shutting down`);
      portal.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: db.kind === 'pglite' ? `embedded PGlite in ${config.home}/db` : 'PostgreSQL server', mail: config.smtpUrl ? 'SMTP' : `outbox ${config.home}/outbox` },
    `MDC portal ready at ${config.publicUrl}`,
  );
}
