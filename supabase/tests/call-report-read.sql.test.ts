/**
 * The lead card's read at the SQL level (public.call_report_read): for each
 * kind of source the site starts (a web call, a callback, a chat), waiting until its report is
 * stored (by demo_call_store, from vapi-events' own rows of the shared fixtures), then ready with
 * the stored report, whose webhook JSON is the one vapi-events posted; not found past an hour
 * (the report's, or the wait's), for an unknown id and a source that failed; the grants.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import type { ApiRole } from '../../server/postgres/request-role';
import {
  callReportWebhook,
  type StoredCallReport,
} from '../functions/_shared/contracts/call-report';
import { REPORT_READABLE_SECONDS } from '../functions/_shared/contracts/report-read';
import {
  completedSession,
  endOfCallReport,
  queuedCall,
  queuedWebCall,
} from '../functions/_shared/vapi/fixtures';
import { MAX_CALL_SECONDS as CALL_SECONDS } from '../functions/_shared/contracts/web-call';
import type { VapiCall } from '../functions/_shared/vapi/types';
import { reportRow, sessionReportRow } from '../functions/vapi-events/handler';
import { databaseFor, ENGINES, rpc } from './engines';
import { siteCallback, siteChat, siteWebCall } from './site-calls';

/** VAPI_MAX_CALL_SECONDS as the functions read it when unset. */
const MAX_CALL_SECONDS = CALL_SECONDS.fallback;

type Read = {
  status: string;
  report?: StoredCallReport & { transcript: string | null };
  steps?: unknown;
};

/** A callback's steps before Vapi reported any (supabase/tests/callback-steps.sql.test.ts). */
const NO_STEPS = { queued_ms: null, ringing_ms: null, answered_ms: null, ended: false };

/** vapi-events' row of the end-of-call report of Vapi's call `call` (the shared fixture). */
const callReport = (call: VapiCall) =>
  reportRow(
    endOfCallReport(call, new Date()).message as unknown as Record<string, unknown>,
    MAX_CALL_SECONDS,
  );

/** Each kind of source: how the site starts it, and the report Vapi sends for it. */
const SOURCES = {
  'a web call': {
    table: 'web_calls',
    since: 'created_at',
    // What a waiting or ready answer carries beside the status: a callback's its steps.
    extra: {},
    start: siteWebCall,
    report: (vapiId: string) =>
      callReport(
        queuedWebCall(
          { assistantId: 'a', assistantOverrides: { metadata: { visit_id: crypto.randomUUID() } } },
          { id: vapiId, orgId: 'org' },
        ),
      ),
  },
  'a callback': {
    table: 'callback_requests',
    since: 'created_at',
    extra: { steps: NO_STEPS },
    start: siteCallback,
    report: (vapiId: string) =>
      callReport(
        queuedCall(
          { assistantId: 'a', customer: { number: '+14155552671' } },
          { id: vapiId, orgId: 'org' },
        ),
      ),
  },
  'a chat': {
    table: 'web_chats',
    // A chat's report comes at its end: the wait is counted from its last message.
    since: 'last_message_at',
    extra: {},
    start: siteChat,
    report: (sessionId: string) =>
      sessionReportRow(
        completedSession(
          { sessionId, orgId: 'org', assistantId: 'a' },
          crypto.randomUUID(),
          new Date(),
        ).message as unknown as Record<string, unknown>,
      ),
  },
} as const;

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'call_report_read, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const read = (id: string, role?: ApiRole) =>
        rpc(
          requests,
          'call_report_read',
          { id, readable_seconds: REPORT_READABLE_SECONDS },
          role,
        ) as unknown as Promise<Read>;

      it.each(Object.entries(SOURCES))(
        '%s: waiting, then ready with its stored report; not found an hour after',
        async (_kind, source) => {
          const vapiId = `vapi-${crypto.randomUUID()}`;
          const id = await source.start(requests, vapiId);
          expect(await read(id)).toEqual({ status: 'waiting', ...source.extra });

          const row = source.report(vapiId);
          expect(await rpc(requests, 'demo_call_store', row)).toEqual({ stored: true });
          const ready = await read(id);
          expect(ready.status).toBe('ready');
          expect(ready.steps).toEqual((source.extra as { steps?: unknown }).steps);
          expect(ready.report).toEqual({
            vapi_call_id: vapiId,
            kind: row.kind,
            ended_at: expect.any(String),
            ended_reason: row.ended_reason,
            duration_seconds: row.duration_seconds,
            cost: row.cost,
            summary: row.summary,
            structured_data: row.structured_data,
            transcript: row.transcript,
            recording_url: row.recording_url,
            visit_id: row.visit_id,
            callback_id: row.callback_id,
            trade: row.trade,
            // No callback named, or none rang: null (callback-steps.sql.test.ts has a ring).
            ringing_after_seconds: null,
          });
          expect(Date.parse(ready.report!.ended_at!)).toBe(Date.parse(row.ended_at!));
          // The webhook JSON built from what the database answers is the one vapi-events posted.
          expect(callReportWebhook(ready.report!)).toEqual(
            callReportWebhook({ ...row, vapi_call_id: vapiId, ringing_after_seconds: null }),
          );

          // Stored just under an hour ago: still readable; an hour ago: not found.
          await db.query(
            `update public.demo_calls set received_at = now() - make_interval(secs => $2) where vapi_call_id = $1`,
            [vapiId, REPORT_READABLE_SECONDS - 60],
          );
          expect((await read(id)).status).toBe('ready');
          await db.query(
            `update public.demo_calls set received_at = now() - make_interval(secs => $2) where vapi_call_id = $1`,
            [vapiId, REPORT_READABLE_SECONDS],
          );
          expect(await read(id)).toEqual({ status: 'not_found' });
        },
      );

      it.each(Object.entries(SOURCES))(
        '%s with no report: waiting for an hour from its start, then not found',
        async (_kind, source) => {
          const id = await source.start(requests, `vapi-${crypto.randomUUID()}`);
          const startedAgo = (seconds: number) =>
            db.query(
              `update public.${source.table} set ${source.since} = now() - make_interval(secs => $2) where id = $1`,
              [id, seconds],
            );
          await startedAgo(REPORT_READABLE_SECONDS - 60);
          expect(await read(id)).toEqual({ status: 'waiting', ...source.extra });
          await startedAgo(REPORT_READABLE_SECONDS);
          expect(await read(id)).toEqual({ status: 'not_found' });
        },
      );

      it('a web call whose start was not yet recorded waits; its report, carrying its id, is read', async () => {
        const id = await siteWebCall(requests, null);
        expect(await read(id)).toEqual({ status: 'waiting' });
        const vapiId = `vapi-${crypto.randomUUID()}`;
        // Vapi's answer never recorded: the report names the claim (web_call_id), as vapi-events
        // gives it, and demo_call_store links the two.
        const row = { ...SOURCES['a web call'].report(vapiId), web_call_id: id };
        expect(await rpc(requests, 'demo_call_store', row)).toEqual({ stored: true });
        expect((await read(id)).report?.vapi_call_id).toBe(vapiId);
      });

      it('an unknown id and a failed start are not found; another call’s id reads only its own', async () => {
        expect(await read(crypto.randomUUID())).toEqual({ status: 'not_found' });
        const vapiId = `vapi-${crypto.randomUUID()}`;
        const callId = await siteWebCall(requests, vapiId);
        await rpc(requests, 'demo_call_store', SOURCES['a web call'].report(vapiId));
        expect((await read(callId)).status).toBe('ready');
        // Another source's id never reads this report.
        expect(await read(await siteWebCall(requests, null))).toEqual({ status: 'waiting' });

        const failed = await siteWebCall(requests, null);
        await rpc(requests, 'web_call_record', {
          id: failed,
          status: 'failed',
          vapi_call_id: null,
          web_call: null,
          error: 'Vapi said 400',
        });
        expect(await read(failed)).toEqual({ status: 'not_found' });
        const refused = await siteCallback(requests, null);
        await rpc(requests, 'callback_record', { id: refused, status: 'failed', error: '400' });
        expect(await read(refused)).toEqual({ status: 'not_found' });
      });

      it('gives the public keys no way in', async () => {
        const id = await siteWebCall(requests, `vapi-${crypto.randomUUID()}`);
        for (const role of ['anon', 'authenticated'] as const)
          await expect(read(id, role)).rejects.toThrow(/permission denied/);
        expect(await read(id, 'service_role')).toEqual({ status: 'waiting' });
      });
    },
  );
});
