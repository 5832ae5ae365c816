// What the editor's three story files share: the route, a page landmark with a location probe,
// the draft with every question type, and a clean slate for stored unsaved edits.
import type { Decorator } from '@storybook/react-vite';
import { everyTypeForm, mockState } from '@halsa/api/mocks';
import { LocationProbe } from '../../../testing';
import { draftStorageKey } from './use-autosave';

export const editorRoute = (formId: number) => ({
  route: { path: '/journal/templates/:formId', url: `/journal/templates/${formId}` },
});

export const pageDecorator: Decorator = (Story) => (
  <main>
    <Story />
    <LocationProbe />
  </main>
);

/** The draft with one question of each type (id 4) in the mock server, no stored edits. */
export function withEveryTypeForm() {
  mockState.forms.push(structuredClone(everyTypeForm));
  clearStoredDrafts();
}

export function clearStoredDrafts() {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(draftStorageKey(0).slice(0, -1))) localStorage.removeItem(key);
  }
}

/** The mock server's copy of the every-type draft. */
export const savedForm = () => mockState.forms.find((f) => f.id === everyTypeForm.id)!;

/** Long enough for the autosave pause and the mock's answer. */
export const SAVE_TIMEOUT = { timeout: 8000 };
