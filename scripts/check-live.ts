// `npm run check:live -- <site-url>`, run with the VITE_ variables the deployed build had.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionsWithoutKeyCheck, listFunctions } from '../server/edge-functions/functions-host';
import { readMigrations } from '../server/postgres/migrations';
import { ConfigError, LOCAL_VITE_MODE } from '../src/lib/config-schema';
import { agentEnvironment } from './lib/assistant-sync';
import { checkLiveSite, formatResults } from './lib/live-checks';
import { resolveServiceRoleKey, resolveSiteConfig } from './lib/site-config';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const args = process.argv.slice(2);
  const local = args.includes('--local');
  const flags = ['--accept-public-key', '--accept-browser-leads'] as const;
  const accepted = new Set(flags.filter((flag) => args.includes(flag)));
  const site = args.find((arg) => !arg.startsWith('--'));
  if (!site || !URL.canParse(site)) {
    console.error(
      'Usage: npm run check:live -- https://www.example.com [--accept-public-key] [--accept-browser-leads] [--local]',
    );
    process.exit(2);
  }
  const mode = local ? LOCAL_VITE_MODE : 'production';
  let config;
  try {
    config = resolveSiteConfig(mode, root);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error('Set the VITE_ variables the deployed build had (README, "Configuration"):');
    for (const problem of error.problems) console.error(`  - ${problem}`);
    process.exit(2);
  }
  console.log(`Checking ${new URL(site).origin} (functions at ${config.functionsUrl})`);
  const noKeyCheck = functionsWithoutKeyCheck();
  const results = await checkLiveSite(site, config, {
    accepted,
    migrations: await readMigrations(),
    functions: listFunctions().map((name) => ({ name, verifyJwt: !noKeyCheck.has(name) })),
    serviceRoleKey: resolveServiceRoleKey(mode, root),
    // A local check reads them from the shell only: .env's are the deployed project's.
    agentEnv: agentEnvironment(root, { dotEnv: !local }),
  });
  for (const line of formatResults(results)) console.log(line);
  const failed = results.filter((result) => !result.ok).length;
  console.log(failed === 0 ? 'All checks passed.' : `${failed} check(s) failed.`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
