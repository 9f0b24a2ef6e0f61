export function resolve(path: string): string {
  return path.startsWith('/') ? path : `${Deno.cwd()}/${path}`;
}
export function toFileUrl(path: string): URL {
  return new URL(`file://${path.split('/').map(encodeURIComponent).join('/')}`);
}
