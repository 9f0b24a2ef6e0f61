import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadCardReport } from '@shared/contracts/report-read.ts';
import { leadCard as copy } from '@/content/lead-card';
import { announceReport, latestReport, type PendingReport } from '@/lib/pending-report';
import type { ReportOutcome } from './read-report';

const waits: { pending: PendingReport; resolve: (outcome: ReportOutcome) => void }[] = [];
vi.mock('./read-report', () => ({
  waitForReport: (_client: unknown, pending: PendingReport) =>
    new Promise<ReportOutcome>((resolve) => waits.push({ pending, resolve })),
}));

const { bookingPrefill, fieldLabel } = await import('./lead-card');
const { LeadCardSlot } = await import('./lead-card-slot');

const ticket = { id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d', key: 'k'.repeat(43) };
const report: LeadCardReport = {
  kind: 'webCall',
  summary: 'The caller runs a roofing company and asked about after-hours answering.',
  structured_data: { jobType: 'roofing', zip_code: '94110', urgency: 'this week', note: null },
  transcript: 'AI: Hi, this is the demo agent.\nUser: Hi, I run a roofing company.',
  webhook: {
    type: 'call_report',
    vapi_call_id: 'call-1',
    kind: 'webCall',
    ended_at: 'November 26, 2026 at 7:00 AM PST',
    ended_reason: 'customer-ended-call',
    duration_seconds: 42,
    cost: 0.1,
    summary: 'The caller runs a roofing company and asked about after-hours answering.',
    structured_data: { jobType: 'roofing' },
    recording_url: null,
    visit_id: null,
    callback_id: null,
    trade: null,
    ringing_after_seconds: null,
  },
};

describe('the lead card', () => {
  it('shows nothing until a report is on its way, then waits for it and shows it', async () => {
    waits.length = 0;
    render(<LeadCardSlot />);
    expect(screen.queryByRole('region')).toBeNull();
    act(() => announceReport(ticket, 'webCall', 120_000));
    expect(await screen.findByRole('status')).toHaveTextContent(copy.waiting.webCall);
    // The card's code came lazily: its wait starts in an effect, which React may run after the
    // frame that showed the card.
    await waitFor(() => expect(waits).toHaveLength(1));
    // The wait is for the report announced: its ticket, for its 120 s.
    expect(waits[0]!.pending).toBe(latestReport());
    expect(waits[0]!.pending).toMatchObject({ ticket, waitMs: 120_000 });

    await act(async () => waits[0]!.resolve({ kind: 'ready', report }));
    expect(screen.getByRole('status')).toHaveTextContent(copy.ready);
    expect(screen.getByText(report.summary!)).toBeVisible();
    // The captured fields, labelled in words; an empty one is left out.
    const fields = screen.getAllByRole('definition')[0]!.closest('dl')!;
    expect(fields).toHaveTextContent('Job typeroofing');
    expect(fields).toHaveTextContent('Zip code94110');
    expect(fields).toHaveTextContent('Urgencythis week');
    expect(fields).not.toHaveTextContent('Note');
    // The webhook's JSON, as the owner's automation got it.
    expect(JSON.parse(screen.getByTestId('lead-card-webhook').textContent!)).toEqual(
      report.webhook,
    );
    expect(screen.getByText(copy.webhookLine)).toBeInTheDocument();
  });

  it('says so when the wait is over, and when the report is gone', async () => {
    waits.length = 0;
    render(<LeadCardSlot />);
    act(() => announceReport(ticket, 'chat'));
    expect(await screen.findByRole('status')).toHaveTextContent(copy.waiting.chat);
    await waitFor(() => expect(waits).toHaveLength(1));
    await act(async () => waits[0]!.resolve({ kind: 'gave-up' }));
    expect(screen.getByRole('status')).toHaveTextContent(copy.gaveUp);

    // A newer report: a new wait, a new card.
    act(() => announceReport({ ...ticket, key: 'j'.repeat(43) }, 'callback', 300_000));
    expect(await screen.findByRole('status')).toHaveTextContent(copy.waiting.callback);
    await act(async () => waits[1]!.resolve({ kind: 'gone' }));
    expect(screen.getByRole('status')).toHaveTextContent(copy.gone);
  });

  it('closes, and stays closed until the next report', async () => {
    waits.length = 0;
    render(<LeadCardSlot />);
    act(() => announceReport(ticket, 'webCall'));
    await userEvent.click(await screen.findByRole('button', { name: copy.close }));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => announceReport(ticket, 'webCall'));
    expect(await screen.findByRole('status')).toHaveTextContent(copy.waiting.webCall);
  });

  it('announces nothing without a ticket (public-key mode)', () => {
    render(<LeadCardSlot />);
    act(() => announceReport(null, 'webCall'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('fills Book a time in from the card: the captured name and e-mail, the summary, the call id', () => {
    expect(bookingPrefill(report)).toEqual({
      name: undefined,
      email: undefined,
      notes: report.summary,
      leadId: 'call-1',
    });
    const named = {
      ...report,
      summary: null,
      structured_data: {
        customerName: ' Dana Books ',
        email_address: 'dana@example.com',
        name: '',
      },
    };
    expect(bookingPrefill(named)).toEqual({
      name: 'Dana Books',
      email: 'dana@example.com',
      notes: undefined,
      leadId: 'call-1',
    });
  });

  it('labels captured fields in words', () => {
    expect(fieldLabel('jobType')).toBe('Job type');
    expect(fieldLabel('zip_code')).toBe('Zip code');
    expect(fieldLabel('callback-time')).toBe('Callback time');
    expect(fieldLabel('name')).toBe('Name');
  });
});
