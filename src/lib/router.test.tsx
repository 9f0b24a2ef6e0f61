import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  StaticRouter,
  useLocation,
  useNavigate,
  type Navigate,
} from './router';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {`${location.pathname}${location.search}${location.hash}|${JSON.stringify(location.state)}`}
    </p>
  );
}

const grabbed: { navigate?: Navigate } = {};
const navigate: Navigate = (to, options) => grabbed.navigate?.(to, options);
function GrabNavigate() {
  const current = useNavigate();
  useEffect(() => {
    grabbed.navigate = current;
  }, [current]);
  return null;
}

function App() {
  return (
    <BrowserRouter>
      <GrabNavigate />
      <Where />
      <nav>
        <Link to="/">Home</Link>
        <Link to="/about-me">About</Link>
        <Link to="/about-me" target="_blank">
          About in a new tab
        </Link>
      </nav>
    </BrowserRouter>
  );
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('BrowserRouter', () => {
  it('navigates on a plain click, pushing a history entry', async () => {
    render(<App />);
    const before = window.history.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'About' }));
    });
    expect(window.location.pathname).toBe('/about-me');
    expect(window.history.length).toBe(before + 1);
    expect(screen.getByTestId('where')).toHaveTextContent('/about-me|null');
  });

  it('leaves modified clicks and other targets to the browser', async () => {
    render(<App />);
    const newTab = screen.getByRole('link', { name: 'About in a new tab' });
    fireEvent.click(newTab);
    fireEvent.click(screen.getByRole('link', { name: 'About' }), { ctrlKey: true });
    expect(window.location.pathname).toBe('/');
  });

  it('replaces the entry with state on request, and follows Back through popstate', async () => {
    render(<App />);
    await act(async () => navigate('/about-me'));
    const length = window.history.length;
    await act(async () => navigate('/?x=1', { replace: true, state: { scrollTo: 'contact' } }));
    expect(window.history.length).toBe(length);
    expect(screen.getByTestId('where')).toHaveTextContent('/?x=1|{"scrollTo":"contact"}');
    await act(async () => {
      window.history.replaceState(null, '', '/about-me');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/about-me|null');
  });
});

describe('StaticRouter', () => {
  it('renders the given location, with hrefs for the links', () => {
    const html = renderToString(
      <StaticRouter location="/about-me?x=1">
        <Where />
        <Link to="/about-me">About</Link>
      </StaticRouter>,
    );
    expect(html).toContain('/about-me?x=1|null');
    expect(html).toContain('href="/about-me"');
  });
});
