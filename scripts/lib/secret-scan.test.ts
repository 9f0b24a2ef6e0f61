import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEnvironment, findSecrets, secretEnvironmentValues } from './secret-scan';

const jwt = (role: string) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase', role })}.c2lnbmF0dXJl`;
};
const VAPI_PUBLIC = '0b7f3c1e-8f1a-4d2b-9c3e-5a6b7c8d9e0f';
const VAPI_PRIVATE = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
let dir: string | undefined;

async function scan(code: string, forbidden: string[] = []) {
  dir = await mkdtemp(join(tmpdir(), 'secret-scan-'));
  await writeFile(join(dir, 'app.js'), code);
  return findSecrets(dir, forbidden, [VAPI_PUBLIC, jwt('anon')]);
}

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the secret scan of a built site', () => {
  it.each([
    ['a quoted sb_secret_ key', `const k="sb_secret_AbC123xyz_456";`],
    ['a single-quoted sb_secret_ key', `const k='sb_secret_AbC123xyz_456';`],
    ['an sb_secret_ key as a bearer', `h={Authorization:"Bearer sb_secret_AbC123xyz_456"}`],
  ])('finds %s', async (_what, code) => {
    expect(await scan(code)).toEqual(['app.js: a Supabase secret key (sb_secret_)']);
  });

  it('finds a service-role JWT, quoted or as a bearer, and lets the anon key be', async () => {
    expect(await scan(`a="${jwt('service_role')}"`)).toEqual([
      'app.js: a JWT with role "service_role"',
    ]);
    expect(await scan(`h="Bearer ${jwt('service_role')}"`)).toEqual([
      'app.js: a JWT with role "service_role"',
    ]);
    expect(await scan(`a="${jwt('anon')}";h="Bearer ${jwt('anon')}"`)).toEqual([]);
  });

  it('finds a Vapi private key by its value, quoted or as a bearer, but not the public key', async () => {
    const env = { VAPI_PRIVATE_KEY: VAPI_PRIVATE, VITE_VAPI_PUBLIC_KEY: VAPI_PUBLIC, CI: 'true' };
    const forbidden = secretEnvironmentValues(env, ['VITE_VAPI_PUBLIC_KEY']);
    expect(forbidden).toEqual([VAPI_PRIVATE]);
    expect(await scan(`k="${VAPI_PRIVATE}"`, forbidden)).toEqual([
      'app.js: a non-public environment value',
    ]);
    // Written as a bearer it is found even with no environment to compare with.
    expect(await scan(`h={Authorization:"Bearer ${VAPI_PRIVATE}"}`)).toEqual([
      'app.js: a bearer credential written into the code',
    ]);
    expect(await scan(`h={Authorization:"Bearer ${VAPI_PUBLIC}"};k="${VAPI_PUBLIC}"`)).toEqual([]);
  });

  it("looks for the secret-named values of .env too, which no build reads (the shell's win)", async () => {
    const root = await mkdtemp(join(tmpdir(), 'secret-scan-env-'));
    let forbidden: string[];
    try {
      await writeFile(
        join(root, '.env'),
        `VAPI_PRIVATE_KEY=${VAPI_PRIVATE}\nVITE_VAPI_PUBLIC_KEY=${VAPI_PUBLIC}\nVAPI_WEBHOOK_SECRET=from-dot-env-file\n`,
      );
      await writeFile(
        join(root, '.env.production'),
        'SUPABASE_SERVICE_ROLE_KEY=from-production-file\n',
      );
      vi.stubEnv('VAPI_PRIVATE_KEY', undefined);
      vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', undefined);
      vi.stubEnv('VAPI_WEBHOOK_SECRET', 'from-the-shell');
      const env = buildEnvironment('production', root);
      forbidden = secretEnvironmentValues(env, ['VITE_VAPI_PUBLIC_KEY']);
    } finally {
      vi.unstubAllEnvs();
      await rm(root, { recursive: true, force: true });
    }
    expect(forbidden).toEqual(
      expect.arrayContaining([VAPI_PRIVATE, 'from-the-shell', 'from-production-file']),
    );
    expect(forbidden).not.toContain('from-dot-env-file');
    expect(forbidden).not.toContain(VAPI_PUBLIC);
    expect(await scan(`k="${VAPI_PRIVATE}"`, forbidden)).toEqual([
      'app.js: a non-public environment value',
    ]);
  });

  it('finds a private key block', async () => {
    expect(await scan('-----BEGIN RSA PRIVATE KEY-----\nMIIE')).toEqual(['app.js: a private key']);
  });
});
