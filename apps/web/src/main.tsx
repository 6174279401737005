import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { startColorScheme } from './lib/color-scheme-store';
import { installGlobalErrorLogging, startErrorReporting } from './lib/error-reporting';
import { useSession } from './lib/session-store';
import './index.css';

// Before the first paint: the right colour scheme, and the session check under way.
startColorScheme();
installGlobalErrorLogging();
void startErrorReporting();
void useSession.getState().initialize();

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
