// Local only (npm start, npm run dev, the tests); never deployed: Supabase serves folders that
// start with "_" as shared code, not as functions.
//
// Runs one function's index.ts as hosted Supabase does, one worker per function: the file calls
// Deno.serve(handler) as its last line; here that call is caught and the handler served on a
// loopback port the local stack proxies to (the first line printed says which). A function
// whose top level throws (a missing secret, say) prints why and exits: the local stack answers
// 503 with that line, as hosted Supabase answers a function that fails to boot.
import { toFileUrl, resolve } from './path.ts';

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const [file] = Deno.args;
if (!file) throw new Error('Usage: launch.ts <path to the function index.ts>');

let handler: Handler | undefined;
const serve = Deno.serve;
Object.defineProperty(Deno, 'serve', {
  configurable: true,
  value: (...args: unknown[]) => {
    const found = args.find((arg) => typeof arg === 'function') as Handler | undefined;
    const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
      { handler?: Handler } | undefined;
    handler = found ?? options?.handler;
  },
});

// Hosted, EdgeRuntime.waitUntil keeps a worker alive for work after the answer; here the
// process lives on anyway.
(globalThis as { EdgeRuntime?: unknown }).EdgeRuntime = {
  waitUntil: (work: Promise<unknown>) => void work.catch(() => undefined),
};

try {
  await import(toFileUrl(resolve(file)).href);
} catch (error) {
  console.log(`failed ${error instanceof Error ? error.message : String(error)}`);
  Deno.exit(1);
}
if (!handler) {
  console.log('failed the function never called Deno.serve(handler)');
  Deno.exit(1);
}
// The local stack holds this process's stdin: when it exits, even killed outright, the pipe
// closes and this process follows it, so no function outlives the stack that started it.
void (async () => {
  const reader = Deno.stdin.readable.getReader();
  // Nothing is ever sent: the read only ends when the stack's end of the pipe closes.
  while (!(await reader.read()).done);
  Deno.exit(0);
})();

const served = handler;
serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`listening ${port}`),
  },
  (request, info) => served(request, info),
);
