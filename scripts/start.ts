// `npm start`: builds the site in local mode and serves it with the local stack; a taken port is
// reported before the build, not after it.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localHost, localPort, portIsFree, portTakenLine } from '../server/local-config';
import { runBuild } from './lib/own-stack';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = localPort();

if (!(await portIsFree(port, localHost()))) {
  console.error(portTakenLine(port));
  process.exit(1);
}
const build = runBuild(['--mode', 'local'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
await import('../server/main');
