import { createServer } from 'node:net';

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
