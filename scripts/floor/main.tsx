// The floor page of `pnpm lighthouse`, `bench:load` and `bench:inp` (issues 26 and 39): React and
// the router rendering one heading and one button that shows a line (the least an interaction
// costs, for bench:inp), built with the portal's Vite config and served by the production server,
// so a portal page's figures can be read as ratios to what React alone costs on this machine.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';

const root = document.getElementById('root');
if (!root) throw new Error('#root saknas');

function Floor() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Hälsoportalen</h1>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Visa mer
      </button>
      {open && <p>Golvsidan visar en rad.</p>}
    </main>
  );
}

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<Floor />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
