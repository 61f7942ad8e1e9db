import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prefetchFirstPage } from './app';
import { preloadPage } from './routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');
const root = createRoot(container);

// The first page's code is fetched before the first render, so the page appears with the app,
// and its data alongside. With --sign-in, nothing is asked of the API until the server says who
// is signed in; without a session the sign-in page shows instead (its code loads only then).
const page = preloadPage(window.location.pathname, window.location.search);
const service = document.querySelector<HTMLMetaElement>('meta[name="sign-in"]')?.content;
void (
  service === undefined
    ? Promise.resolve(true)
    : import('./session-gate').then((gate) => gate.signedIn(root, service))
).then(async (yes) => {
  if (!yes) return;
  prefetchFirstPage();
  await page;
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
