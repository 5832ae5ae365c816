// What the journal-note story files share: the route and the screen's meta.
import type { Meta } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { journalScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { JournalNoteScreen } from './journal-note';
import { forgetUnsavedAnswers } from './use-note-autosave';

export const noteRoute = (clientId: number, formId: number, search = '') => ({
  route: {
    path: '/clients/:clientId/journal/:formId',
    url: `/clients/${clientId}/journal/${formId}${search}`,
  },
});

export const noteMeta = {
  component: JournalNoteScreen,
  // Unsaved answers a left page keeps in memory must not pass from one story to the next.
  beforeEach: () => forgetUnsavedAnswers(),
  parameters: { ...noteRoute(3, 40), ...mocks(journalScenarios.everyQuestionType) },
  decorators: [
    (Story: () => ReactNode) => (
      <main>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof JournalNoteScreen>;
