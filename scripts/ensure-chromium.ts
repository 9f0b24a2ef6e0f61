// Browser tests drive Debian's Chromium, installed here when missing and we are root.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './lib/chromium';

if (existsSync(CHROMIUM_PATH)) process.exit(0);

if (process.getuid?.() === 0) {
  console.log('Chromium is missing: installing Debian\'s "chromium" package (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync('apt-get install -y -qq chromium', { stdio: 'inherit', env });
  if (existsSync(CHROMIUM_PATH)) process.exit(0);
}
console.error(
  `\nThe browser tests need Chromium at ${CHROMIUM_PATH}.\n` +
    `Install it as root:  sudo apt-get install -y chromium\n` +
    `or point CHROMIUM_PATH at another Chromium or Chrome binary.\n`,
);
process.exit(1);
