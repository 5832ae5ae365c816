// Signing and sending a note: sent, sending, failed, refused, required questions, correction.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { journalScenarios } from '@halsa/api/mocks';
import { mockState } from '@halsa/api/mocks/state';
import { mocks } from '../../../testing';
import { noteMeta, noteRoute } from './journal-note.story-setup';

const meta = { ...noteMeta, title: 'Journal/Journalanteckning/Signera och skicka' } satisfies Meta<
  typeof noteMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const stressForm = noteRoute(3, 2);

/** Signed and sent: the toast of spec §8, then the note read-only with signer and answers. */
export const Skickad: Story = {
  name: 'Skickad',
  parameters: stressForm,
  play: async ({ canvas, userEvent }) => {
    const scale = await canvas.findByRole('group', {
      name: 'Hur ofta känner du dig stressad på jobbet?',
    });
    await userEvent.click(within(scale).getByRole('radio', { name: '4' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Ja' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Signera och Skicka' }));
    await expect(await body().findByText('Formuläret skickades med e-post!')).toBeVisible();
    await expect(await canvas.findByText('Anteckningen är signerad och skickad')).toBeVisible();
    await expect(canvas.queryByRole('radio')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Signera och Skicka' })).toBeNull();
    const note = canvas.getByRole('article', { name: 'Stress och arbetsmiljö' });
    await expect(within(note).getByText(/^Signerad av Maria Berg /)).toBeVisible();
    await expect(within(note).getByText('4 av 10')).toBeVisible();
    await expect(within(note).getByText('Ja')).toBeVisible();
    const stored = mockState.journalNotes.find((n) => n.id === 203)!;
    await expect(stored.status).toBe('SIGNED');
    await expect(stored.answers).toEqual([
      { questionId: 211, value: 4 },
      { questionId: 212, value: true },
    ]);
    await expect(canvas.getByRole('link', { name: 'Till journalen' })).toHaveAttribute(
      'href',
      '/clients/3/journal',
    );
  },
};

/** While the server signs and sends: 'Signerar och skickar...' and the inputs are locked. */
export const Signerar: Story = {
  name: 'Signerar',
  parameters: { ...stressForm, ...mocks(journalScenarios.signSlow) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Signera och Skicka' }));
    const busy = await canvas.findByRole('button', { name: 'Signerar och skickar...' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('radio', { name: '5' })).toBeDisabled();
    await expect(
      await body().findByText('Formuläret skickades med e-post!', undefined, { timeout: 4000 }),
    ).toBeVisible();
  },
};

/** The server fails without a message: 'Misslyckades att skicka formulär.'; nothing is signed. */
export const Misslyckades: Story = {
  name: 'Misslyckades',
  parameters: { ...stressForm, ...mocks(journalScenarios.signFailure) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Signera och Skicka' }));
    await expect(await body().findByText('Misslyckades att skicka formulär.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Signera och Skicka' })).toBeEnabled();
    await expect(mockState.journalNotes.find((n) => n.id === 203)?.status).toBe('UNSIGNED');
  },
};

/** The server refuses with a reason: the toast, and the reason beside the button. */
export const Nekad: Story = {
  name: 'Nekad',
  parameters: { ...stressForm, ...mocks(journalScenarios.signRequiredMissing) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Signera och Skicka' }));
    await expect(await body().findByText('Misslyckades att skicka formulär.')).toBeVisible();
    await expect(
      canvas.getByText('Besvara alla obligatoriska frågor innan du signerar.'),
    ).toBeVisible();
  },
};

/** A required question without an answer: marked, explained, and nothing is sent. */
export const ObligatoriskFraga: Story = {
  name: 'Obligatorisk fråga',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Signera och Skicka' }));
    await expect(
      await canvas.findByText('Besvara alla obligatoriska frågor innan du signerar.'),
    ).toBeVisible();
    const field = canvas.getByRole('textbox', { name: 'Hur har veckan varit? (obligatorisk)' });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Frågan är obligatorisk.');
    await expect(mockState.journalNotes.some((n) => n.formId === 40)).toBe(false);
    await userEvent.type(field, 'Lugn');
    await expect(field).not.toHaveAttribute('aria-invalid');
  },
};

/** A correction of a signed note: said on the page, and the saved note points at it. */
export const Rattelse: Story = {
  name: 'Rättelse',
  parameters: noteRoute(3, 1, '?rattelse=201'),
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByText(
        'Du skriver en rättelse av en signerad anteckning. Båda anteckningarna visas i journalen.',
      ),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Nej' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Signera och Skicka' }));
    await expect(await body().findByText('Formuläret skickades med e-post!')).toBeVisible();
    await waitFor(() =>
      expect(
        mockState.journalNotes.find((n) => n.formId === 1 && n.status === 'SIGNED')?.correctsNoteId,
      ).toBe(201),
    );
    await expect(await canvas.findByText('Rättelse')).toBeVisible();
  },
};
