/**
 * Tests only (no function imports it): a POST of `body` as JSON to a function's handler, from
 * the client address 203.0.113.7 unless `headers` says otherwise, as the gateway passes it.
 */
export const postJson = (
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Request =>
  new Request(`https://functions.test/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
