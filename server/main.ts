/** `npm start`: the whole site and its stand-ins on one Node process. */
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import {
  DELIVER_EVERY_MS,
  listenOnOtherLoopbacks,
  localHost,
  localPort,
  localStackSettings,
  portTakenLine,
  webhookSecretNote,
} from './local-config';
import { createLocalStack } from './app';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

const port = localPort();
const host = localHost();
const settings = localStackSettings(process.env.VITE_VAPI_ASSISTANT_ID);
const stack = await createLocalStack({
  distDir: resolve(process.env.DIST_DIR ?? 'dist'),
  ...settings,
  deliverEveryMs: DELIVER_EVERY_MS,
});

let others: Awaited<ReturnType<typeof listenOnOtherLoopbacks>> = [];
const server = serve({ fetch: stack.app.fetch, port, hostname: host }, () => {
  // Started now, so a visitor's first request does not wait for Deno.
  void stack.functions?.warm();
  void listenOnOtherLoopbacks(server, port, host).then((started) => (others = started));
  console.log(`\n  Site:        http://localhost:${port}/`);
  console.log(`  Leads inbox: http://localhost:${port}${LOCAL_ROUTES.inbox}`);
  console.log(
    `  Webhook:     ${webhookSecretNote(settings.functions.secrets.CONTACT_WEBHOOK_SECRET!)}\n`,
  );
});

// Node closes an idle keep-alive connection after 5 s, racing a client that reuses it
// (ECONNRESET); kept longer, as CDNs do, the client is always the side that closes.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(portTakenLine(port));
  else console.error(error);
  void stack.close().finally(() => process.exit(1));
});

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close();
  for (const other of others) other.close();
  void stack.close().finally(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
