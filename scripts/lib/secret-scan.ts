import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g;
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
const SUPABASE_SECRET = /sb_secret_[A-Za-z0-9_-]+/;

function jwtRole(token: string): unknown {
  try {
    const payload = token.split('.')[1] ?? '';
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role?: unknown })
      .role;
  } catch {
    return undefined;
  }
}

/**
 * Everything secret-like in a built site: a JWT whose role is not `anon` (a service-role key),
 * a Supabase secret key, a private key, or any of `forbiddenValues` (environment values that
 * are not the public configuration). Returns one line per finding.
 */
export async function findSecrets(dir: string, forbiddenValues: string[] = []): Promise<string[]> {
  const findings: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    const text = (await readFile(path)).toString('latin1');
    const where = relative(dir, path);
    for (const token of text.match(JWT) ?? []) {
      const role = jwtRole(token);
      if (role !== 'anon') findings.push(`${where}: a JWT with role ${JSON.stringify(role)}`);
    }
    if (PRIVATE_KEY.test(text)) findings.push(`${where}: a private key`);
    if (SUPABASE_SECRET.test(text)) findings.push(`${where}: a Supabase secret key`);
    for (const value of forbiddenValues) {
      if (value.length >= 8 && text.includes(value))
        findings.push(`${where}: a non-public environment value`);
    }
  }
  return findings;
}
