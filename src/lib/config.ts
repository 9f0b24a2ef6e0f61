import type { SiteConfig } from './config-schema';

declare const __SITE_CONFIG__: SiteConfig;

/**
 * The site's public configuration. The VITE_* variables are read and validated once, at build
 * time, by `parseConfig` (config-schema.ts); Vite inlines the result here.
 */
export const config: SiteConfig = __SITE_CONFIG__;
