import { describe, expect, it } from 'vitest';
import { config } from './config';
import { announceReport, latestReport, REPORT_WAIT_MS } from './pending-report';

const ticket = { id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d', key: 'k'.repeat(43) };

describe('announceReport', () => {
  it("waits for a callback's report through the call's longest length, and for the rest as after a demo call", () => {
    announceReport(ticket, 'callback');
    const callMs = (config.vapi?.maxCallSeconds ?? 0) * 1000;
    expect(latestReport()).toMatchObject({ source: 'callback', waitMs: callMs + REPORT_WAIT_MS });
    announceReport(ticket, 'chat');
    expect(latestReport()).toMatchObject({ source: 'chat', waitMs: REPORT_WAIT_MS });
  });
});
