// The page `pnpm bench:editor` measures: the real forms editor (production build) on a draft of
// 30 sections × 10 questions, served by the MSW mocks in the browser.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setupWorker } from 'msw/browser';
import { bigForm, defaultHandlers, everyTypeForm, mockState } from '@halsa/api/mocks';
import { AppProviders } from '../../src/app-providers';
import { FormEditorScreen } from '../../src/screens/journal/form-editor';
import { FormTemplatesScreen } from '../../src/screens/journal/form-templates';
import '../../src/styles/globals.css';

// `?form=4` opens the draft with every question type instead, `?form=list` the list of forms
// (for looking at the screens).
const wanted = new URLSearchParams(location.search).get('form');
const start = wanted === 'list' ? '/journal/templates' : `/journal/templates/${wanted ?? 900}`;
mockState.forms.push(bigForm(30, 10, 900), structuredClone(everyTypeForm));
localStorage.clear();

await setupWorker(...defaultHandlers).start({ quiet: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route
            path="/journal/templates"
            element={
              <main>
                <FormTemplatesScreen />
              </main>
            }
          />
          <Route
            path="/journal/templates/:formId"
            element={
              <main>
                <FormEditorScreen />
              </main>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>
  </StrictMode>,
);
