import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { CAL_EMBED_PATH } from '../../src/lib/booking.ts';

const require = createRequire(import.meta.url);

export const calEmbedScript = () =>
  readFileSync(require.resolve('@calcom/embed-core/dist/embed/embed.js'), 'utf8');

/** Serves Cal's embed.js from the site's own origin, so script-src stays 'self'. */
export function calEmbedFile(enabled: boolean): Plugin {
  return {
    name: 'cal-embed-file',
    configureServer(server) {
      server.middlewares.use(CAL_EMBED_PATH, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        response.end(calEmbedScript());
      });
    },
    generateBundle() {
      if (!enabled || this.environment.config.consumer !== 'client') return;
      this.emitFile({
        type: 'asset',
        fileName: CAL_EMBED_PATH.slice(1),
        source: calEmbedScript(),
      });
    },
  };
}
