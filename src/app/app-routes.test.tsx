import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notFound } from '@/content/not-found';
import { trades, type TradeWords } from '@/content/trades';
import { BrowserRouter } from '@/lib/router';
import { loadedTrade, loadTrade } from '@/lib/trade';
import { twoTrades } from '@/test/trades';
import { App } from './app';
import { PAGES } from './app-routes';
import { ROUTES } from './routes';

type WordsModule = { default: TradeWords };

/** Goes to a path as Back or Forward would: the router follows `popstate` in a transition. */
async function goTo(path: string) {
  await act(async () => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter>
      <App />
    </BrowserRouter>,
  );
}

// Two different trades of site.config.ts: each test below needs one whose words are not loaded yet.
const [first, second] = twoTrades();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // A navigation brings the new page to its top (jsdom has no scrolling).
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe("a trade's page reached by a link", () => {
  it('keeps the last page on screen while its words load, then shows it in them', async () => {
    const trade = first;
    const words = await trade.words();
    let release!: (module: WordsModule) => void;
    vi.spyOn(trade, 'words').mockImplementationOnce(
      () => new Promise<WordsModule>((resolve) => (release = resolve)),
    );
    expect(loadedTrade(trade)).toBeNull();
    renderAt('/no-such-page');
    const lastPage = screen.getByRole('heading', { level: 1 });
    expect(lastPage).toHaveTextContent(notFound.heading);

    await goTo(trade.path);
    // Nothing blank and nothing half-done: the page the visitor was on stays until the words come.
    expect(screen.getByRole('heading', { level: 1 })).toBe(lastPage);

    await act(async () => release(words));
    expect(
      await screen.findByRole('heading', { level: 1, name: words.default.hero.headline }),
    ).toBeInTheDocument();
    expect(screen.getByText(words.default.calculator.intro)).toBeInTheDocument();
  });

  it('says so, with a reload link, when its words cannot be fetched; the next visit tries again', async () => {
    const trade = second;
    const { default: words } = await trade.words();
    expect(loadedTrade(trade)).toBeNull();
    const load = vi
      .spyOn(trade, 'words')
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    renderAt('/no-such-page');

    await goTo(trade.path);
    expect(
      await screen.findByText('This part of the page could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reload the page' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();

    await goTo('/no-such-page');
    await goTo(trade.path);
    expect(
      await screen.findByRole('heading', { level: 1, name: words.hero.headline }),
    ).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a trade served as such', () => {
  it('renders in its words at once once they are loaded (as entry-client.tsx does before hydrating)', async () => {
    const entry = trades.at(-1)!;
    const trade = await loadTrade(entry);
    renderAt(entry.path);
    // Synchronously: no suspense, so hydration meets the served HTML as it is.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(trade.hero.headline);
    expect(screen.getByRole('heading', { name: trade.afterHours.heading })).toBeInTheDocument();
  });
});

describe('PAGES', () => {
  it('has a page for every route', () => {
    for (const route of ROUTES) expect(PAGES[route.path], route.path).toBeDefined();
  });
});
