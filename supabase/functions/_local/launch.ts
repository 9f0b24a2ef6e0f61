// Local only: Supabase never deploys a folder starting with "_". Runs one function's index.ts
// as hosted Supabase does, catching its Deno.serve(handler) and serving it on a loopback port. A
// top level that throws prints why and exits, so the local stack answers 503 as a failed boot.

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

(globalThis as { EdgeRuntime?: unknown }).EdgeRuntime = {
  waitUntil: (work: Promise<unknown>) => void work.catch(() => undefined),
};

try {
  const path = file.startsWith('/') ? file : `${Deno.cwd()}/${file}`;
  // Each segment encoded, so a `#` or `?` in a folder's name stays part of the path.
  await import(`file://${path.split('/').map(encodeURIComponent).join('/')}`);
} catch (error) {
  console.log(`failed ${error instanceof Error ? error.message : String(error)}`);
  Deno.exit(1);
}
if (!handler) {
  console.log('failed the function never called Deno.serve(handler)');
  Deno.exit(1);
}
// The stack holds stdin: when it dies, even killed outright, the pipe closes and this follows.
void (async () => {
  const reader = Deno.stdin.readable.getReader();
  while (!(await reader.read()).done);
  Deno.exit(0);
})();

serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`listening ${port}`),
  },
  handler,
);
