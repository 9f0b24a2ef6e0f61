import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport } from 'vite';
import { calEmbedFile } from './scripts/lib/cal-embed-file.ts';
import { brandAssets } from './scripts/lib/brand-plugin.ts';
import { resolveSiteConfig } from './scripts/lib/site-config.ts';
import { site } from './site.config.ts';
import type * as HeroCopy from './src/content/hero.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => {
  const siteConfig = resolveSiteConfig(mode, root);
  return {
    plugins: [
      react(),
      // The brand palette from site.config.ts: ahead of Tailwind, which reads its theme.
      brandAssets(
        {
          brand: site.colors.brand,
          name: site.name,
          headline: () =>
            runnerImport<typeof HeroCopy>(
              fileURLToPath(new URL('./src/content/hero.ts', import.meta.url)),
            ).then(({ module }) => module.hero.headline),
        },
        root,
      ),
      tailwindcss(),
      // Book a time with Cal.com: its embed.js from the site's own origin.
      calEmbedFile(siteConfig.booking?.provider === 'cal'),
    ],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // Code the Edge Functions and the page both run (one source for both).
        '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
      },
    },
    define: {
      // Validated here, at build time, so the browser gets plain values and no validation code.
      __SITE_CONFIG__: JSON.stringify(siteConfig),
    },
    build: {
      // Modern browsers only: the audience is on current phones, and older syntax costs bytes.
      target: 'es2022',
      assetsInlineLimit: 0,
      // Every browser the site targets supports modulepreload natively.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // What the entry loads statically is one chunk, the app's script: Rolldown's automatic
          // splitting can otherwise pull modules the entry already has (React, its JSX runtime,
          // clsx, Vite's preload helper) into chunks of their own as soon as one more lazy chunk
          // (the lead card, Book a time) imports them, which is four more requests in every
          // page's first load for no byte saved (the same shape as rolldown/rolldown#10731).
          // The lazy chunks import what they share with the entry from it, as before.
          codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        },
      },
    },
  };
});
