// The migration tests also run on a real PostgreSQL server (supabase/tests/real-postgres.ts). Installs
// Debian's `postgresql` when it is missing and we are root, as scripts/ensure-chromium.ts does for
// the browser. Never fails: without it, the SQL tests say so in one line and run on PGlite alone.
import { execSync } from 'node:child_process';
import { findPostgres } from '../supabase/tests/real-postgres';

if (!findPostgres()) {
  if (process.getuid?.() === 0) {
    console.log('PostgreSQL is missing: installing Debian\'s "postgresql" package (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execSync('apt-get update -qq', { stdio: 'inherit', env });
      execSync('apt-get install -y -qq postgresql', { stdio: 'inherit', env });
    } catch (error) {
      console.log(`PostgreSQL could not be installed (${String(error).split('\n')[0]}).`);
    }
  }
}
