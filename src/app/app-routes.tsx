import type { ComponentType } from 'react';
import { normalizePath, useLocation } from '@/lib/router';
import { AboutPage } from './about/about-page';
import { HomePage } from './home/home-page';
import { NotFoundPage } from './not-found-page';
import { PrivacyPage } from './privacy/privacy-page';
import type { PagePath } from './routes';

/** Every route the site prerenders: path in the browser, and the file it becomes in dist/. */
export { ROUTES as PRERENDERED_ROUTES } from './routes';

/** The page for each path the site has; any other path shows the not-found page. */
const PAGES: Record<PagePath, ComponentType> = {
  '/': HomePage,
  '/about-me': AboutPage,
  '/privacy': PrivacyPage,
};

export function AppRoutes() {
  const { pathname } = useLocation();
  const Page = PAGES[normalizePath(pathname) as PagePath] ?? NotFoundPage;
  return <Page />;
}
