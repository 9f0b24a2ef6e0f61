import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { loadEnv } from 'vite';

const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/;
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
const SUPABASE_SECRET = /sb_secret_[A-Za-z0-9_-]{8,}/;
const LITERAL_BEARER = /Bearer\s+([A-Za-z0-9._~+/-]{16,}=*)/g;
/** A Vapi private key looks like its public key (a UUID): only its variable's name tells. */
const SECRET_NAME = /SECRET|PRIVATE|SERVICE_ROLE|PASSWORD|PASSWD|TOKEN|API_KEY|DATABASE_URL/i;

function jwtRole(token: string): unknown {
  try {
    const payload = Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8');
    return (JSON.parse(payload) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

/**
 * The shell's variables over the mode's .env files, every name (Vite's reading, every prefix): a
 * key kept in .env for a script (VAPI_PRIVATE_KEY for npm run agent:push) is looked for in the
 * built site too, though no build reads it.
 */
export const buildEnvironment = (viteMode: string, root: string): NodeJS.ProcessEnv =>
  loadEnv(viteMode, root, '');

/** Short values (flags) are left out: they would match by chance. */
export function secretEnvironmentValues(env: NodeJS.ProcessEnv, publicNames: readonly string[]) {
  return Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && !publicNames.includes(name) && value)
    .map(([, value]) => value!.trim())
    .filter((value) => value.length >= 8);
}

/** One line per secret-like thing in a built site; `publicValues` may appear as bearers. */
export async function findSecrets(dir: string, forbidden: string[], publicValues: string[] = []) {
  const findings: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    const text = (await readFile(path)).toString('latin1');
    const where = relative(dir, path);
    for (const [token] of text.matchAll(new RegExp(JWT, 'g'))) {
      const role = jwtRole(token);
      if (role !== 'anon') findings.push(`${where}: a JWT with role ${JSON.stringify(role)}`);
    }
    if (PRIVATE_KEY.test(text)) findings.push(`${where}: a private key`);
    if (SUPABASE_SECRET.test(text)) findings.push(`${where}: a Supabase secret key (sb_secret_)`);
    for (const [, token] of text.matchAll(LITERAL_BEARER))
      if (token && !publicValues.includes(token) && !JWT.test(token) && !token.startsWith('sb_'))
        findings.push(`${where}: a bearer credential written into the code`);
    for (const value of forbidden)
      if (value.length >= 8 && text.includes(value))
        findings.push(`${where}: a non-public environment value`);
  }
  return findings;
}
