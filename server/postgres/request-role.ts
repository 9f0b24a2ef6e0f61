import type { SqlClient, SqlDatabase } from './database';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** What PostgREST hands Postgres about the HTTP request it is serving. */
export interface RequestContext {
  method: string;
  /** The path below /rest/v1, e.g. `/contact_submissions`. */
  path: string;
  /** Request headers, names in lower case (x-forwarded-for as the proxies left it). */
  headers: Record<string, string>;
  /** The role the key maps to: the anon key to `anon`, the service-role key to `service_role`. */
  role?: ApiRole;
}

/**
 * Runs `run` in one transaction the way PostgREST serves a request: logged in as authenticator,
 * switched to the key's role, with request.jwt.claims, request.method, request.path and
 * request.headers set for the transaction only (migrations read them, e.g. the client address).
 */
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
    const roles: Record<ApiRole, string> = {
      anon: 'anon',
      authenticated: 'authenticated',
      service_role: 'service_role',
    };
    await tx.exec(`set local role ${roles[role]}`);
    return run(tx);
  });
}
