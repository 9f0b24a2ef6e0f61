import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { CAL_EMBED_PATH } from '../../src/lib/booking.ts';

const require = createRequire(import.meta.url);

/** Cal.com's embed script as @calcom/embed-core ships it (the version package.json pins). */
export function calEmbedScript(): string {
  return readFileSync(require.resolve('@calcom/embed-core/dist/embed/embed.js'), 'utf8');
}

/**
 * The Vite plugin that serves Cal's embed.js from the site's own origin (CAL_EMBED_PATH), so no
 * third-party script runs and script-src stays 'self': the build writes it into dist/ when Book a
 * time opens Cal.com (`enabled`), and the dev server answers it. embed.js needs no other file:
 * its styles are inside it (scripts/lib/booking-styles.ts), and it fetches nothing itself.
 */
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
