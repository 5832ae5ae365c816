import { useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from 'react-router';
import { expect, within } from 'storybook/test';
import { createFooterConfig } from '../../config/footer';
import { Button } from '../../primitives/button/button';
import { AuthLayout, type AuthLayoutProps } from './auth-layout';

const meta = {
  title: 'Inloggning/Delar/Sidlayout',
  component: AuthLayout,
  args: {
    title: 'Logga in',
    description: 'Logga in med din e-postadress och ditt lösenord.',
    children: <p>Här står sidans formulär.</p>,
  },
} satisfies Meta<typeof AuthLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The product name, one card with the page's h1, a line under it, the content and the footer. */
export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Hälsoportalen', { selector: 'p' })).toBeVisible();
    const heading = canvas.getByRole('heading', { level: 1, name: 'Logga in' });
    await expect(heading).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const card = canvas.getByRole('region', { name: 'Logga in' });
    await expect(
      within(card).getByText('Logga in med din e-postadress och ditt lösenord.'),
    ).toBeVisible();
    await expect(within(card).getByText('Här står sidans formulär.')).toBeVisible();
    await expect(canvas.getByRole('main')).toContainElement(card);
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    // The brand mark is decorative; the name beside it says what it is.
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** Only a title and the content: no empty line under the h1, nothing under the card. */
export const UtanBeskrivning: Story = {
  name: 'Utan beskrivning',
  args: { title: 'Ange verifieringskod', description: undefined },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Ange verifieringskod' });
    await expect(card.querySelector('.text-fg-muted')).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Tillbaka till inloggningen' })).toBeNull();
  },
};

/** `aside`: a line under the card, e.g. the link back to the login page. */
export const MedLankUnderKortet: Story = {
  name: 'Med länk under kortet',
  args: {
    title: 'Glömt lösenord',
    description: 'Ange din e-postadress så skickar vi en länk för att återställa lösenordet.',
    aside: (
      <Link to="/login" className="underline underline-offset-4">
        Tillbaka till inloggningen
      </Link>
    ),
  },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Tillbaka till inloggningen' });
    await expect(link).toHaveAttribute('href', '/login');
    // Under the card, not inside it.
    const card = canvas.getByRole('region', { name: 'Glömt lösenord' });
    await expect(card).not.toContainElement(link);
  },
};

/** `width="wide"` for the registration wizard: a wider card than the short forms' `narrow`. */
export const Bred: Story = {
  name: 'Bred',
  args: {
    title: 'Skapa din profil',
    width: 'wide',
    children: <p>Steg 1 av 5: Slutanvändaravtal</p>,
  },
  decorators: [
    (Story) => (
      <div style={{ width: 1024 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Skapa din profil' });
    // max-w-xl (36rem) instead of max-w-md (28rem).
    await expect(card.getBoundingClientRect().width).toBe(576);
  },
};

export const Smal: Story = {
  name: 'Smal (standard)',
  decorators: [
    (Story) => (
      <div style={{ width: 1024 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Logga in' });
    await expect(card.getBoundingClientRect().width).toBe(448);
  },
};

/** `footerConfig`: the footer's values come from the prop. */
export const EgenSidfot: Story = {
  name: 'Egen sidfot',
  args: {
    footerConfig: {
      ...createFooterConfig(new Date(2031, 5, 1)),
      companyName: 'Friskvård Norr AB',
      contactEmail: 'hej@example.org',
    },
  },
  play: async ({ canvas }) => {
    const footer = canvas.getByRole('contentinfo');
    await expect(footer).toHaveTextContent('© 2031 Friskvård Norr AB');
    await expect(within(footer).getByRole('link', { name: 'hej@example.org' })).toHaveAttribute(
      'href',
      'mailto:hej@example.org',
    );
  },
};

/** `headingRef`: a page can move focus to its h1 when the card's content is replaced. */
function FocusHeading(props: AuthLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <AuthLayout {...props} headingRef={heading}>
      <Button type="button" onClick={() => heading.current?.focus()}>
        Till rubriken
      </Button>
    </AuthLayout>
  );
}

export const FokusPaRubriken: Story = {
  name: 'Fokus på rubriken',
  args: { title: 'Lösenord har satts!' },
  render: (args) => <FocusHeading {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Till rubriken' }));
    const heading = canvas.getByRole('heading', { level: 1, name: 'Lösenord har satts!' });
    await expect(heading).toHaveFocus();
    // Focusable from script only, not a tab stop.
    await expect(heading).toHaveAttribute('tabindex', '-1');
  },
};

/** The narrowest phone (320 px): the card fills the screen and nothing overflows. */
export const Mobil: Story = {
  name: 'Mobil',
  args: {
    title: 'Återställ lösenord',
    description: 'Välj ett nytt lösenord för ditt konto.',
    children: (
      <p>
        Ett långt ord som aldrig får bryta layouten: hälsoportalsanvändarinställningar och
        lösenordsåterställningslänk.
      </p>
    ),
  },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }} data-testid="viewport-320">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Återställ lösenord' }),
    ).toBeVisible();
    const card = canvas.getByRole('region', { name: 'Återställ lösenord' });
    // px-4 on each side of a 320 px screen.
    await expect(card.getBoundingClientRect().width).toBe(288);
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};
