/** One rule of a `_headers` file (the format Netlify and Cloudflare Pages read). */
export interface HeaderRule {
  /** Path pattern: exact, or ending in `*`. */
  path: string;
  headers: Record<string, string>;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const current = rules.at(-1);
    const separator = line.indexOf(':');
    if (!current || separator < 0) continue;
    current.headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return rules;
}

/** Every matching rule, later rules winning. */
export function headersForPath(rules: HeaderRule[], path: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.path.endsWith('*')
      ? path.startsWith(rule.path.slice(0, -1))
      : path === rule.path;
    if (matches) Object.assign(merged, rule.headers);
  }
  return merged;
}
