import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../../primitives/button/button';
import { Page } from './page';

// The frame of a signed-in page: title, width and lead from config/pages.ts (issue 37).
const meta = {
  title: 'Komponenter/Sida',
  component: Page,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /lab-results: the title and the lead of its first HTML, then the page's content. */
export const RubrikOchIngress: Story = {
  name: 'Rubrik och ingress',
  args: { page: 'labResults', gap: 'gap-6', children: <p>Här kommer sidans innehåll.</p> },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Provsvar' });
    await expect(region).toHaveClass('max-w-4xl');
    await expect(canvas.getByText(/^Här finns provsvaren som mottagningen/)).toBeVisible();
  },
};

/** /journal/templates: the page's buttons beside the title, on its line. */
export const KnapparBredvidRubriken: Story = {
  name: 'Knappar bredvid rubriken',
  args: {
    page: 'formTemplates',
    gap: 'gap-4',
    actions: <Button type="button">Nytt formulär</Button>,
  },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1, name: 'Journalformulär' });
    const button = canvas.getByRole('button', { name: 'Nytt formulär' });
    await expect(button.parentElement).toBe(heading.parentElement);
  },
};

/** /overview: a greeting that names the user between the title and the lead everybody gets. */
export const HalsningForeIngressen: Story = {
  name: 'Hälsning före ingressen',
  args: {
    page: 'overview',
    gap: 'gap-8',
    intro: <p className="mt-2 text-lg">Hej Karin!</p>,
  },
  play: async ({ canvas }) => {
    const greeting = canvas.getByText('Hej Karin!');
    await expect(greeting.nextElementSibling).toHaveTextContent(/^Här hittar du det som är nytt/);
  },
};
