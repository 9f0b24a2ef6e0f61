import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installEarlyCapture } from '@/inline/early-capture';
import { pressKeys, serveAndHydrate, typeInto } from '@/test/hydrate';
import { CalculatorSection } from './calculator-section';

describe('CalculatorSection', () => {
  it('announces the estimate politely once all four inputs are filled', async () => {
    const user = userEvent.setup();
    render(<CalculatorSection />);
    const output = screen.getByRole('status');
    expect(output).toHaveAttribute('aria-live', 'polite');
    expect(output).toHaveTextContent('Fill in all four numbers');
    await user.type(screen.getByLabelText('Leads per month'), '40');
    await user.type(screen.getByLabelText('Average deal value ($)'), '8500');
    await user.type(screen.getByLabelText('Response delay (hours)'), '1');
    expect(output).toHaveTextContent('Fill in all four numbers');
    await user.type(screen.getByLabelText('Close rate (%)'), '20');
    expect(output).toHaveTextContent('$34,000');
  });

  it('keeps the last accepted value and says why a keystroke was refused', async () => {
    const user = userEvent.setup();
    render(<CalculatorSection />);
    const rate = screen.getByLabelText('Close rate (%)');
    await user.type(rate, '101');
    expect(rate).toHaveValue('10');
    expect(rate).toHaveAccessibleDescription('A close rate can be at most 100.');
    await user.type(rate, 'x');
    expect(rate).toHaveAccessibleDescription('Numbers only, no letters or signs.');
    await user.type(rate, '0');
    expect(rate).toHaveValue('100');
    expect(rate).toHaveAccessibleDescription('0 to 100');
  });

  it("refuses a keystroke past each field's bound, in that field's words", async () => {
    const user = userEvent.setup();
    render(<CalculatorSection />);
    for (const [label, typed, kept, words] of [
      ['Leads per month', '100001', '10000', 'At most 10,000 leads a month.'],
      ['Average deal value ($)', '1000001', '100000', 'A deal value can be at most $100,000.'],
      ['Response delay (hours)', '7201', '720', 'A delay can be at most 720 hours.'],
    ] as const) {
      const field = screen.getByLabelText(label);
      await user.type(field, typed);
      expect(field).toHaveValue(kept);
      expect(field).toHaveAccessibleDescription(words);
      // The bound is in the served field too, for the rule before take-over.
      expect(field).toHaveAttribute('data-max', kept);
    }
  });

  it('adopts numbers typed into the served page before hydration, and shows the estimate at once', async () => {
    const root = await serveAndHydrate(<CalculatorSection />, () => {
      typeInto(screen.getByLabelText('Leads per month'), '40');
      typeInto(screen.getByLabelText('Average deal value ($)'), '8500');
      typeInto(screen.getByLabelText('Response delay (hours)'), '1');
      typeInto(screen.getByLabelText('Close rate (%)'), '20');
    });
    expect(screen.getByRole('status')).toHaveTextContent('$34,000');
    expect(screen.getByLabelText('Leads per month')).toHaveValue('40');
    act(() => root.unmount());
  });

  it('keeps the accepted start of a refused value typed before hydration, and says why', async () => {
    const root = await serveAndHydrate(<CalculatorSection />, () => {
      typeInto(screen.getByLabelText('Close rate (%)'), '150');
    });
    const rate = screen.getByLabelText('Close rate (%)');
    expect(rate).toHaveValue('15');
    expect(rate).toHaveAccessibleDescription('A close rate can be at most 100.');
    act(() => root.unmount());
  });

  it('keeps the rule from the first keystroke before hydration, then hands it to the app', async () => {
    const uninstall = installEarlyCapture(window);
    try {
      const root = await serveAndHydrate(<CalculatorSection />, () => {
        const leads = screen.getByLabelText('Leads per month');
        (leads as HTMLInputElement).focus();
        pressKeys(leads, '-5abc');
        expect(leads).toHaveValue('5');
        const rate = screen.getByLabelText('Close rate (%)');
        (rate as HTMLInputElement).focus();
        pressKeys(rate, '1005');
        expect(rate).toHaveValue('100');
        // A paste that breaks the rule leaves the field as it was.
        typeInto(rate, '100abc');
        expect(rate).toHaveValue('100');
      });
      const leads = screen.getByLabelText('Leads per month');
      const rate = screen.getByLabelText('Close rate (%)');
      expect(leads).toHaveValue('5');
      expect(rate).toHaveValue('100');
      // The last refusal before the take-over is said at the take-over, and the mark is gone.
      expect(rate).toHaveAccessibleDescription('Numbers only, no letters or signs.');
      expect(rate).not.toHaveAttribute('data-early-refused');
      expect(window.__earlyPresses?.live.calculator).toBe(true);
      // From now on the app keeps the rule, and says why at each refused keystroke.
      const user = userEvent.setup();
      await user.type(leads, 'e');
      expect(leads).toHaveValue('5');
      expect(leads).toHaveAccessibleDescription('Numbers only, no letters or signs.');
      await user.type(leads, '0');
      expect(leads).toHaveValue('50');
      act(() => root.unmount());
      expect(window.__earlyPresses?.live.calculator).toBe(false);
    } finally {
      uninstall();
    }
  });
});
