/**
 * The docs' lists that can drift from the code, each checked against it: README's configuration
 * table against the variables the config schema reads, `.env.example` likewise, every secret the
 * Edge Functions read against docs/deploy.md, and README's folder map against the folders of
 * src/features, supabase/functions and server, README's build outputs against the routes and the
 * files scripts/build.ts writes, docs/contracts.md's lead row against the lead's
 * keys (lead-fields.ts and the contract). A list edited by hand, or a new folder, variable or
 * field left out of the docs, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFunctions } from '../server/edge-functions/functions-host';
import { INDEXABLE_ROUTES } from '../src/app/routes';
import { trades } from '../src/content/trades';
import { CONFIG_VARIABLES } from '../src/lib/config-schema';
import { LEAD_ROW_KEYS } from '../supabase/functions/_shared/contracts/lead';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const folders = (path: string) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();

/** The rows of README's "Configuration" table: the variable of each. */
function configurationTable(readme: string): string[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `(VITE_[A-Z_]+)`/gm)].map((match) => match[1]!).sort();
}

/** The secrets the Edge Functions' settings read from their environment. */
function functionSecrets(settingsSources: string[]): string[] {
  const names = new Set<string>();
  for (const source of settingsSources)
    for (const [, name] of source.matchAll(/(?:env, |env\.|')([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g))
      names.add(name!);
  return [...names].sort();
}

/** README's folder map (the code block under "Where things live"). */
const folderMap = (readme: string) =>
  readme.split(/^## Where things live$/m)[1]?.split(/^```$/m)[1] ?? '';

describe('the docs say what the code has', () => {
  it("README's configuration table has a row for each variable the config schema reads, and no other", () => {
    expect(configurationTable(read('README.md'))).toEqual([...CONFIG_VARIABLES].sort());
    // (Tried by hand: a row removed or renamed fails here.)
    expect(configurationTable('## Configuration\n| `VITE_A` | a |\n## Next\n| `VITE_B` |')).toEqual(
      ['VITE_A'],
    );
  });

  it('.env.example names every variable', () => {
    const example = read('.env.example');
    expect(CONFIG_VARIABLES.filter((name) => !example.includes(name))).toEqual([]);
  });

  it('docs/deploy.md names every secret the functions read', () => {
    const sources = [
      read('supabase/functions/_shared/settings.ts'),
      ...listFunctions().map((name) => read(`supabase/functions/${name}/settings.ts`)),
    ];
    const secrets = functionSecrets(sources);
    expect(secrets).toContain('WEB_CALL_DAILY_MINUTES');
    const deploy = read('docs/deploy.md');
    expect(secrets.filter((name) => !deploy.includes(name))).toEqual([]);
  });

  it('the contracts, the architecture, the deploy guide and the security notes name every function', () => {
    for (const doc of [
      'docs/contracts.md',
      'docs/architecture.md',
      'docs/deploy.md',
      'docs/security.md',
    ]) {
      const text = read(doc);
      expect(
        listFunctions().filter((name) => !text.includes(name)),
        doc,
      ).toEqual([]);
    }
  });

  it("README's folder map names every feature, function and local-stack service", () => {
    const map = folderMap(read('README.md'));
    const missing = [
      ...folders('src/features').map((name) => `${name}/`),
      ...listFunctions(),
      ...folders('server').map((name) => `${name}/`),
    ].filter((name) => !map.includes(name));
    expect(missing).toEqual([]);
  });

  it("docs/contracts.md's lead row names the lead's keys in the webhook's order", () => {
    const row = read('docs/contracts.md')
      .split('\n')
      .find((line) => line.startsWith('| `lead.ts`'));
    const keys = row?.match(/`LeadRow`: `([^`]+)`/)?.[1]?.split(', ');
    expect(keys).toEqual(LEAD_ROW_KEYS);
  });

  it("README's build row names every page and every file the build writes", () => {
    const row = read('README.md')
      .split('\n')
      .find((line) => line.startsWith('| `npm run build`'));
    const written = [...read('scripts/build.ts').matchAll(/join\(distDir, '([^']+)'\)/g)]
      .map((match) => match[1]!)
      .filter((name) => !name.startsWith('.'));
    expect(written).toContain('_redirects');
    // The trades' pages are named once, as a pattern: their list is site.config.ts's.
    const tradePaths = new Set(trades.map((trade) => trade.path as string));
    const pages = INDEXABLE_ROUTES.map((route) => route.path as string).filter(
      (path) => !tradePaths.has(path),
    );
    const missing = [...pages, '/<slug>', '404.html', ...written].filter(
      (name) => !row?.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });

  it('docs/contracts.md names every contract, docs/architecture.md every feature', () => {
    const contracts = read('docs/contracts.md');
    const architecture = read('docs/architecture.md');
    const missing = [
      ...readdirSync(join(root, 'supabase/functions/_shared/contracts'))
        .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
        .filter((file) => !new RegExp(`[\`/]${file.replace('.', '\\.')}\``).test(contracts)),
      ...folders('src/features')
        .map((name) => `src/features/${name}/`)
        .filter((folder) => !architecture.includes(`\`${folder}\``)),
    ];
    expect(missing).toEqual([]);
  });
});
