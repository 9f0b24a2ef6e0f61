// Installs PostgreSQL for the migration tests when missing and we are root. Never fails: without
// it the SQL tests run on PGlite alone.
import { execSync } from 'node:child_process';
import { findPostgres } from '../supabase/tests/real-postgres';

if (!findPostgres() && process.getuid?.() === 0) {
  console.log('PostgreSQL is missing: installing Debian\'s "postgresql" package (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execSync('apt-get update -qq', { stdio: 'inherit', env });
    execSync('apt-get install -y -qq postgresql', { stdio: 'inherit', env });
  } catch (error) {
    console.log(`PostgreSQL could not be installed (${String(error).split('\n')[0]}).`);
  }
}
