import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectServedIslands, defineIsland, StaticIsland } from './static-island';

describe('StaticIsland', () => {
  it('keeps the HTML the page was served with, without loading the component', () => {
    const served = document.createElement('div');
    served.innerHTML = '<div data-island="story"><section><h2>Served words</h2></section></div>';
    collectServedIslands(served);
    const load = vi.fn(async () => () => <h2>Rendered words</h2>);
    const story = defineIsland('story', load);
    render(<StaticIsland island={story} />);
    expect(screen.getByRole('heading', { name: 'Served words' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and renders the component when the page was not served with it', async () => {
    const load = vi.fn(async () => () => <h2>Rendered words</h2>);
    const other = defineIsland('not-served', load);
    render(<StaticIsland island={other} />);
    expect(await screen.findByRole('heading', { name: 'Rendered words' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a short note instead of blanking the page when its chunk cannot be fetched, and retries next time', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(() => <h2>Rendered words</h2>);
    const flaky = defineIsland('flaky', load);
    const first = render(
      <main>
        <h1>Rest of the page</h1>
        <StaticIsland island={flaky} />
      </main>,
    );
    expect(
      await screen.findByText('This part of the page could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rest of the page' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    first.unmount();
    render(<StaticIsland island={flaky} />);
    expect(await screen.findByRole('heading', { name: 'Rendered words' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
