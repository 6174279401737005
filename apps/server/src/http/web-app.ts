import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached (so a
 * deploy is picked up at once), and every unknown non-API GET answered with index.html so the
 * web router decides what to show (including its own not-found page).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined) {
  if (!webDistDir || !existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'web app not built: only the API is served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
