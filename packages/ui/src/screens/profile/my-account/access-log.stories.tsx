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

/** Reads under 'Nödåtkomst' say so, with the reason (and the comment with 'Annat'). */
export const MedNodatkomst: Story = {
  name: 'Läsning under nödåtkomst',
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', {
      name: 'Vem har läst mina uppgifter, senaste först',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(3);
    const urgent = within(rows[0]!);
    await expect(urgent.getByText('Nödåtkomst')).toBeVisible();
    await expect(urgent.getByText('Skäl: Akut vårdbehov')).toBeVisible();
    const other = within(rows[1]!);
    await expect(
      other.getByText(
        'Skäl: Annat – Klienten ringde från akuten och bad om hjälp med sina provsvar.',
      ),
    ).toBeVisible();
    await expect(within(rows[2]!).queryByText('Nödåtkomst')).toBeNull();
  },
};
