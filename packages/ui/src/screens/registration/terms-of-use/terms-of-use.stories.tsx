import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, within } from 'storybook/test';
import { TermsOfUse } from './terms-of-use';

const meta = {
  title: 'Registrering/Slutanvändaravtal',
  component: TermsOfUse,
  parameters: { route: { path: '/terms-of-use', url: '/terms-of-use' } },
  beforeEach: () => {
    const scrollTo = spyOn(window, 'scrollTo').mockImplementation(() => {});
    return () => scrollTo.mockRestore();
  },
} satisfies Meta<typeof TermsOfUse>;
export default meta;
type Story = StoryObj<typeof meta>;

const headings: Array<[level: number, name: string]> = [
  [1, 'Slutanvändaravtal'],
  [2, '1. Fullmakt'],
  [3, '1.1 Begränsad fullmakt'],
  [3, '1.2 Kostnader och egna tillägg'],
  [2, '2. Samtycke'],
  [3, '2.1 Personuppgifter och medicinska uppgifter'],
  [3, '2.2 Journaler från andra vårdgivare'],
  [3, '2.3 Uppgifter från tredje part'],
  [3, '2.4 Utlämnande till tredje part'],
  [3, '2.5 Personuppgiftsbiträden'],
  [2, '3. När någon annan har tecknat avtalet'],
  [3, '3.1 Allmänna villkor'],
  [3, '3.2 Information om användningen av tjänsten'],
  [3, '3.3 Rehabiliteringsmöten'],
];

export const Default: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    const article = canvas.getByRole('article', { name: 'Slutanvändaravtal' });
    for (const [level, name] of headings) {
      await expect(within(article).getByRole('heading', { level, name })).toBeVisible();
    }
    await expect(within(article).getAllByRole('heading', { level: 2 })).toHaveLength(3);
    await expect(within(article).getAllByRole('heading', { level: 3 })).toHaveLength(10);
    await expect(article).toHaveTextContent('de senaste 12 månaderna');
    await expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  },
};

/** The narrowest phone the design supports (320 px). */
export const Mobile: Story = {
  name: 'Mobil',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }} data-testid="viewport-320">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const article = canvas.getByRole('article', { name: 'Slutanvändaravtal' });
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Slutanvändaravtal' }),
    ).toBeVisible();
    // Nothing overflows the 320 px column horizontally.
    const frame = canvas.getByTestId('viewport-320');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(320);
    await expect(article.getBoundingClientRect().width).toBeLessThanOrEqual(320);
  },
};
