import type { SqlClient, SqlDatabase } from './database';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

interface RequestContext {
  method: string;
  /** Below /rest/v1. */
  path: string;
  /** Names in lower case. */
  headers: Record<string, string>;
  role?: ApiRole;
}

/** One transaction the way PostgREST serves a request: authenticator, then the key's role. */
export async function asRequest<T>(
  db: SqlDatabase,
  request: RequestContext,
  run: (tx: SqlClient) => Promise<T>,
): Promise<T> {
  const role = request.role ?? 'anon';
  return db.transaction(async (tx) => {
    await tx.exec('set local role authenticator');
    await tx.query(
      `select set_config('request.jwt.claims', $1, true),
              set_config('request.method', $2, true),
              set_config('request.path', $3, true),
              set_config('request.headers', $4, true),
              set_config('request.cookies', '{}', true)`,
      [JSON.stringify({ role }), request.method, request.path, JSON.stringify(request.headers)],
    );
    await tx.exec(`set local role ${role}`);
    return run(tx);
  });
}
