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
rememberLanding(window.location.search);
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
  // The trade's chunk is preloaded by the loader, so this usually waits for nothing; on failure
  // the page hydrates anyway and app-routes.tsx retries.
  const trade = tradeOfPath(window.location.pathname);
  void (trade ? loadTrade(trade).catch(() => undefined) : Promise.resolve()).then(() => {
    // A transition lets hydration yield between components instead of one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
} else {
  // `npm run dev` prerenders nothing: hydrating an empty root would only warn.
  createRoot(root).render(app);
}
