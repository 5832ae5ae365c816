import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { authScenarios, formScenarios, journalScenarios } from '@halsa/api/mocks';
import { mockState } from '@halsa/api/mocks/state';
import { mocks } from '../../../testing';
import { JournalSettingsScreen } from './journal-settings';

const meta = {
  title: 'Journal/Journalinställningar',
  component: JournalSettingsScreen,
  parameters: { route: { path: '/journal/general', url: '/journal/general' } },
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof JournalSettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** ADMIN edits the three settings; only published forms can be the default. */
export const Administrator: Story = {
  name: 'Administratör',
  play: async ({ canvas, userEvent }) => {
    const name = await canvas.findByRole('textbox', { name: 'Klinikens namn' });
    await expect(name).toHaveValue('Hälsoportalen');
    await expect(canvas.getByRole('textbox', { name: 'Signaturrad' })).toHaveValue(
      'Med vänliga hälsningar, teamet på Hälsoportalen',
    );
    const select = canvas.getByRole('combobox', { name: 'Standardformulär' });
    await expect(select).toHaveDisplayValue('Hälsosamtal – uppföljning');
    await waitFor(() =>
      expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
        'Inget standardformulär',
        'Hälsosamtal – uppföljning',
        'Stress och arbetsmiljö',
      ]),
    );
    await userEvent.clear(name);
    await userEvent.type(name, 'Kliniken Norr');
    await userEvent.selectOptions(select, 'Stress och arbetsmiljö');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara' }));
    await expect(await canvas.findByText('Journalinställningarna har sparats.')).toBeVisible();
    await expect(mockState.journalSettings).toEqual({
      clinicName: 'Kliniken Norr',
      signatureLine: 'Med vänliga hälsningar, teamet på Hälsoportalen',
      defaultFormId: 2,
      version: 2,
    });
    // A second save carries the new version.
    await userEvent.selectOptions(select, 'Inget standardformulär');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(mockState.journalSettings.version).toBe(3));
    await expect(mockState.journalSettings.defaultFormId).toBeNull();
  },
};

/** An empty clinic name: the contract's Swedish message, and nothing is saved. */
export const TomtNamn: Story = {
  name: 'Tomt namn',
  play: async ({ canvas, userEvent }) => {
    const name = await canvas.findByRole('textbox', { name: 'Klinikens namn' });
    await userEvent.clear(name);
    await userEvent.click(canvas.getByRole('button', { name: 'Spara' }));
    await expect(await canvas.findByText('Klinikens namn är obligatoriskt.')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(mockState.journalSettings.version).toBe(1);
    await expect(mockState.journalSettings.clinicName).toBe('Hälsoportalen');
  },
};

/** Someone else saved first: the server's Swedish message. */
export const Konflikt: Story = {
  name: 'Konflikt',
  parameters: mocks(journalScenarios.settingsConflict),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Spara' }));
    await expect(
      await canvas.findByText(
        'Inställningarna har ändrats av någon annan. Ladda om sidan för att se de senaste.',
      ),
    ).toBeVisible();
  },
};

/** STAFF reads the settings and cannot change them. */
export const Personal: Story = {
  name: 'Personal',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hälsoportalen')).toBeVisible();
    await expect(canvas.getByText('Med vänliga hälsningar, teamet på Hälsoportalen')).toBeVisible();
    await expect(await canvas.findByText('Hälsosamtal – uppföljning')).toBeVisible();
    await expect(
      canvas.getByText('Endast administratörer kan ändra journalinställningarna.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Spara' })).toBeNull();
  },
};

/** The forms cannot be fetched: the current default stays, with a note. */
export const FormularenSaknas: Story = {
  name: 'Formulären saknas',
  parameters: mocks(formScenarios.error(500)),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Formulären kunde inte hämtas. Försök igen senare.'),
    ).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Standardformulär' })).toHaveDisplayValue(
      'Formulär 1',
    );
  },
};

/** The settings fail to load. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(journalScenarios.error(500)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Kunde inte hämta journalinställningar')).toBeVisible();
  },
};

/** Waiting for the settings. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(journalScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar journalinställningar…')).toBeInTheDocument();
  },
};
