import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Breadcrumb } from './breadcrumb';

const meta = {
  title: 'Komponenter/Brödsmulor',
  component: Breadcrumb,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Breadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A client's tab: two links back, the tab itself the current page. */
export const Klientflik: Story = {
  name: 'Klientflik',
  args: {
    steps: [
      { label: 'Klienter', to: '/clients' },
      { label: 'Karin Johansson 19850412-2381', to: '/clients/3/overview' },
      { label: 'Journal' },
    ],
  },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Brödsmulor' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Klienter', '/clients'],
      ['Karin Johansson 19850412-2381', '/clients/3/overview'],
    ]);
    await expect(within(nav).getByText('Journal')).toHaveAttribute('aria-current', 'page');
    // The separators are not read out.
    await expect(within(nav).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** On a 320 px phone a long name wraps; nothing runs past the edge. */
export const Mobil: Story = {
  name: 'Mobil',
  args: {
    steps: [
      { label: 'Klienter', to: '/clients' },
      { label: 'Anna-Karin Johansson-Lindqvist 19850412-2381', to: '/clients/3/overview' },
      { label: 'Lab Resultat' },
    ],
  },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
