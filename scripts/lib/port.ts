import { createServer } from 'node:net';

/** Where `npm start`, `npm run dev` and `npm run serve` listen: PORT and HOST, or these. */
export const DEFAULT_PORT = 4173;
export function localPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.PORT ?? DEFAULT_PORT);
}
export function localHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST ?? 'localhost';
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
