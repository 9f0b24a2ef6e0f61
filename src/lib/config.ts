import type { SiteConfig } from './config-schema';
import type { FunctionsClient } from './functions';

declare const __SITE_CONFIG__: SiteConfig;

/**
 * The site's public configuration. The VITE_* variables are read and validated once, at build
 * time, by `parseConfig` (config-schema.ts); Vite inlines the result here.
 */
export const config: SiteConfig = __SITE_CONFIG__;

/** The site's own Edge Functions: its Supabase project's, called with its anon key. */
export const siteFunctions: FunctionsClient = {
  functionsUrl: config.functionsUrl,
  anonKey: config.supabaseAnonKey,
};
