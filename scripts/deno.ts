// Runs the Deno that the `deno` npm package installed (npm ci brings it; nothing else is
// downloaded): `tsx scripts/deno.ts <deno arguments>`. npm test runs the functions' own tests so.
import { spawnSync } from 'node:child_process';
import { denoPath } from '../server/edge-functions/functions-host';

const result = spawnSync(denoPath(), process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
