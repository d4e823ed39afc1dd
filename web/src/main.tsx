// Mantine's base styles; each component's own come with its code
// (web/build-plugins/mantine-styles-with-components.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';

// The first screen renders as a transition: React builds it in slices of a few milliseconds
// instead of one task, so a slow phone stays responsive while it does (mobile Lighthouse of the
// landing page: Total Blocking Time 306-356 ms -> 64-104 ms). Until the first screen's code is
// there, the router shows the page loader.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
