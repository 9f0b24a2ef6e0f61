import { act, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { twoTrades } from '@/test/trades';
import { collectServedIslands, defineIsland, ServedHtml } from './served-html';

describe('ServedHtml', () => {
  it('hydrates the HTML the page was served with as it is, without loading the component', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const page = document.createElement('div');
    page.innerHTML =
      '<div data-island="story" class="contents"><section><h2>Served words</h2></section></div>';
    document.body.appendChild(page);
    const heading = page.querySelector('h2');
    collectServedIslands(page);
    const load = vi.fn(async () => () => <h2>Rendered words</h2>);
    const story = defineIsland('story', load);
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(page, <ServedHtml island={story} />, { onRecoverableError: recoverable }),
    );
    // The same element as served: no mismatch, nothing re-created, no chunk fetched.
    expect(screen.getByRole('heading', { name: 'Served words' })).toBe(heading);
    expect(recoverable).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    act(() => root.unmount());
    page.remove();
  });

  it("reuses the served HTML only on a page of the same variant (/ reached from a trade's page)", async () => {
    const [{ slug }] = twoTrades();
    const tradePage = document.createElement('div');
    tradePage.innerHTML = `<div data-island="story-by-page:${slug}" class="contents"><section><h2>Trade story</h2></section></div>`;
    collectServedIslands(tradePage);
    const load = vi.fn(async () => () => <h2>Story of /</h2>);
    const story = defineIsland('story-by-page', load);
    const onTrade = render(<ServedHtml island={story} variant={slug} />);
    expect(screen.getByRole('heading', { name: 'Trade story' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    onTrade.unmount();
    render(<ServedHtml island={story} />);
    expect(await screen.findByRole('heading', { name: 'Story of /' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trade story' })).toBeNull();
  });

  it('loads and renders the component when the page was not served with it', async () => {
    const load = vi.fn(async () => () => <h2>Rendered words</h2>);
    const other = defineIsland('not-served', load);
    render(<ServedHtml island={other} />);
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
        <ServedHtml island={flaky} />
      </main>,
    );
    expect(
      await screen.findByText('This part of the page could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rest of the page' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    first.unmount();
    render(<ServedHtml island={flaky} />);
    expect(await screen.findByRole('heading', { name: 'Rendered words' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
