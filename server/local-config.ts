import { createServer } from 'node:net';

/*
 * The local stack's own settings and their defaults, in one home: where it listens, its address
 * and the key it accepts in place of a Supabase anon key. npm start, npm run dev, npm run serve,
 * the bench and the tests all read them from here.
 */

/** Where `npm start`, `npm run dev` and `npm run serve` listen: PORT and HOST, or these. */
export const DEFAULT_PORT = 4173;
export function localPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.PORT ?? DEFAULT_PORT);
}
export function localHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST ?? 'localhost';
}

/** Where the local stack answers (`npm start`, `npm run dev`). */
export function localOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return `http://localhost:${localPort(env)}`;
}

/** The key the local stack accepts in place of a Supabase anon key. */
export const LOCAL_ANON_KEY_DEFAULT = 'local-anon-key';
export function localAnonKey(env: NodeJS.ProcessEnv = process.env): string {
  return env.LOCAL_ANON_KEY ?? LOCAL_ANON_KEY_DEFAULT;
}

/** Whether `port` can be listened on at `host` now (it is released again at once). */
export function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The one line a taken port is reported with, before any work is done. */
export function portTakenLine(port: number): string {
  return `Port ${port} is already in use (another npm start or npm run dev?). Stop it, or pick another port: PORT=${port + 1} npm start`;
}
