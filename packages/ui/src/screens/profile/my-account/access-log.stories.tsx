import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { authScenarios, profileScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { AccessLog } from './access-log';

const meta = {
  title: 'Profil/Vem har läst mina uppgifter',
  component: AccessLog,
  parameters: mocks(authScenarios.asUser, profileScenarios.accessLogWithEmergency),
  decorators: [
    (Story) => (
      <main className="mx-auto max-w-3xl p-gutter">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof AccessLog>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * One line per person and day with what was read in her words; a day under 'Nödåtkomst' says so
 * once, with the reason's label and what it means, never the staff member's comment.
 */
export const MedNodatkomst: Story = {
  name: 'Läsning under nödåtkomst',
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', {
      name: 'Vem har läst mina uppgifter, senaste först',
    });
    const lines = within(list).getAllByRole('listitem');
    await expect(lines).toHaveLength(2);
    const urgent = within(lines[0]!);
    await expect(
      urgent.getByText('Läste din journal, dina provsvar och dina kontaktuppgifter.'),
    ).toBeVisible();
    await expect(urgent.getAllByText('Nödåtkomst')).toHaveLength(1);
    await expect(urgent.getByText('Skäl: Akut vårdbehov')).toBeVisible();
    await expect(
      urgent.getByText(/^Nödåtkomst betyder att någon utanför ditt vårdteam/),
    ).toBeVisible();
    await expect(
      within(lines[1]!).getByText('Läste dina kontaktuppgifter och era meddelanden.'),
    ).toBeVisible();
    await expect(within(lines[1]!).queryByText('Nödåtkomst')).toBeNull();
  },
};

/** 'Visa även listor och loggar': a day she only appeared in a log shows too. */
export const MedListorOchLoggar: Story = {
  name: 'Visa även listor och loggar',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'Vem har läst mina uppgifter, senaste först' });
    await expect(canvas.queryByText('Sofia Lind')).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Visa även listor och loggar' }));
    await expect(await canvas.findByText('Sofia Lind')).toBeVisible();
    await expect(canvas.getByText('Såg ditt namn i aktivitetsloggen.')).toBeVisible();
  },
};
