import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@/styles/index.css';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('The prerendered page has no #root element.');

hydrateRoot(
  root,
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
