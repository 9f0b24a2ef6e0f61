import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config-schema';
import { twoTrades } from '../../src/test/trades';
import { appFilesAttribute } from './inline-script';
import { checkLiveSite } from './live-checks';
import { fileReader, filesImportedBy, filesNamedBy, filesOfPage } from './live-files';

const SITE = 'https://www.example.com';
/** A trade's page of site.config.ts, whichever it is, and the sample call it plays. */
const [{ path: TRADE_PAGE, slug }] = twoTrades();

const PAGE = `<!doctype html><html><head>
<link rel="canonical" href="${SITE}${TRADE_PAGE}">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" />
<link rel="icon" href="data:image/png;base64,AAAA">
<meta property="og:image" content="${SITE}/og-image.png"><meta property="og:image:alt" content="A picture">
<meta name="twitter:image" content="${SITE}/og-image.png"><meta name="twitter:card" content="summary_large_image">
<script ${appFilesAttribute({ module: '/assets/index-a.js', imports: ['/assets/runtime-b.js'], stylesheets: ['/assets/index-c.css'] })}>load()</script>
</head><body>
<a href="/privacy">Privacy</a> <a href="${SITE}/">Home</a> <a href="mailto:x@example.com">Mail</a>
<img src="/assets/portrait-d.webp" srcset="/assets/portrait-d.webp 1x, /assets/portrait-e.webp 2x" alt="">
<img src="https://cdn.example.net/x.png" alt=""><img src="//cdn.example.net/y.png" alt="">
<a href="https://video.example.net/storage/v1/object/public/assets/demo.mp4">Watch the demo</a>
<script type="application/ld+json">{"image":"${SITE}/assets/founder-f.webp","sameAs":"https://elsewhere.example/assets/x.png"}</script>
<meta property="og:image" content="">
<audio controls><source src="/samples/${slug}.ogg" type="audio/ogg"><source src="/samples/${slug}.wav" type="audio/wav">
<track kind="captions" src="/samples/${slug}.vtt"></audio>
</body></html>`;

/** A production build's required variables, for this site. */
const VARIABLES = {
  VITE_SUPABASE_URL: 'https://abc.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'sb_publishable_123',
  VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo',
  VITE_SITE_URL: SITE,
  VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAA',
};
const config = parseConfig(VARIABLES, 'production');

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  webp: 'image/webp',
  png: 'image/png',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  vtt: 'text/vtt',
};

/** A host serving `files` with their types; anything else answered by `missing`. */
function host(
  files: Record<string, string>,
  missing = () => new Response('gone', { status: 404 }),
) {
  const asked: string[] = [];
  const fetcher = async (url: string) => {
    const path = new URL(url).pathname;
    asked.push(path);
    const body = files[path];
    if (body === undefined) return missing();
    const type = TYPES[path.split('.').pop()!] ?? 'text/html; charset=utf-8';
    return new Response(body, { headers: { 'Content-Type': type } });
  };
  return { fetcher, asked };
}

const BUILT: Record<string, string> = {
  [TRADE_PAGE]: PAGE,
  '/apple-touch-icon.png': 'png',
  '/og-image.png': 'png',
  '/assets/index-a.js':
    'import "./runtime-b.js";const m=()=>import("./chat-f.js");const deps=["assets/chat-f.js","assets/chat-g.css"];',
  '/assets/runtime-b.js': 'export const r=1;',
  '/assets/chat-f.js': 'import "./runtime-b.js";export const chat=1;',
  '/assets/chat-g.css': '.chat{}',
  '/assets/index-c.css': '.sheet{}',
  '/assets/portrait-d.webp': 'webp',
  '/assets/portrait-e.webp': 'webp',
  '/assets/founder-f.webp': 'webp',
  [`/samples/${slug}.ogg`]: 'ogg',
  [`/samples/${slug}.wav`]: 'wav',
  [`/samples/${slug}.vtt`]: 'WEBVTT',
};

/** The files PAGE's HTML names, sorted. */
const NAMED = [
  '/apple-touch-icon.png',
  '/assets/founder-f.webp',
  '/assets/index-a.js',
  '/assets/index-c.css',
  '/assets/portrait-d.webp',
  '/assets/portrait-e.webp',
  '/assets/runtime-b.js',
  '/og-image.png',
  `/samples/${slug}.ogg`,
  `/samples/${slug}.vtt`,
  `/samples/${slug}.wav`,
];

describe("check:live's files: what a page loads, served as built", () => {
  it("takes the files the HTML names: the loader's, images with their srcset, audio, captions, icons and the social picture; not pages, other origins or data:", () => {
    expect(filesNamedBy(PAGE, SITE)).toEqual(NAMED);
  });

  it('takes the chunks a script imports beside it and the ones its preload list names from the root', () => {
    expect(filesImportedBy(BUILT['/assets/index-a.js']!, '/assets/index-a.js')).toEqual([
      '/assets/chat-f.js',
      '/assets/chat-g.css',
      '/assets/runtime-b.js',
    ]);
    // An image a section shows once rendered, named by the script that renders it.
    expect(
      filesImportedBy('const src = `/assets/founder-320-x.webp`;', '/assets/about-story-a.js'),
    ).toEqual(['/assets/founder-320-x.webp']);
    expect(filesImportedBy('const url = "https://x.example/assets/y.js"', '/assets/a.js')).toEqual(
      [],
    );
  });

  it('follows the imports to the end and asks for each file once across pages', async () => {
    const { fetcher, asked } = host(BUILT);
    const read = fileReader(fetcher, SITE);
    const files = await filesOfPage(read, PAGE, SITE);
    // What the HTML names, and the chunks index-a.js imports.
    expect(files.map((file) => file.path)).toEqual(
      [...NAMED, '/assets/chat-f.js', '/assets/chat-g.css'].sort(),
    );
    expect(files.every((file) => file.problem === null)).toBe(true);
    await filesOfPage(read, PAGE, SITE);
    expect(asked).toHaveLength(new Set(asked).size);
  });

  it('names a missing file, a fallback page served in its place and a script or stylesheet of the wrong type', async () => {
    const files = { ...BUILT };
    delete files['/assets/index-c.css'];
    delete files['/assets/chat-f.js'];
    const { fetcher } = host(files);
    const read = fileReader(async (url) => {
      const path = new URL(url).pathname;
      if (path === '/assets/chat-f.js')
        return new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } });
      if (path === '/assets/runtime-b.js')
        return new Response('export const r=1;', { headers: { 'Content-Type': 'text/plain' } });
      return fetcher(url);
    }, SITE);
    const wrong = (await filesOfPage(read, PAGE, SITE)).filter((file) => file.problem !== null);
    expect(wrong.map(({ path, problem }) => `${path} ${problem}`)).toEqual([
      "/assets/chat-f.js is served as text/html (the host's fallback page, not the file)",
      '/assets/index-c.css answered 404',
      '/assets/runtime-b.js is served as text/plain, which browsers refuse for a .js',
    ]);
  });

  it('fails the page in check:live, naming the file and what to publish; passes the whole build', async () => {
    const tradeLine = async (files: Record<string, string>) =>
      (await checkLiveSite(SITE, config, { fetcher: host(files).fetcher })).find((result) =>
        result.what.startsWith(`${TRADE_PAGE} loads`),
      );
    expect(await tradeLine(BUILT)).toEqual({
      ok: true,
      what: `${TRADE_PAGE} loads 13 files, each served as built`,
    });
    // Each page and file is asked for once, though the testing-key check reads them too.
    const once = host(BUILT);
    await checkLiveSite(SITE, config, { fetcher: once.fetcher });
    expect(once.asked.filter((path) => path === TRADE_PAGE)).toHaveLength(1);
    expect(once.asked.filter((path) => path === '/assets/index-a.js')).toHaveLength(1);
    const withoutSheet = { ...BUILT };
    delete withoutSheet['/assets/index-c.css'];
    const missing = await tradeLine(withoutSheet);
    expect(missing).toMatchObject({
      ok: false,
      what: `${TRADE_PAGE} loads 1 of 13 files not as built`,
    });
    expect(missing?.fix).toBe(
      '/assets/index-c.css answered 404: publish the whole build (every file in dist, dist/assets included)',
    );
    // A stylesheet typed wrong: the fix is the host's types, not the upload.
    const typedWrong = host(BUILT);
    const plain = await checkLiveSite(SITE, config, {
      fetcher: async (url) =>
        url.endsWith('/assets/index-c.css')
          ? new Response('.sheet{}', { headers: { 'Content-Type': 'text/plain' } })
          : typedWrong.fetcher(url),
    });
    expect(plain.find((result) => result.what.startsWith(`${TRADE_PAGE} loads`))?.fix).toBe(
      '/assets/index-c.css is served as text/plain, which browsers refuse for a .css: let the host type .js as JavaScript, .css as text/css and .vtt as text/vtt',
    );
  });

  it("fails a page without the app's loader, and gives no files line to a page that answered wrong", async () => {
    const pages = { ...BUILT, '/privacy': '<!doctype html><title>Parked domain</title>' };
    const results = await checkLiveSite(SITE, config, { fetcher: host(pages).fetcher });
    expect(results.find((result) => result.what.startsWith('/privacy names'))).toMatchObject({
      ok: false,
      what: '/privacy names no app to load',
    });
    // /about-me is not in `pages`: 404, a failure of its own, and no line about its files.
    expect(results.some((result) => result.what.startsWith('/about-me answers 404'))).toBe(true);
    expect(results.some((result) => /^\/about-me (loads|names)/.test(result.what))).toBe(false);
  });

  it("checks Cal.com's embed when Book a time opens Cal, and only then", async () => {
    const embed = (results: Awaited<ReturnType<typeof checkLiveSite>>) =>
      results.filter((result) => result.what.startsWith('/vendor/cal/embed.js'));
    const cal = parseConfig(
      { ...VARIABLES, VITE_BOOKING_URL: 'https://cal.com/owner/intro' },
      'production',
    );
    expect(cal.booking?.provider).toBe('cal');
    const without = embed(await checkLiveSite(SITE, cal, { fetcher: host(BUILT).fetcher }));
    expect(without).toEqual([
      expect.objectContaining({ ok: false, what: '/vendor/cal/embed.js answered 404' }),
    ]);
    const served = { ...BUILT, '/vendor/cal/embed.js': '(function(){})()' };
    expect(embed(await checkLiveSite(SITE, cal, { fetcher: host(served).fetcher }))).toEqual([
      expect.objectContaining({ ok: true }),
    ]);
    const noCal = config;
    expect(embed(await checkLiveSite(SITE, noCal, { fetcher: host(BUILT).fetcher }))).toEqual([]);
  });

  it('asks for a few files at a time, and again for one that did not answer', async () => {
    let inFlight = 0;
    let most = 0;
    let refusals = 1;
    const { fetcher } = host(BUILT);
    const read = fileReader(async (url) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      if (url.endsWith('/og-image.png') && refusals-- > 0) throw new TypeError('fetch failed');
      return fetcher(url);
    }, SITE);
    const first = await filesOfPage(read, PAGE, SITE);
    expect(most).toBeLessThanOrEqual(6);
    expect(most).toBeGreaterThan(1);
    expect(first.find((file) => file.path === '/og-image.png')?.problem).toMatch(/^no answer/);
    const again = await filesOfPage(read, PAGE, SITE);
    expect(again.every((file) => file.problem === null)).toBe(true);
  });
});
