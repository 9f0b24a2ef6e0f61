import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brand } from '@/content/brand';
import { CallAgentLink } from './hero-section';

describe('Call the agent', () => {
  it('shows the number as written and dials its digits', () => {
    render(<CallAgentLink phone="+1 (415) 555-0123" />);
    const link = screen.getByRole('link', { name: `${brand.nav.callAgent} +1 (415) 555-0123` });
    expect(link).toHaveAttribute('href', 'tel:+14155550123');
  });
});
