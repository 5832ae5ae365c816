import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { createFooterConfig, defaultFooterConfig } from '../../config/footer';
import { Footer } from './footer';

const meta = {
  title: 'Komponenter/Sidfot',
  component: Footer,
  args: { config: defaultFooterConfig },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

const NEW_TAB = '(öppnas i ny flik)';

export const Default: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    const footer = canvas.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Sidfot' });
    for (const label of [
      'Om oss',
      'Kontakt',
      'Integritetspolicy',
      'Allmänna villkor',
      'Cookiepolicy',
    ]) {
      const link = within(nav).getByRole('link', { name: `${label} ${NEW_TAB}` });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link.getAttribute('href')).toMatch(/^https:\/\/www\.example\.com\//);
    }

    const social = within(footer).getByRole('list', { name: 'Följ oss' });
    for (const network of ['LinkedIn', 'Instagram', 'Facebook']) {
      const link = within(social).getByRole('link', {
        name: `Hälsoportalen AB på ${network} ${NEW_TAB}`,
      });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const mail = within(footer).getByRole('link', { name: 'kontakt@example.com' });
    await expect(mail).toHaveAttribute('href', 'mailto:kontakt@example.com');
    await expect(mail).not.toHaveAttribute('target');

    await expect(footer).toHaveTextContent('Exempelgatan 1');
    await expect(footer).toHaveTextContent('111 22 Stockholm');
    await expect(footer).toHaveTextContent('Org.nr 556000-0000');
    await expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Hälsoportalen AB`);
  },
};

/** Every value comes from the config prop; nothing is hard-coded in the component. */
export const OtherConfig: Story = {
  name: 'Annan konfiguration',
  args: {
    config: {
      ...createFooterConfig(new Date(2031, 5, 1)),
      companyName: 'Friskvård Norr AB',
      contactEmail: 'hej@example.org',
      postalAddress: { street: 'Storgatan 12', postalTown: '903 26 Umeå' },
      orgNumber: '556999-9999',
      social: [
        {
          network: 'linkedin',
          label: 'Friskvård Norr AB på LinkedIn',
          href: 'https://www.example.org/linkedin',
        },
      ],
    },
  },
  play: async ({ canvas }) => {
    const footer = canvas.getByRole('contentinfo');
    await expect(footer).toHaveTextContent('© 2031 Friskvård Norr AB');
    await expect(footer).toHaveTextContent('Storgatan 12');
    await expect(footer).toHaveTextContent('903 26 Umeå');
    await expect(footer).toHaveTextContent('Org.nr 556999-9999');
    await expect(canvas.getByRole('link', { name: 'hej@example.org' })).toHaveAttribute(
      'href',
      'mailto:hej@example.org',
    );
    const social = canvas.getByRole('list', { name: 'Följ oss' });
    await expect(within(social).getAllByRole('link')).toHaveLength(1);
    await expect(
      within(social).getByRole('link', { name: `Friskvård Norr AB på LinkedIn ${NEW_TAB}` }),
    ).toBeVisible();
  },
};

/** Internal paths stay in the same tab and get no new-tab hint. */
export const InternalLinks: Story = {
  name: 'Interna länkar',
  args: {
    config: {
      ...defaultFooterConfig,
      links: {
        ...defaultFooterConfig.links,
        generalTerms: { label: 'Allmänna villkor', href: '/terms-of-use' },
      },
      social: [],
    },
  },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Allmänna villkor' });
    await expect(link).toHaveAttribute('href', '/terms-of-use');
    await expect(link).not.toHaveAttribute('target');
    await expect(canvas.queryByRole('list', { name: 'Följ oss' })).toBeNull();
  },
};

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
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};
