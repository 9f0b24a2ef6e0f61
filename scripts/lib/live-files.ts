/**
 * The files a deployed page makes the browser ask for, as check:live reads them: the ones its
 * HTML names (its scripts and stylesheets, wherever the page names them, images, audio, captions,
 * icons), and the chunks those scripts import, followed to the end. Each must be served as built:
 * 200, not the host's fallback page, and a script, stylesheet or caption file with a type the
 * browser accepts (the site sends `X-Content-Type-Options: nosniff`, so a wrong type is refused,
 * not guessed). A deploy that left out `dist/assets` or one page's stylesheet fails here instead
 * of on a visitor.
 */

import { extname } from 'node:path';

/** What one file answered; `problem` is null when it is served as built. */
export interface ServedFile {
  path: string;
  problem: string | null;
  /** The problem is the file's absence (not found, no answer, or the host's fallback page). */
  missing?: boolean;
  /** A script's text (when it answered 200), to follow its imports. */
  text?: string;
}

export type FileFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * The types a browser runs a module script or applies a stylesheet with (nosniff), and shows
 * captions with (Firefox drops a `<track>` served as anything but text/vtt).
 */
const JAVASCRIPT = /^(text|application)\/(x-)?(javascript|ecmascript)\b/i;
const STRICT_TYPES: Record<string, RegExp> = {
  js: JAVASCRIPT,
  mjs: JAVASCRIPT,
  css: /^text\/css\b/i,
  vtt: /^text\/vtt\b/i,
};

const extensionOf = (path: string) => extname(path).slice(1).toLowerCase();
/** A file the browser runs as a script (by its name, as the host types it). */
export const isScript = (path: string) => STRICT_TYPES[extensionOf(path)] === JAVASCRIPT;

/** What is wrong with a file's answer, from its status and type; null when it is as built. */
function problemOf(path: string, status: number, type: string): Omit<ServedFile, 'path' | 'text'> {
  const ext = extensionOf(path);
  if (status !== 200) return { problem: `answered ${status}`, missing: true };
  if (/^text\/html\b/i.test(type) && ext !== 'html')
    return {
      problem: "is served as text/html (the host's fallback page, not the file)",
      missing: true,
    };
  const strict = STRICT_TYPES[ext];
  if (strict && !strict.test(type))
    return { problem: `is served as ${type || 'no type'}, which browsers refuse for a .${ext}` };
  return { problem: null };
}

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
 * The files a page's HTML names: any quoted `/assets/` address of this site (the scripts and
 * stylesheets the app's loader names in its `data-app`, the portrait the about page's structured
 * data names), the `src`, `href`, `poster` and `srcset` of its images, media,
 * captions, scripts and `<link>`s (a canonical or alternate link is a page, not a file), and its
 * social picture. Addresses on other sites are not the deploy's; links to pages (`<a>`) are
 * checked as pages.
 */
export function filesNamedBy(html: string, site: string): string[] {
  const files = new Set<string>();
  const add = (value: string) => {
    const path = ownPath(value.trim(), site);
    if (path && path !== '/' && extensionOf(path)) files.add(path);
  };
  for (const [, url] of html.matchAll(/["'(]((?:https?:\/\/[^/"'()\s]+)?\/assets\/[\w.-]+\.\w+)/g))
    add(url!);
  for (const [tag, name] of html.matchAll(
    /<(link|img|source|audio|video|track|script)\b[^>]*>/gi,
  )) {
    if (name!.toLowerCase() === 'link' && /\brel="(canonical|alternate)"/i.test(tag)) continue;
    for (const [, , value] of tag.matchAll(/\s(src|href|poster)="([^"]*)"/gi)) add(value!);
    for (const [, list] of tag.matchAll(/\ssrcset="([^"]*)"/gi))
      for (const candidate of list!.split(',')) add(candidate.trim().split(/\s+/)[0] ?? '');
  }
  // The picture a shared link shows (og:image, twitter:image): an address of the site's own.
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi))
    if (/\s(property|name)="(og|twitter):image"/i.test(tag))
      add(/\scontent="([^"]*)"/i.exec(tag)?.[1] ?? '');
  return [...files].sort();
}

/**
 * The files a built script asks for: the chunks and stylesheets it imports or preloads
 * (`"./chunk.js"` beside it, `"assets/chunk.js"` in the bundler's preload list, from the site's
 * root), and any `/assets/` file it names (an image a section shows once it renders).
 */
export function filesImportedBy(script: string, scriptPath: string): string[] {
  const files = new Set<string>();
  for (const [, prefix, name] of script.matchAll(
    /["'`](\.\/|\/?assets\/)([\w.-]+\.(?:m?js|css))["'`]/g,
  ))
    files.add(
      prefix === './' ? new URL(name!, `http://site${scriptPath}`).pathname : `/assets/${name}`,
    );
  for (const [, name] of script.matchAll(/["'`]\/assets\/([\w.-]+\.\w+)["'`]/g))
    files.add(`/assets/${name}`);
  return [...files].sort();
}

/** How many files are asked for at once, and how long one may take. */
const AT_ONCE = 6;
const FILE_TIMEOUT_MS = 30_000;

/**
 * Reads each file once for every page that names it, a few at a time. A file that did not answer
 * at all is asked for again by the next page that names it (the network's hiccup, not the
 * deploy's).
 */
export function fileReader(fetcher: FileFetch, site: string) {
  const read = new Map<string, Promise<ServedFile>>();
  let running = 0;
  const queue: (() => void)[] = [];
  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= AT_ONCE) await new Promise<void>((go) => queue.push(go));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      queue.shift()?.();
    }
  }
  async function answerFor(path: string): Promise<ServedFile> {
    const answer = await fetcher(`${site}${path}`, {
      signal: AbortSignal.timeout(FILE_TIMEOUT_MS),
    });
    const found = {
      path,
      ...problemOf(path, answer.status, answer.headers.get('content-type') ?? ''),
    };
    // A script's text is read whenever it answered, to follow its imports and for the testing
    // key check, which reads what visitors get even when its type is wrong.
    if (answer.status !== 200 || !isScript(path)) {
      await answer.body?.cancel();
      return found;
    }
    return { ...found, text: await answer.text() };
  }
  return (path: string): Promise<ServedFile> => {
    let answer = read.get(path);
    if (!answer) {
      answer = turn(() => answerFor(path)).catch((error: unknown) => {
        read.delete(path);
        return { path, problem: `no answer (${String(error)})`, missing: true };
      });
      read.set(path, answer);
    }
    return answer;
  };
}

/** Asks for a file as check:live does (fileReader). */
export type FileRead = ReturnType<typeof fileReader>;

/** Every file a page loads: what its HTML names, then the chunks its scripts import, to the end. */
export async function filesOfPage(
  read: FileRead,
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
