import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

// The semantic colours of globals.css, for designers. Class names are written out in full so
// Tailwind finds them.
const colours = [
  { token: '--color-surface', swatch: 'bg-surface', use: 'Kort, fält, dialoger' },
  { token: '--color-surface-muted', swatch: 'bg-surface-muted', use: 'Sidans bakgrund' },
  {
    token: '--color-surface-sunken',
    swatch: 'bg-surface-sunken',
    use: 'Neutrala märken, inaktivt',
  },
  { token: '--color-fg', swatch: 'bg-fg', use: 'Brödtext' },
  { token: '--color-fg-muted', swatch: 'bg-fg-muted', use: 'Hjälptext, sekundär text' },
  { token: '--color-fg-subtle', swatch: 'bg-fg-subtle', use: 'Platshållare' },
  { token: '--color-border', swatch: 'bg-border', use: 'Avdelare, kortkanter' },
  { token: '--color-border-strong', swatch: 'bg-border-strong', use: 'Kanter på fält' },
  { token: '--color-primary', swatch: 'bg-primary', use: 'Primära knappar, aktiv flik' },
  { token: '--color-primary-soft', swatch: 'bg-primary-soft', use: 'Info, markerad rad' },
  { token: '--color-accent', swatch: 'bg-accent', use: 'Länkar och olästa markeringar' },
  { token: '--color-success', swatch: 'bg-success', use: 'Lyckat' },
  { token: '--color-success-soft', swatch: 'bg-success-soft', use: 'Lyckat, bakgrund' },
  { token: '--color-warning', swatch: 'bg-warning', use: 'Varning, ikoner och kanter' },
  { token: '--color-warning-soft', swatch: 'bg-warning-soft', use: 'Varning, bakgrund' },
  { token: '--color-danger', swatch: 'bg-danger', use: 'Fel och borttagning' },
  { token: '--color-danger-soft', swatch: 'bg-danger-soft', use: 'Fel, bakgrund' },
  { token: '--color-focus', swatch: 'bg-focus', use: 'Fokusring' },
];

function Palette() {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Färger</h1>
      <ul className="grid gap-2 sm:grid-cols-3">
        {colours.map(({ token, swatch, use }) => (
          <li
            key={token}
            className="flex items-center gap-3 rounded-card bg-surface p-2 shadow-card"
          >
            <span
              aria-hidden="true"
              className={`size-8 shrink-0 rounded-control border border-border ${swatch}`}
            />
            <span className="flex flex-col">
              <code className="text-xs text-fg">{token}</code>
              <span className="text-xs text-fg-muted">{use}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const meta = {
  title: 'Grund/Designtokens',
  component: Palette,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Palette>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Farger: Story = {
  name: 'Färger',
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(colours.length);
    // Every token resolves to a colour.
    for (const { token } of colours) {
      await expect(
        getComputedStyle(document.documentElement).getPropertyValue(token).trim(),
      ).not.toBe('');
    }
  },
};
