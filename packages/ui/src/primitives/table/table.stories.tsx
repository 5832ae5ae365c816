import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Badge } from '../badge/badge';
import { EmptyState } from '../empty-state/empty-state';
import { Pager, Table, type TableColumn } from './table';

interface Client {
  id: string;
  name: string;
  email: string;
  status: 'Registrerad' | 'Inbjuden';
  file: string;
}

const clients: Client[] = [
  {
    id: '1',
    name: 'Anna Lindqvist',
    email: 'anna.lindqvist@example.com',
    status: 'Registrerad',
    file: 'Blodprov_2026-10-12.pdf',
  },
  {
    id: '2',
    name: 'Karl-Johan Bergström-Söderberg',
    email: 'karl-johan.bergstrom-soderberg.langt.namn@mottagningen-i-sodra-stockholm.example.com',
    status: 'Inbjuden',
    file: 'Provsvar_fran_laboratoriet_med_ett_mycket_langt_filnamn_2026-11-02.csv',
  },
];

const columns: TableColumn<Client>[] = [
  { header: 'Namn', primary: true, cell: (c) => c.name },
  { header: 'E-post', cell: (c) => c.email },
  {
    header: 'Status',
    cell: (c) => (
      <Badge variant={c.status === 'Inbjuden' ? 'warning' : 'success'}>{c.status}</Badge>
    ),
  },
  { header: 'Senaste fil', cell: (c) => c.file },
];

const meta = {
  title: 'Primitiver/Tabell',
  component: Table<Client>,
  parameters: { layout: 'padded' },
  args: { caption: 'Klienter', columns, rows: clients, rowKey: (c: Client) => c.id },
} satisfies Meta<typeof Table<Client>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Klienter' });
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers.map((h) => h.textContent)).toEqual([
      'Namn',
      'E-post',
      'Status',
      'Senaste fil',
    ]);
    await expect(within(table).getByRole('rowheader', { name: 'Anna Lindqvist' })).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    // a wide screen shows the headings once, above the columns
    await expect(headers[0]).toBeVisible();
  },
};

export const Tom: Story = {
  name: 'Tom',
  args: {
    rows: [],
    empty: <EmptyState title="Inga klienter ännu." headingLevel={2} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Inga klienter ännu.' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/**
 * The narrowest phone (320 px, WCAG 1.4.10): each row is a card, each value has its heading
 * beside it, and the long e-mail address and file name wrap instead of widening the page.
 */
export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(320);
    const table = canvas.getByRole('table', { name: 'Klienter' });
    // still a table for screen readers, with its column headings
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth);

    // The e-mail cell: 'E-post' is shown left of the value, on the same line.
    const email = within(table).getByText(/^karl-johan\.bergstrom/);
    const cell = email.closest('td')!;
    const label = getComputedStyle(cell, '::before');
    await expect(label.content).toContain('"E-post"');
    await expect(label.display).not.toBe('none');
    const cellBox = cell.getBoundingClientRect();
    const valueBox = email.getBoundingClientRect();
    await expect(valueBox.left - cellBox.left).toBeGreaterThan(80);
    await expect(valueBox.right).toBeLessThanOrEqual(cellBox.right);
    // the value wraps rather than running off the card
    await expect(valueBox.height).toBeGreaterThan(30);
    await expect(within(table).getAllByText('Inbjuden')[0]).toBeVisible();
  },
};

const onPage = fn();

export const Sidor: StoryObj<typeof Pager> = {
  name: 'Bläddring, mitt i',
  render: (args) => <Pager {...args} />,
  args: { page: 2, pages: 3, onPage, label: 'Sidor i loggen' },
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Sidor i loggen' });
    await expect(within(nav).getByText('Sida 2 av 3')).toBeVisible();
    await userEvent.click(within(nav).getByRole('button', { name: 'Nyare' }));
    await expect(onPage).toHaveBeenLastCalledWith(1);
    await userEvent.click(within(nav).getByRole('button', { name: 'Äldre' }));
    await expect(onPage).toHaveBeenLastCalledWith(3);
  },
};

export const ForstaSidan: StoryObj<typeof Pager> = {
  name: 'Bläddring, första sidan',
  render: (args) => <Pager {...args} />,
  args: { page: 1, pages: 3, onPage: fn(), label: 'Sidor i loggen' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Nyare' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Äldre' })).toBeEnabled();
  },
};

export const SistaSidan: StoryObj<typeof Pager> = {
  name: 'Bläddring, sista sidan',
  render: (args) => <Pager {...args} />,
  args: {
    page: 3,
    pages: 3,
    onPage: fn(),
    label: 'Sidor',
    previousLabel: 'Föregående',
    nextLabel: 'Nästa',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Föregående' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Nästa' })).toBeDisabled();
    await expect(canvas.getByText('Sida 3 av 3')).toBeVisible();
  },
};
