import { Route, Routes } from 'react-router';
import { AboutPage } from './about/about-page';
import { HomePage } from './home/home-page';
import { NotFoundPage } from './not-found-page';

/** Every route the site prerenders: path in the browser, and the file it becomes in dist/. */
export const PRERENDERED_ROUTES = [
  { path: '/', file: 'index.html' },
  { path: '/about-me', file: 'about-me/index.html' },
  { path: '/404', file: '404.html' },
] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/about-me" element={<AboutPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
