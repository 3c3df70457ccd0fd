import '@storefront/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { loadRemotesConfig } from '@storefront/remote-loader';

// Start fetching the remotes config at once; remote areas wait for it, the page chrome does not.
loadRemotesConfig().catch((error: unknown) => console.error('Could not load /config/remotes.json', error));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
