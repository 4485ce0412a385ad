/** The app: mounted by main.tsx once the report (if any) is on its way. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { handOverFirstScreen } from './first-screen-live.js';
import './i18n/i18n.js'; // sets <html lang> before the first render
import './theme/theme.js'; // sets <html data-theme> before the first render
import './styles.css';

// For the benchmark's breakdown (bench/page-breakdown.ts): the app's code has been evaluated.
performance.mark('dv:app-start');
// The first screen's early charts, if any, stop taking input: the app reads the view (a zoom made on them) now.
handOverFirstScreen();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
