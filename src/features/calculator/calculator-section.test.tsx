import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveAndHydrate, typeInto } from '@/test/hydrate';
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
});
