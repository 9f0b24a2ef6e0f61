import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PG_ERROR_STATUS,
  fromDatabaseError,
  fromRaisedResponse,
  PG_ERROR_STATUS,
  statusForPgCode,
} from './postgrest-errors';

describe("PostgREST's status for a database error", () => {
  // From PostgREST's documented table: one code of each row, and the codes that show the order.
  it.each([
    ['08006', 503],
    ['09000', 500],
    ['0L000', 403],
    ['0P000', 403],
    ['23503', 409],
    ['23505', 409],
    ['25006', 405],
    ['25001', 500],
    ['28000', 403],
    ['2D000', 500],
    ['38000', 500],
    ['39000', 500],
    ['3B000', 500],
    ['40001', 500],
    ['53400', 500],
    ['53100', 503],
    ['54000', 500],
    ['55000', 500],
    ['57014', 500],
    ['58000', 500],
    ['F0000', 500],
    ['HV000', 500],
    ['P0001', 400],
    ['P0002', 500],
    ['XX000', 500],
    ['42883', 404],
    ['42P01', 404],
    ['42P17', 500],
    ['42501', 401],
    ['23514', 400], // check violation: not in the table, the default
    ['22001', 400],
    ['42703', 400],
    ['PT402', 402], // a status chosen by the raise itself
  ])('%s answers %i', (code, status) => {
    expect(statusForPgCode(code)).toBe(status);
  });

  it('holds the table as data, every row reachable and the default 400', () => {
    expect(DEFAULT_PG_ERROR_STATUS).toBe(400);
    for (const [pattern, status] of PG_ERROR_STATUS) {
      const code = pattern.endsWith('*') ? pattern.slice(0, -1).padEnd(5, '9') : pattern;
      expect(statusForPgCode(code), pattern).toBe(status);
    }
  });

  it('passes the error through in its shape', () => {
    expect(
      fromDatabaseError({
        code: '23505',
        message: 'duplicate key',
        detail: 'Key (id)',
        hint: undefined,
      }),
    ).toEqual({
      status: 409,
      body: { code: '23505', message: 'duplicate key', details: 'Key (id)', hint: null },
      headers: {},
    });
  });
});

describe("a raised sqlstate 'PGRST', as PostgREST answers it", () => {
  it('takes the body from the message, and the status and headers from the detail', () => {
    expect(
      fromRaisedResponse({
        code: 'PGRST',
        message: '{"code":"LG002","message":"Too many","details":"At most 5","hint":"Wait"}',
        detail: '{"status":429,"headers":{"Retry-After":"600"}}',
      }),
    ).toEqual({
      status: 429,
      body: { code: 'LG002', message: 'Too many', details: 'At most 5', hint: 'Wait' },
      headers: { 'Retry-After': '600' },
    });
    const bare = fromRaisedResponse({
      code: 'PGRST',
      message: '{"code":"X","message":"m","hint":null}',
      detail: '{"status":400,"headers":{}}',
    });
    expect(bare.body).toEqual({ code: 'X', message: 'm', details: null, hint: null });
  });

  it.each([
    ['not json', '{"status":400,"headers":{}}', /MESSAGE/],
    ['{"code":"X"}', '{"status":400,"headers":{}}', /MESSAGE/], // message is obligatory
    ['{"code":1,"message":"m"}', '{"status":400,"headers":{}}', /MESSAGE/],
    ['{"code":"X","message":"m","hint":3}', '{"status":400,"headers":{}}', /MESSAGE/],
    ['{"code":"X","message":"m"}', 'not json', /DETAIL/],
    ['{"code":"X","message":"m"}', '{"status":400}', /DETAIL/], // headers are obligatory
    ['{"code":"X","message":"m"}', '{"status":"400","headers":{}}', /DETAIL/],
    ['{"code":"X","message":"m"}', '{"status":429,"headers":{"Retry-After":600}}', /DETAIL/],
    ['{"code":"X","message":"m"}', undefined, /DETAIL is missing/],
  ])('answers 500 PGRST121 for %s / %s, as PostgREST does', (message, detail, says) => {
    const answer = fromRaisedResponse({ code: 'PGRST', message, detail });
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('PGRST121');
    expect(answer.body.details).toMatch(says);
  });
});
