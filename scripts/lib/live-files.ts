/**
 * The files a deployed page makes the browser ask for, followed through its scripts' imports.
 * Each must answer 200, not with the host's fallback page, and with a type the browser accepts
 * (the site sends nosniff, so a wrong type is refused, not guessed).
 */
import { extname } from 'node:path';

/** What one file answered; `problem` is null when it is served as built. */
export interface ServedFile {
  path: string;
  problem: string | null;
  missing?: boolean;
  /** A script's text, to follow its imports. */
  text?: string;
}

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

// Firefox drops a `<track>` served as anything but text/vtt.
const JAVASCRIPT = /^(text|application)\/(x-)?(javascript|ecmascript)\b/i;
const STRICT_TYPES: Record<string, RegExp> = {
  js: JAVASCRIPT,
  mjs: JAVASCRIPT,
  css: /^text\/css\b/i,
  vtt: /^text\/vtt\b/i,
};

const extensionOf = (path: string) => extname(path).slice(1).toLowerCase();
export const isScript = (path: string) => STRICT_TYPES[extensionOf(path)] === JAVASCRIPT;

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

function ownPath(value: string, site: string): string | null {
  if (value.startsWith('//') || !URL.canParse(value, `${site}/`)) return null;
  const url = new URL(value, `${site}/`);
  return url.origin === site ? url.pathname : null;
}

/**
 * Any quoted `/assets/` address (the loader's `data-app` names scripts and stylesheets there),
 * the files of its tags, and its social picture; a canonical or alternate link is a page.
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
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi))
    if (/\s(property|name)="(og|twitter):image"/i.test(tag))
      add(/\scontent="([^"]*)"/i.exec(tag)?.[1] ?? '');
  return [...files].sort();
}

/** `"./chunk.js"` is beside the script, `"assets/chunk.js"` (Vite's preload list) at the root. */
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

const AT_ONCE = 6;
const FILE_TIMEOUT_MS = 30_000;

/** Each file once; one that did not answer is asked again by the next page. */
export function fileReader(fetcher: Fetch, site: string) {
  const read: Record<string, Promise<ServedFile>> = {};
  async function answerFor(path: string): Promise<ServedFile> {
    const answer = await fetcher(`${site}${path}`, {
      signal: AbortSignal.timeout(FILE_TIMEOUT_MS),
    });
    const found = {
      path,
      ...problemOf(path, answer.status, answer.headers.get('content-type') ?? ''),
    };
    // Even with a wrong type, for the testing key check.
    if (answer.status !== 200 || !isScript(path)) {
      await answer.body?.cancel();
      return found;
    }
    return { ...found, text: await answer.text() };
  }
  return (path: string): Promise<ServedFile> =>
    (read[path] ??= answerFor(path).catch((error: unknown) => {
      delete read[path];
      return { path, problem: `no answer (${String(error)})`, missing: true };
    }));
}

export type FileRead = ReturnType<typeof fileReader>;

/** A few at a time, following each script's imports to the end. */
export async function filesOfPage(read: FileRead, html: string, site: string) {
  const seen = new Map<string, ServedFile>();
  const next = filesNamedBy(html, site);
  while (next.length > 0) {
    const answers = await Promise.all(next.splice(0, AT_ONCE).map((path) => read(path)));
    for (const answer of answers) seen.set(answer.path, answer);
    for (const { text, path } of answers)
      for (const file of text === undefined ? [] : filesImportedBy(text, path))
        if (!seen.has(file) && !next.includes(file)) next.push(file);
  }
  return [...seen.values()].sort((a, b) => a.path.localeCompare(b.path));
}
