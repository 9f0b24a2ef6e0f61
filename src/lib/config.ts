import type { SiteConfig } from './config-schema';
import type { FunctionsClient } from './functions';

declare const __SITE_CONFIG__: SiteConfig;

/** Validated once at build time by `parseConfig`; Vite inlines the result. */
export const config: SiteConfig = __SITE_CONFIG__;

export const siteFunctions: FunctionsClient = {
  functionsUrl: config.functionsUrl,
  anonKey: config.supabaseAnonKey,
};
