import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPage } from './routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');
const root = container;

// The first page's code is fetched before the first render, so the page appears with the app.
void preloadPage(window.location.pathname, window.location.search).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
