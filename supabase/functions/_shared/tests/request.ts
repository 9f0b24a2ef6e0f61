/** Tests only. */
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

/** What a faked service answers: a response, a dropped connection, or nothing until aborted. */
export type FakeAnswer = Response | 'hang' | 'network';

/** Plays `answer` as fetch would, for a request made with `init`. */
export async function playAnswer(answer: FakeAnswer, init: RequestInit): Promise<Response> {
  if (answer === 'network') throw new TypeError('connection refused');
  if (answer === 'hang') {
    return await new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  }
  return answer.clone();
}

/** What `work` logs with console[level] (each line its arguments), kept from the output. */
export async function logsOf(
  level: 'error' | 'warn',
  work: () => Promise<unknown>,
): Promise<unknown[][]> {
  const original = console[level];
  const logged: unknown[][] = [];
  console[level] = (...line: unknown[]) => void logged.push(line);
  try {
    await work();
  } finally {
    console[level] = original;
  }
  return logged;
}
