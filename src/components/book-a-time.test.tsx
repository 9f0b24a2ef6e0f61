import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookATime } from './book-a-time';

// The providers' libraries stood in for: what Book a time hands them is the point here (the
// real embed runs in e2e/booking.spec.ts, against the local stack's stand-in).
const calProps = vi.fn();
vi.mock('@calcom/embed-react', () => ({
  default: (props: Record<string, unknown>) => {
    calProps(props);
    return <iframe title="Book a call" src="about:blank" />;
  },
}));
const calendlyProps = vi.fn();
vi.mock('react-calendly', () => ({
  InlineWidget: (props: Record<string, unknown>) => {
    calendlyProps(props);
    return <iframe title={String(props.iframeTitle)} src="about:blank" />;
  },
}));

const PREFILL = {
  name: 'Dana Lee',
  email: 'dana@example.com',
  notes: 'Weekend calls.',
  leadId: '7b0c5e1e-8f1f-4b8e-9f43-0d9b2c1a6e11',
};
const CAL = { url: 'https://cal.com/jordan/intro', provider: 'cal' } as const;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  calProps.mockClear();
  calendlyProps.mockClear();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('BookATime', () => {
  it('offers nothing when no booking page is set', () => {
    const { container } = render(<BookATime booking={null} {...PREFILL} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("opens Cal.com's embed at the press, prefilled, with embed.js from the site and a named frame", async () => {
    const user = userEvent.setup();
    render(<BookATime booking={CAL} {...PREFILL} />);
    const button = screen.getByRole('button', { name: 'Book a time' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(calProps).not.toHaveBeenCalled();
    await user.click(button);
    const region = await screen.findByRole('region', { name: 'Pick a time for a call' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', region.id);
    await vi.waitFor(() => expect(calProps).toHaveBeenCalled());
    expect(calProps.mock.lastCall![0]).toMatchObject({
      calLink: 'jordan/intro',
      calOrigin: 'https://cal.com',
      embedJsUrl: '/vendor/cal/embed.js',
      namespace: expect.stringMatching(/^booking[a-zA-Z0-9]+$/),
      config: {
        name: 'Dana Lee',
        email: 'dana@example.com',
        notes: 'Weekend calls.',
        'metadata[lead_id]': PREFILL.leadId,
      },
    });
    // The site's own name for the frame, over the one embed.js gives it.
    await vi.waitFor(() =>
      expect(screen.getByTitle('Booking calendar: pick a time for a call')).toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Pick a time for a call' })).toHaveFocus();
    const link = screen.getByRole('link', { name: /Open the booking page/ });
    expect(new URL(link.getAttribute('href')!).searchParams.get('metadata[lead_id]')).toBe(
      PREFILL.leadId,
    );
  });

  it('closes with Close or Escape and gives the keyboard back to the button', async () => {
    const user = userEvent.setup();
    render(<BookATime booking={CAL} {...PREFILL} />);
    const button = screen.getByRole('button', { name: 'Book a time' });
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: /^Close/ }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    await screen.findByRole('region');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('says the calendar failed, keeping the link, when the booking page reports linkFailed', async () => {
    const user = userEvent.setup();
    render(<BookATime booking={CAL} {...PREFILL} />);
    await user.click(screen.getByRole('button', { name: 'Book a time' }));
    await vi.waitFor(() => expect(calProps).toHaveBeenCalled());
    const { namespace } = calProps.mock.lastCall![0] as { namespace: string };
    // As embed.js fires it for the namespace (Cal('on', {action: 'linkFailed'}) hears the same).
    act(() => {
      window.dispatchEvent(new CustomEvent(`CAL:${namespace}:linkFailed`, { detail: {} }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("The booking calendar didn't load.");
    expect(screen.getByRole('link', { name: /Open the booking page/ })).toBeInTheDocument();
  });

  it("opens Calendly's inline widget with its prefill, the note as a1 and the lead id as utm_content", async () => {
    const user = userEvent.setup();
    render(
      <BookATime
        booking={{ url: 'https://calendly.com/jordan/30min', provider: 'calendly' }}
        {...PREFILL}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Book a time' }));
    await vi.waitFor(() => expect(calendlyProps).toHaveBeenCalled());
    expect(calendlyProps.mock.lastCall![0]).toEqual({
      url: 'https://calendly.com/jordan/30min',
      prefill: {
        name: 'Dana Lee',
        email: 'dana@example.com',
        customAnswers: { a1: 'Weekend calls.' },
      },
      utm: { utmContent: PREFILL.leadId },
      iframeTitle: 'Booking calendar: pick a time for a call',
    });
  });

  it('is a prefilled link in a new tab for any other booking page', () => {
    render(
      <BookATime booking={{ url: 'https://book.example.com/j', provider: 'link' }} {...PREFILL} />,
    );
    const link = screen.getByRole('link', { name: /^Book a time/ });
    expect(link).toHaveAttribute('href', 'https://book.example.com/j');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
