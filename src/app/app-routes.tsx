import type { ComponentType } from 'react';
import { normalizePath, useLocation } from '@/lib/router';
import { AboutPage } from './about/about-page';
import { HomePage } from './home/home-page';
import { NotFoundPage } from './not-found-page';

/** Every route the site prerenders: path in the browser, and the file it becomes in dist/. */
export const PRERENDERED_ROUTES = [
  { path: '/', file: 'index.html' },
  { path: '/about-me', file: 'about-me/index.html' },
  { path: '/404', file: '404.html' },
] as const;

/** The page for each path the site has; any other path shows the not-found page. */
const PAGES: Record<string, ComponentType> = {
  '/': HomePage,
  '/about-me': AboutPage,
};

export function AppRoutes() {
  const { pathname } = useLocation();
  const Page = PAGES[normalizePath(pathname)] ?? NotFoundPage;
  return <Page />;
}
