import { loadEnv } from 'vite';
import {
  LOCAL_ANON_KEY_DEFAULT,
  LOCAL_VITE_MODE,
  localDefaults,
  parseConfig,
  type SiteConfig,
} from '../../src/lib/config-schema.ts';

/** Configuration the unit tests run with: the local stack's values and a voice demo set up. */
const TEST_VALUES = {
  VITE_VAPI_PUBLIC_KEY: 'test-public-key',
  VITE_VAPI_ASSISTANT_ID: 'test-assistant-id',
};

/**
 * The validated site configuration for a Vite mode: .env files, then the shell's variables.
 * In local mode (`npm start`, the tests) whatever is unset points at the local stack.
 * Throws a ConfigError that lists every missing or malformed variable.
 */
export function resolveSiteConfig(
  viteMode: string,
  root: string,
  processEnv = process.env,
): SiteConfig {
  const isLocal = viteMode === LOCAL_VITE_MODE || viteMode === 'test' || viteMode === 'development';
  const env: Record<string, string> = { ...loadEnv(viteMode, root, 'VITE_') };
  for (const [key, value] of Object.entries(processEnv)) {
    if (key.startsWith('VITE_') && value !== undefined) env[key] = value;
  }
  if (isLocal) {
    const origin = `http://localhost:${processEnv.PORT ?? '4173'}`;
    const defaults = {
      ...localDefaults(origin, processEnv.LOCAL_ANON_KEY ?? LOCAL_ANON_KEY_DEFAULT),
      ...(viteMode === 'test' ? TEST_VALUES : {}),
    };
    for (const [key, value] of Object.entries(defaults)) {
      if (!env[key]) env[key] = value;
    }
  }
  return parseConfig(env, isLocal ? 'local' : 'production');
}
