import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
