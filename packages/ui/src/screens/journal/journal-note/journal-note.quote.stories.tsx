// A note started from a client's questionnaire answers ('Skapa anteckning från svaren', design
// §4.19): the link brings the quoted answers, which land in the form's first free-text question
// and are saved at once; the quote is never added twice.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { expect, waitFor } from 'storybook/test';
import { mockState } from '@halsa/api/mocks/state';
import { noteMeta } from './journal-note.story-setup';

const QUOTE =
  'Klientens egna svar i enkäten ”Hälsodeklaration inför hälsokontroll”, inskickad 18 november 2026:\n\nLevnadsvanor\nRöker du?: Nej';

/** Opens the page as the link of 'Skapa anteckning från svaren' does: with the quote in its state. */
function WithQuote({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const quoted = (location.state as { quotedAnswers?: string } | null)?.quotedAnswers;
  useEffect(() => {
    if (!quoted)
      void navigate(location.pathname, { state: { quotedAnswers: QUOTE }, replace: true });
  }, [quoted, location.pathname, navigate]);
  return quoted ? children : null;
}

const meta = {
  ...noteMeta,
  title: 'Journal/Journalanteckning/Från enkätsvar',
  decorators: [
    (Story: () => ReactNode) => (
      <WithQuote>
        <Story />
      </WithQuote>
    ),
    ...noteMeta.decorators,
  ],
} satisfies Meta<typeof noteMeta.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const savedNote = () =>
  mockState.journalNotes.find(
    (n) => n.clientId === 3 && n.formId === 40 && n.status === 'UNSIGNED',
  );

/** The quote fills the first long-text question, a notice says so, and it is saved. */
export const Citerade: Story = {
  name: 'Citerade svar',
  play: async ({ canvas }) => {
    const field = await canvas.findByRole('textbox', {
      name: 'Beskriv sömnen den senaste månaden',
    });
    await expect(field).toHaveValue(QUOTE);
    await expect(
      canvas.getByText(
        'Klientens egna svar från enkäten är citerade i anteckningen. Granska och komplettera innan du signerar.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(savedNote()?.answers.find((a) => a.questionId === 4012)?.value).toBe(QUOTE),
    );
  },
};
