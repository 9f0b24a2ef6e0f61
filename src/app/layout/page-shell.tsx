import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

export function PageShell({ children }: { children: ReactNode }) {
  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
