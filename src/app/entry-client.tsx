import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@/lib/router';
import '@/styles/index.css';
import { collectServedIslands } from '@/components/served-html';
import { loadTrade, tradeOfPath } from '@/lib/trade';
import { rememberLanding } from '@/lib/visit';
import { App } from './app';

performance.mark('app-start');
const root = document.getElementById('root');
if (!root) throw new Error('The prerendered page has no #root element.');
collectServedIslands(root);
// The campaign this visit landed with (utm_* parameters) goes out with a lead.
rememberLanding(window.location.search);
// A call sample that starts playing gets its transcript followed (the code comes at that play).
document.addEventListener(
  'play',
  (event) => {
    const audio = event.target;
    if (audio instanceof HTMLAudioElement && audio.dataset.transcript)
      void import('@/lib/follow-transcript').then((m) => m.followTranscript(audio));
  },
  true,
);

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
if (root.firstElementChild) {
  // A trade's page hydrates in its trade's words: their chunk came with this script (the page's
  // loader preloads it), so this waits for nothing on the network in the usual case. If it
  // fails, the page hydrates anyway and tries again (app-routes.tsx shows a note if that fails).
  const trade = tradeOfPath(window.location.pathname);
  void (trade ? loadTrade(trade).catch(() => undefined) : Promise.resolve()).then(() => {
    // As a transition, hydration yields to the browser between components instead of blocking
    // the main thread in one long task (the page is already painted and readable meanwhile).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
} else {
  // Nothing was prerendered (`npm run dev`, Vite's dev server): render, there is nothing to
  // hydrate (hydrating an empty root would only warn of a mismatch).
  createRoot(root).render(app);
}
