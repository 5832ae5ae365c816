import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar, type AvatarProps } from './avatar';

/** A portrait drawn inline, so the story needs no network and screenshots stay stable. */
const PORTRAIT = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80">' +
    '<rect width="80" height="80" fill="#cfe3df"/>' +
    '<circle cx="40" cy="31" r="15" fill="#2f6f67"/>' +
    '<path d="M12 80c3-19 14-29 28-29s25 10 28 29Z" fill="#2f6f67"/>' +
    '</svg>',
)}`;

/** The avatar is decorative; the name is always written beside it, as in the conversation list. */
function WithName(props: AvatarProps) {
  return (
    <p className="flex max-w-full min-w-0 items-center gap-3">
      <Avatar {...props} />
      <span className="min-w-0 truncate font-medium">{props.fullName}</span>
    </p>
  );
}

const meta = {
  title: 'Komponenter/Avatar',
  component: Avatar,
  args: { fullName: 'Åsa Öberg' },
  parameters: { layout: 'padded' },
  render: (args) => <WithName {...args} />,
  decorators: [
    (Story) => (
      <div className="max-w-sm bg-surface p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No picture: the first letters of the first and last name, å ä ö included. */
export const Initialer: Story = {
  name: 'Initialer',
  play: async ({ canvas, canvasElement }) => {
    const initials = canvas.getByText('ÅÖ');
    await expect(initials).toBeVisible();
    await expect(initials).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByText('Åsa Öberg')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
    // Decorative: nothing for a screen reader besides the written name.
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** With a picture: the image is shown, decorative (empty alt), and no initials. */
export const MedBild: Story = {
  name: 'Med bild',
  args: { fullName: 'Märta Ågren', imageUrl: PORTRAIT },
  play: async ({ canvas, canvasElement }) => {
    const image = canvasElement.querySelector('img');
    await expect(image).not.toBeNull();
    await expect(image).toHaveAttribute('alt', '');
    await expect(image).toHaveAttribute('src', PORTRAIT);
    await expect(image).toBeVisible();
    await expect(canvas.queryByText('MÅ')).toBeNull();
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByText('Märta Ågren')).toBeVisible();
  },
};

/** A picture that cannot be loaded (a removed file, offline) shows the initials instead. */
export const BildLaddasInte: Story = {
  name: 'Bilden kan inte laddas',
  args: { fullName: 'Märta Ågren', imageUrl: 'data:image/png;base64,AAAA' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
    await expect(canvas.getByText('MÅ')).toBeVisible();
    await expect(canvas.getByText('Märta Ågren')).toBeVisible();
  },
};

/** `imageUrl: null` (a user without a picture, as the API sends it) falls back to initials. */
export const UtanBildNull: Story = {
  name: 'Bild saknas (null)',
  args: { fullName: 'Örjan Ärlig', imageUrl: null },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('ÖÄ')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

/** Lower-case names are written with capitals; only the first and the last name count. */
export const SmaBokstaverOchMellannamn: Story = {
  name: 'Små bokstäver och mellannamn',
  args: { fullName: '  åke  ännu   östlund ' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('ÅÖ')).toBeVisible();
  },
};

/** A single name gives one letter. */
export const EttNamn: Story = {
  name: 'Ett namn',
  args: { fullName: 'Ängla' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ä', { exact: true })).toBeVisible();
  },
};

/** A blank name gives '?'. */
export const TomtNamn: Story = {
  name: 'Tomt namn',
  args: { fullName: '   ' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('?')).toBeVisible();
  },
};

/** A long double name in a 320 px column: the circle keeps its size and the name is cut off. */
export const LangtNamn: Story = {
  name: 'Långt namn',
  args: { fullName: 'Anna-Karin Margareta Söderström-Järvholm Åkerlund' },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }} data-testid="viewport-320">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const initials = canvas.getByText('AÅ');
    await expect(initials.getBoundingClientRect().width).toBe(40);
    await expect(initials.getBoundingClientRect().height).toBe(40);
    await expect(
      canvas.getByText('Anna-Karin Margareta Söderström-Järvholm Åkerlund'),
    ).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** `size`: 32 px (lists, the top bar), 40 px (default), 64 px (e.g. a profile). */
export const Storre: Story = {
  name: 'Större',
  args: { fullName: 'Karin Svensson', size: 'lg' },
  play: async ({ canvas }) => {
    const initials = canvas.getByText('KS');
    await expect(initials.getBoundingClientRect().width).toBe(64);
  },
};

export const Mindre: Story = {
  name: 'Mindre',
  args: { fullName: 'Karin Svensson', size: 'sm' },
  play: async ({ canvas }) => {
    const initials = canvas.getByText('KS');
    await expect(initials.getBoundingClientRect().width).toBe(32);
  },
};

/** All states side by side, for the designers. */
export const AllaVarianter: Story = {
  name: 'Alla varianter',
  render: () => (
    <ul className="flex flex-col gap-3">
      {[
        { fullName: 'Åsa Öberg' },
        { fullName: 'Märta Ågren', imageUrl: PORTRAIT },
        { fullName: 'Ängla' },
        { fullName: 'Lars Nilsson', size: 'sm' as const, className: 'text-xs' },
        { fullName: 'Karin Svensson', size: 'lg' as const },
        { fullName: 'Anna-Karin Margareta Söderström-Järvholm Åkerlund' },
      ].map((person) => (
        <li key={person.fullName}>
          <WithName {...person} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(6);
    for (const initials of ['ÅÖ', 'Ä', 'LN', 'KS', 'AÅ']) {
      await expect(canvas.getByText(initials, { exact: true })).toBeVisible();
    }
  },
};
