import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { paths } from '../../../config';
import { LAB_RESULTS_LEAD } from '../../lab-results/labels';
import { skeletonPages } from '../../../config/pages';
import { ShellSkeleton } from './shell-skeleton';

// The first HTML of a signed-in page, before its code has run (scripts/prerender.mjs).
const meta = {
  title: 'Skal/Första bilden',
  component: ShellSkeleton,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ShellSkeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /lab-results: the title and the lead the page keeps once it has loaded. */
export const Provsvar: Story = {
  name: 'Provsvar',
  args: { page: skeletonPages[paths.labResults] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Provsvar' })).toBeVisible();
    await expect(canvas.getByText(LAB_RESULTS_LEAD)).toBeVisible();
    await expect(canvas.getByText('Hälsoportalen')).toBeVisible();
    // Nothing to press before the app has loaded: no link, no button, no name.
    await expect(canvas.queryAllByRole('button')).toEqual([]);
    await expect(canvas.queryAllByRole('link')).toEqual([]);
  },
};

/** /overview: the title only (its greeting names the user, whom the first HTML does not know). */
export const AttGora: Story = {
  name: 'Att göra',
  args: { page: skeletonPages[paths.overview] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Att göra' })).toBeVisible();
  },
};

/** A signed-in path without a page of its own (a client's pages): the bars only. */
export const BaraSkalet: Story = {
  name: 'Bara skalet',
  args: { page: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(canvas.getByRole('main')).toBeInTheDocument();
  },
};
