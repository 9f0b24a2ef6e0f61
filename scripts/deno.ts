// `tsx scripts/deno.ts <arguments>`: the Deno the `deno` npm package installed.
import { spawnSync } from 'node:child_process';
import { denoPath } from '../server/edge-functions/functions-host';

const result = spawnSync(denoPath(), process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
