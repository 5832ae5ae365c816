// What the journal-note story files share: the route and the screen's meta.
import type { Meta } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { journalScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { useClient } from '@halsa/api';
import { useParams } from 'react-router';
import { JournalNotePage } from './journal-note';
import { forgetUnsavedAnswers } from './use-note-autosave';

export const noteRoute = (clientId: number, formId: number, search = '') => ({
  route: {
    path: '/clients/:clientId/journal/:formId',
    url: `/clients/${clientId}/journal/${formId}${search}`,
  },
});

/**
 * The note page with the client the client pages' frame gives it in the portal (the frame, its
 * breadcrumb, tabs, 404, 403 and spinner, has its own stories in clients/client-pages).
 */
export function NoteInClientFrame() {
  const { clientId } = useParams();
  const { data: client } = useClient(Number(clientId));
  return client ? <JournalNotePage client={client} /> : null;
}

export const noteMeta = {
  component: NoteInClientFrame,
  // Unsaved answers a left page keeps in memory must not pass from one story to the next.
  beforeEach: () => forgetUnsavedAnswers(),
  parameters: { ...noteRoute(3, 40), ...mocks(journalScenarios.everyQuestionType) },
  decorators: [
    (Story: () => ReactNode) => (
      // The page's gutter, as the client pages' frame gives it.
      <main className="px-gutter py-section">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof NoteInClientFrame>;
