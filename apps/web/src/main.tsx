import { StrictMode } from 'react';
import { config as configureZod } from 'zod';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import './styles/tokens.css';
import './styles/base.css';

// zod compiles object schemas with new Function() unless told not to; under the portal's CSP (no
// 'unsafe-eval') its probe for that is a console CSP violation. Set before any schema parses.
configureZod({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
