import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { activityLogFixtures } from '@halsa/api/mocks';
import { ActivityTable } from './activity-table';

const meta = {
  title: 'Komponenter/Aktivitetstabell',
  component: ActivityTable,
  args: {
    page: { items: activityLogFixtures.slice(0, 5), total: 12, page: 1, size: 5 },
    onPage: fn(),
  },
} satisfies Meta<typeof ActivityTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The whole log: the subject column, and paging that asks for the next, older page. */
export const HelaLoggen: Story = {
  name: 'Hela loggen',
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table', { name: 'Aktivitetslogg, sida 1 av 3, nyast först' });
    await expect(within(table).getByRole('columnheader', { name: 'Berörd klient' })).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
    await expect(canvas.getByRole('button', { name: 'Nyare' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Äldre' }));
    await expect(args.onPage).toHaveBeenCalledWith(2);
  },
};

/** A client's own log leaves out whom; one page needs no paging. */
export const EnKlientsLogg: Story = {
  name: 'En klients logg',
  args: {
    showSubject: false,
    page: { items: activityLogFixtures.slice(0, 3), total: 3, page: 1, size: 25 },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('columnheader', { name: 'Berörd klient' })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Sidor i loggen' })).toBeNull();
  },
};
