import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config-schema';
import { appFilesAttribute } from './inline-script';
import { checkLiveSite } from './live-checks';
import { fileReader, filesImportedBy, filesNamedBy, filesOfPage } from './live-files';

const SITE = 'https://www.example.com';

const PAGE = `<!doctype html><html><head>
<link rel="canonical" href="${SITE}/solar">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" />
<link rel="icon" href="data:image/png;base64,AAAA">
<meta property="og:image" content="${SITE}/og-image.png"><meta property="og:image:alt" content="A picture">
<meta name="twitter:image" content="${SITE}/og-image.png"><meta name="twitter:card" content="summary_large_image">
<script ${appFilesAttribute({ module: '/assets/index-a.js', imports: ['/assets/runtime-b.js'], stylesheets: ['/assets/late-c.css'] })}>load()</script>
</head><body>
<a href="/privacy">Privacy</a> <a href="${SITE}/">Home</a> <a href="mailto:x@example.com">Mail</a>
<img src="/assets/portrait-d.webp" srcset="/assets/portrait-d.webp 1x, /assets/portrait-e.webp 2x" alt="">
<img src="https://cdn.example.net/x.png" alt=""><img src="//cdn.example.net/y.png" alt="">
<audio controls><source src="/samples/solar.ogg" type="audio/ogg"><source src="/samples/solar.wav" type="audio/wav">
<track kind="captions" src="/samples/solar.vtt"></audio>
</body></html>`;

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
  '/solar': PAGE,
  '/apple-touch-icon.png': 'png',
  '/og-image.png': 'png',
  '/assets/index-a.js':
    'import "./runtime-b.js";const m=()=>import("./chat-f.js");const deps=["assets/chat-f.js","assets/chat-g.css"];',
  '/assets/runtime-b.js': 'export const r=1;',
  '/assets/chat-f.js': 'import "./runtime-b.js";export const chat=1;',
  '/assets/chat-g.css': '.chat{}',
  '/assets/late-c.css': '.late{}',
  '/assets/portrait-d.webp': 'webp',
  '/assets/portrait-e.webp': 'webp',
  '/samples/solar.ogg': 'ogg',
  '/samples/solar.wav': 'wav',
  '/samples/solar.vtt': 'WEBVTT',
};

describe("check:live's files: what a page loads, served as built", () => {
  it("takes the files the HTML names: the loader's, images with their srcset, audio, captions, icons and the social picture; not pages, other origins or data:", () => {
    expect(filesNamedBy(PAGE, SITE)).toEqual([
      '/apple-touch-icon.png',
      '/assets/index-a.js',
      '/assets/late-c.css',
      '/assets/portrait-d.webp',
      '/assets/portrait-e.webp',
      '/assets/runtime-b.js',
      '/og-image.png',
      '/samples/solar.ogg',
      '/samples/solar.vtt',
      '/samples/solar.wav',
    ]);
  });

  it('takes the chunks a script imports beside it and the ones its preload list names from the root', () => {
    expect(filesImportedBy(BUILT['/assets/index-a.js']!, '/assets/index-a.js')).toEqual([
      '/assets/chat-f.js',
      '/assets/chat-g.css',
      '/assets/runtime-b.js',
    ]);
    expect(filesImportedBy('const url = "https://x.example/assets/y.js"', '/assets/a.js')).toEqual(
      [],
    );
  });

  it('follows the imports to the end and asks for each file once across pages', async () => {
    const { fetcher, asked } = host(BUILT);
    const read = fileReader(fetcher, SITE);
    const files = await filesOfPage(read, PAGE, SITE);
    expect(files.map((file) => file.path)).toEqual([
      '/apple-touch-icon.png',
      '/assets/chat-f.js',
      '/assets/chat-g.css',
      '/assets/index-a.js',
      '/assets/late-c.css',
      '/assets/portrait-d.webp',
      '/assets/portrait-e.webp',
      '/assets/runtime-b.js',
      '/og-image.png',
      '/samples/solar.ogg',
      '/samples/solar.vtt',
      '/samples/solar.wav',
    ]);
    expect(files.every((file) => file.problem === null)).toBe(true);
    await filesOfPage(read, PAGE, SITE);
    expect(asked).toHaveLength(new Set(asked).size);
  });

  it('names a missing file, a fallback page served in its place and a script or stylesheet of the wrong type', async () => {
    const files = { ...BUILT };
    delete files['/assets/late-c.css'];
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
      '/assets/late-c.css answered 404',
      '/assets/runtime-b.js is served as text/plain, which browsers refuse for a .js',
    ]);
  });

  it('fails the page in check:live, naming the file and what to publish; passes the whole build', async () => {
    const config = parseConfig(
      {
        VITE_SUPABASE_URL: 'https://abc.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'sb_publishable_123',
        VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo',
        VITE_SITE_URL: SITE,
        VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAA',
      },
      'production',
    );
    const solarLine = async (files: Record<string, string>) =>
      (await checkLiveSite(SITE, config, { fetcher: host(files).fetcher })).find((result) =>
        result.what.startsWith('/solar loads'),
      );
    expect(await solarLine(BUILT)).toEqual({
      ok: true,
      what: '/solar loads 12 files, each served as built',
    });
    const withoutLate = { ...BUILT };
    delete withoutLate['/assets/late-c.css'];
    const missing = await solarLine(withoutLate);
    expect(missing).toMatchObject({
      ok: false,
      what: '/solar loads 1 of 12 files not as built',
    });
    expect(missing?.fix).toMatch(/^\/assets\/late-c\.css answered 404: publish the whole build/);
  });
});
