import { describe, expect, it } from 'vitest';
import { NOT_FOUND_ROUTE, ROUTES, routeForPath, servedPaths } from './routes';

describe('routeForPath', () => {
  it('gives every path a host serves the page of its route', () => {
    for (const route of ROUTES) {
      for (const path of servedPaths(route)) expect(routeForPath(path)).toBe(route);
    }
    expect(servedPaths(ROUTES.find((route) => route.path === '/about-me')!)).toEqual([
      '/about-me',
      '/about-me/',
      '/about-me/index.html',
    ]);
    expect(routeForPath('/index.html').path).toBe('/');
  });

  it('gives any other path the not-found page, wrong case and near misses included', () => {
    for (const path of [
      '/About-Me',
      '/ABOUT-ME/',
      '/about-me//',
      '/about-me/INDEX.HTML',
      '/Index.html',
      '/index',
      '/about-me.html',
      '/404',
      '/about-me/x',
      '',
    ]) {
      expect(routeForPath(path), path).toBe(NOT_FOUND_ROUTE);
    }
    expect(NOT_FOUND_ROUTE.file).toBe('404.html');
  });
});
