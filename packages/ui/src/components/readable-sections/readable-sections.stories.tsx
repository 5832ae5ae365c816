import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ReadableSections } from './readable-sections';

const meta = {
  title: 'Komponenter/Svar i ord',
  component: ReadableSections,
  args: {
    headingLevel: 3,
    sections: [
      {
        title: 'Levnadsvanor',
        items: [
          { question: 'Hur många dagar i veckan rör du dig minst 30 minuter?', answer: '4' },
          { question: 'Röker du?', answer: 'Nej' },
        ],
      },
      {
        title: '',
        items: [{ question: 'Övrigt', answer: 'Ont i knät efter löpning.\nBättre nu.' }],
      },
    ],
  },
} satisfies Meta<typeof ReadableSections>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each section's title at the page's level, each question with its answer in words. */
export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Levnadsvanor' })).toBeVisible();
    await expect(canvas.getAllByRole('heading')).toHaveLength(1);
    const terms = canvas.getAllByRole('term').map((t) => t.textContent);
    await expect(terms).toEqual([
      'Hur många dagar i veckan rör du dig minst 30 minuter?',
      'Röker du?',
      'Övrigt',
    ]);
    await expect(canvas.getByText(/Ont i knät efter löpning\./)).toHaveTextContent(
      'Ont i knät efter löpning. Bättre nu.',
    );
  },
};

/** Inside a page whose sections are h3: the titles are h4. */
export const UnderRubrik: Story = {
  name: 'Under en rubrik',
  args: { headingLevel: 4 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 4, name: 'Levnadsvanor' }),
    ).toBeVisible();
  },
};
