// The floor page of `pnpm lighthouse` (issue 26, item 3): React and the router rendering one
// heading, built with the portal's Vite config and served by the production server, so the main-
// thread work of a portal page can be read as a ratio to what React alone costs on this machine.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';

const root = document.getElementById('root');
if (!root) throw new Error('#root saknas');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<h1>Hälsoportalen</h1>} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
