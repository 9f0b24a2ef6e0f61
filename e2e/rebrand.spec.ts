import { execFile } from 'node:child_process';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { site } from '../site.config';
import { pageTitle, type SiteDefinition } from '../supabase/functions/_shared/contracts/site';
import { brand } from '../src/content/brand';
import { hero } from '../src/content/hero';
import { brandPalette, type BrandStep } from '../scripts/lib/brand-palette';
import { drawSocialCard } from '../scripts/lib/brand-assets';
import { expect, isInViewport, test } from './fixtures';
import { useOwnStack } from './own-stack';

/**
 * An owner's rebrand: a copy of the repository whose site.config.ts alone is changed (a new name,
 * founder, e-mail, colour and phone, one trade left out), built and served on a stack of its own.
 * Nothing of the old configuration is left in any built file and the new one shows.
 */

const REMOVED = site.trades[1] ?? site.trades[0]!;
const REBRAND: SiteDefinition = {
  name: 'Northwind Voice',
  tagline: 'Phone agents for busy trades',
  email: 'team@northwind.example',
  phone: '+1 (415) 555-0123',
  founder: { name: 'Sam Rivera', firstName: 'Sam', role: 'Owner' },
  colors: { brand: '#7c3aed' },
  titleTemplate: '%s · Northwind Voice',
  trades: site.trades.filter((trade) => trade.slug !== REMOVED.slug),
};

const run = promisify(execFile);
const here = resolve(import.meta.dirname, '..');
let copy = '';

/** The repository's files as a clone has them, with this one's packages. */
async function copyRepository(): Promise<string> {
  copy = await mkdtemp(join(tmpdir(), 'rebrand-'));
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: here, maxBuffer: 1 << 24 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    await mkdir(dirname(join(copy, file)), { recursive: true });
    await copyFile(join(here, file), join(copy, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // deleted, not yet committed
    });
  }
  await symlink(join(here, 'node_modules'), join(copy, 'node_modules'));
  await writeFile(
    join(copy, 'site.config.ts'),
    `import type { SiteDefinition } from './supabase/functions/_shared/contracts/site.ts';\n\nexport const site: SiteDefinition = ${JSON.stringify(REBRAND, null, 2)};\n`,
  );
  return copy;
}

const { stack } = useOwnStack('rebrand', {}, copyRepository);

test.afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

async function builtFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test('no built file holds the old name, founder or e-mail', async () => {
  const old = [site.name, site.email, ...site.founder.name.split(' ')].map(
    (word) => new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'),
  );
  const files = await builtFiles(stack().siteDir);
  expect(files.length).toBeGreaterThan(20);
  const traces = [];
  for (const file of files) {
    const text = (await readFile(file)).toString('latin1');
    for (const pattern of old) {
      if (pattern.test(text)) traces.push(`${relative(stack().siteDir, file)}: ${pattern.source}`);
    }
  }
  expect(traces).toEqual([]);
});

test("every page's title carries the new name", async () => {
  const pages = (await builtFiles(stack().siteDir)).filter((file) => file.endsWith('.html'));
  expect(pages.length).toBeGreaterThanOrEqual(REBRAND.trades.length + 4);
  for (const file of pages) {
    const title = /<title>([^<]*)<\/title>/.exec(await readFile(file, 'utf8'))?.[1] ?? '';
    expect(title, relative(stack().siteDir, file)).toMatch(
      new RegExp(`^.+${pageTitle(REBRAND, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  }
});

test('the trade left out has no page, sitemap entry, link or sample', async ({ request }) => {
  const path = `/${REMOVED.slug}`;
  expect((await request.get(path)).status()).toBe(404);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`${path}<`);
  const files = await builtFiles(stack().siteDir);
  expect(files.map((file) => relative(stack().siteDir, file))).not.toContainEqual(
    expect.stringMatching(new RegExp(`^(${REMOVED.slug}/|samples/${REMOVED.slug}\\.)`)),
  );
  for (const file of files.filter((name) => name.endsWith('.html'))) {
    expect(await readFile(file, 'utf8'), relative(stack().siteDir, file)).not.toMatch(
      new RegExp(`href="${path}[/"?#]`),
    );
  }
  for (const trade of REBRAND.trades) {
    expect((await request.get(`/${trade.slug}`)).status()).toBe(200);
    expect((await request.get(`/samples/${trade.slug}.vtt`)).status()).toBe(200);
  }
});

/** A phone's first screen, as the other first-screen tests take it (e2e/first-screen.spec.ts). */
const PHONE = { width: 360, height: 800 };

/** `#abc` as `#aabbcc`, as the minifier may have written it. */
const longHex = (hex: string) =>
  hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}` : hex;

test('the CSS, the theme colour and the social card take the new brand colour', async () => {
  const palette = brandPalette(REBRAND.colors.brand);
  const files = await builtFiles(stack().siteDir);
  const css = (
    await Promise.all(
      files.filter((file) => file.endsWith('.css')).map((file) => readFile(file, 'utf8')),
    )
  ).join('\n');
  const shades = [...css.matchAll(/--color-brand-(\d+):\s*(#[0-9a-f]{3,6})\b/gi)];
  expect(shades.length).toBeGreaterThanOrEqual(5);
  for (const [, step, hex] of shades) {
    expect(longHex(hex!.toLowerCase()), `brand-${step}`).toBe(palette[Number(step) as BrandStep]);
  }
  const home = await readFile(join(stack().siteDir, 'index.html'), 'utf8');
  expect(home).toContain(`<meta name="theme-color" content="${palette[900]}"`);
  const card = await readFile(join(stack().siteDir, 'og-image.png'));
  const drawn = (name: string, colour: string) =>
    drawSocialCard({ name, headline: hero.headline, palette: brandPalette(colour) });
  expect(card.equals(await drawn(REBRAND.name, REBRAND.colors.brand))).toBe(true);
  expect(card.equals(await drawn(site.name, site.colors.brand))).toBe(false);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const path of ['/', `/${REBRAND.trades[0]!.slug}`]) {
    test(`${path} shows "Call the agent" with the new number in the first screen`, async ({
      page,
    }) => {
      await page.goto(path);
      const link = page.getByRole('link', { name: `${brand.nav.callAgent} ${REBRAND.phone}` });
      await expect(link).toBeVisible();
      expect(await link.getAttribute('href')).toBe('tel:+14155550123');
      expect(await isInViewport(page, 'a[href^="tel:"]')).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      // The longer name leaves the top bar's actions whole, on the screen.
      const bookCall = (await page
        .getByRole('button', { name: brand.nav.bookCall })
        .boundingBox())!;
      expect(bookCall.x + bookCall.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      if (path === '/') await page.screenshot({ path: test.info().outputPath('first-screen.png') });
      await expect(page).toHaveTitle(new RegExp(`${REBRAND.name}$`));
    });
  }

  test('the business data and the about page name the new business and founder', async ({
    page,
  }) => {
    await page.goto('/');
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    ) as { name?: string; telephone?: string; email?: string; founder?: { name?: string } };
    expect(data).toMatchObject({
      name: REBRAND.name,
      telephone: REBRAND.phone,
      email: REBRAND.email,
      founder: { name: REBRAND.founder.name },
    });
    await page.goto('/about-me');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(REBRAND.founder.firstName);
  });
});

test('the copy type-checks and lints unchanged', async () => {
  test.setTimeout(120_000);
  await run(
    process.execPath,
    [join(copy, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'],
    {
      cwd: copy,
    },
  );
  await run(
    process.execPath,
    [join(copy, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0'],
    {
      cwd: copy,
    },
  );
});
