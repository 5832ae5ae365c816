import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@halsa/ui';
import '@halsa/ui/styles.css';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('#root saknas');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
