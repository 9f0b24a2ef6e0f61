import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  createHref,
  Link,
  NavLink,
  normalizePath,
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
        <NavLink to="/about-me" className={({ isActive }) => (isActive ? 'active' : 'idle')}>
          About
        </NavLink>
        <Link to="/about-me" target="_blank">
          About in a new tab
        </Link>
      </nav>
    </BrowserRouter>
  );
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('paths and hrefs', () => {
  it('normalizes a path as the routes are written', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/About-Me/')).toBe('/about-me');
    expect(normalizePath('/about-me//')).toBe('/about-me');
  });

  it('builds hrefs from strings and objects', () => {
    const from = { pathname: '/about-me', search: '?a=1' };
    expect(createHref('/x?y#z', from)).toBe('/x?y#z');
    expect(createHref({ pathname: '/', search: 'utm=1', hash: 'contact' }, from)).toBe(
      '/?utm=1#contact',
    );
    // Without a pathname, the current page and its query stay.
    expect(createHref({ hash: '#top' }, from)).toBe('/about-me?a=1#top');
  });
});

describe('BrowserRouter', () => {
  it('navigates on a plain click, pushing a history entry, and marks the current link', async () => {
    render(<App />);
    const before = window.history.length;
    expect(screen.getByRole('link', { name: 'About' })).toHaveClass('idle');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'About' }));
    });
    expect(window.location.pathname).toBe('/about-me');
    expect(window.history.length).toBe(before + 1);
    expect(screen.getByTestId('where')).toHaveTextContent('/about-me|null');
    const about = screen.getByRole('link', { name: 'About' });
    expect(about).toHaveClass('active');
    expect(about).toHaveAttribute('aria-current', 'page');
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
        <NavLink to="/about-me">About</NavLink>
      </StaticRouter>,
    );
    expect(html).toContain('/about-me?x=1|null');
    expect(html).toContain('href="/about-me"');
    expect(html).toContain('aria-current="page"');
  });
});
