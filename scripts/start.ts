// `npm start`: checks the port, builds the site in local mode, then serves it with the local
// stack (server/main.ts). A taken port is reported in one line before the build, not after it.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localHost, localPort, portIsFree, portTakenLine } from '../server/local-config';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = localPort();
const host = localHost();

if (!(await portIsFree(port, host))) {
  console.error(portTakenLine(port));
  process.exit(1);
}
const build = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/build.ts', '--mode', 'local'],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);
await import('../server/main');
