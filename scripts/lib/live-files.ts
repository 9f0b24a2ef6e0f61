/**
 * The files a deployed page makes the browser ask for, as check:live reads them: the ones its
 * HTML names (the app's module, imports and late stylesheet in the loader's `data-app`, images,
 * audio, captions, icons), and the chunks those scripts import, followed to the end. Each must be
 * served as built: 200, not the host's fallback page, and a script, stylesheet or caption file
 * with a type the browser accepts (the site sends `X-Content-Type-Options: nosniff`, so a wrong
 * type is refused, not guessed). A deploy that left out `dist/assets` or one page's late
 * stylesheet fails here instead of on a visitor.
 */

/** What one file answered; `problem` is null when it is served as built. */
export interface ServedFile {
  path: string;
  problem: string | null;
  /** A script's text (when it answered 200), to follow its imports. */
  text?: string;
}

export type FileFetch = (url: string) => Promise<Response>;

/**
 * The types a browser runs a module script or applies a stylesheet with (nosniff), and shows
 * captions with (Firefox drops a `<track>` served as anything but text/vtt).
 */
const STRICT_TYPES: Record<string, RegExp> = {
  js: /^(text|application)\/(x-)?(javascript|ecmascript)\b/i,
  mjs: /^(text|application)\/(x-)?(javascript|ecmascript)\b/i,
  css: /^text\/css\b/i,
  vtt: /^text\/vtt\b/i,
};

const extensionOf = (path: string) => /\.(\w+)$/.exec(path)?.[1]?.toLowerCase() ?? '';

/** A same-origin path from an attribute's value, or null (another origin, data:, a fragment). */
function ownPath(value: string, site: string): string | null {
  if (value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, `${site}/`);
  } catch {
    return null;
  }
  return url.origin === site ? url.pathname : null;
}

/**
 * The files a page's HTML names: every `/assets/` path in it (the loader's `data-app` holds them
 * as JSON), the `src`, `href` and `poster` of its images, media, captions, scripts and `<link>`s
 * (a canonical or alternate link is a page, not a file), and its social picture. Links to pages (`<a>`) are not
 * files and are checked as pages.
 */
export function filesNamedBy(html: string, site: string): string[] {
  const files = new Set<string>(html.match(/\/assets\/[\w.-]+\.\w+/g) ?? []);
  for (const [tag, name] of html.matchAll(
    /<(link|img|source|audio|video|track|script)\b[^>]*>/gi,
  )) {
    if (name!.toLowerCase() === 'link' && /\brel="(canonical|alternate)"/i.test(tag)) continue;
    for (const [, , value] of tag.matchAll(/\s(src|href|poster)="([^"]*)"/gi)) {
      const path = ownPath(value!, site);
      if (path && path !== '/' && extensionOf(path)) files.add(path);
    }
    for (const [, list] of tag.matchAll(/\ssrcset="([^"]*)"/gi))
      for (const candidate of list!.split(',')) {
        const path = ownPath(candidate.trim().split(/\s+/)[0] ?? '', site);
        if (path) files.add(path);
      }
  }
  // The picture a shared link shows (og:image, twitter:image): an address of the site's own.
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (!/\s(property|name)="(og|twitter):image"/i.test(tag)) continue;
    const path = ownPath(/\scontent="([^"]*)"/i.exec(tag)?.[1] ?? '', site);
    if (path) files.add(path);
  }
  return [...files].sort();
}

/**
 * The scripts and stylesheets a built script imports or preloads: `"./chunk.js"` (beside it) and
 * `"assets/chunk.js"` (the bundler's preload list, from the site's root).
 */
export function filesImportedBy(script: string, scriptPath: string): string[] {
  const files = new Set<string>();
  for (const [, prefix, name] of script.matchAll(
    /["'`](\.\/|\/?assets\/)([\w.-]+\.(?:m?js|css))["'`]/g,
  ))
    files.add(
      prefix === './' ? new URL(name!, `http://site${scriptPath}`).pathname : `/assets/${name}`,
    );
  return [...files].sort();
}

/** Reads each file once for every page that names it. */
export function fileReader(fetcher: FileFetch, site: string) {
  const read = new Map<string, Promise<ServedFile>>();
  async function answerFor(path: string): Promise<ServedFile> {
    let answer: Response;
    try {
      answer = await fetcher(`${site}${path}`);
    } catch (error) {
      return { path, problem: `no answer (${String(error)})` };
    }
    const type = answer.headers.get('content-type') ?? '';
    const ext = extensionOf(path);
    const strict = STRICT_TYPES[ext];
    let problem: string | null = null;
    if (answer.status !== 200) problem = `answered ${answer.status}`;
    else if (/^text\/html\b/i.test(type) && ext !== 'html')
      problem = `is served as text/html (the host's fallback page, not the file)`;
    else if (strict && !strict.test(type))
      problem = `is served as ${type || 'no type'}, which browsers refuse for a .${ext}`;
    // A script's text is read whenever it answered, to follow its imports and for the testing
    // key check, which reads what visitors get even when its type is wrong.
    if (answer.status !== 200 || (ext !== 'js' && ext !== 'mjs')) {
      await answer.body?.cancel();
      return { path, problem };
    }
    return { path, problem, text: await answer.text() };
  }
  return (path: string) => {
    let answer = read.get(path);
    if (!answer) read.set(path, (answer = answerFor(path)));
    return answer;
  };
}

/** Every file a page loads: what its HTML names, then the chunks its scripts import, to the end. */
export async function filesOfPage(
  read: ReturnType<typeof fileReader>,
  html: string,
  site: string,
): Promise<ServedFile[]> {
  const seen = new Map<string, ServedFile>();
  let next = filesNamedBy(html, site);
  while (next.length > 0) {
    const answers = await Promise.all(next.map((path) => read(path)));
    for (const answer of answers) seen.set(answer.path, answer);
    const imported = answers.flatMap((answer) =>
      answer.text === undefined ? [] : filesImportedBy(answer.text, answer.path),
    );
    next = [...new Set(imported)].filter((path) => !seen.has(path));
  }
  return [...seen.values()].sort((a, b) => a.path.localeCompare(b.path));
}
