import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DailyTip } from './daily-tip';
import { DAILY_TIP_PERIOD_MS, DAILY_TIP_STORAGE_KEY } from './daily-tip-rotation';
import {
  dailyTips,
  healthTipGroupLabels,
  mindTips,
  movementTips,
  nutritionTips,
  sleepTips,
  type HealthTip,
} from './tips';

const meta = {
  title: 'Skal/Dagens hälsotips',
  component: DailyTip,
  decorators: [
    (Story) => (
      <div className="bg-surface-muted p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DailyTip>;
export default meta;
type Story = StoryObj<typeof meta>;

const groupStory = (tip: HealthTip): Story => ({
  args: { tip },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Dagens hälsotips' });
    await expect(
      within(card).getByRole('heading', { level: 2, name: 'Dagens hälsotips' }),
    ).toBeVisible();
    await expect(card).toHaveTextContent(`Kategori: ${healthTipGroupLabels[tip.group]}`);
    await expect(within(card).getByText(tip.text)).toBeVisible();
  },
});

export const Kost: Story = groupStory(nutritionTips[0] as HealthTip);
export const Rorelse: Story = { name: 'Rörelse', ...groupStory(movementTips[4] as HealthTip) };
export const SomnOchAterhamtning: Story = {
  name: 'Sömn och återhämtning',
  ...groupStory(sleepTips[6] as HealthTip),
};
export const SocialtOchMentalt: Story = {
  name: 'Socialt och mentalt',
  ...groupStory(mindTips[2] as HealthTip),
};

/** The longest tip on the narrowest phone (320 px). */
export const LongestTipOnMobile: Story = {
  name: 'Längsta tipset i mobil',
  args: {
    tip: [...dailyTips].sort((a, b) => b.text.length - a.text.length)[0] as HealthTip,
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }} data-testid="viewport-320">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Dagens hälsotips' })).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** Inside a section that already has an h2, e.g. the messaging widget's Hem tab. */
export const AsSubsection: Story = {
  name: 'Som underavsnitt',
  args: { tip: sleepTips[0] as HealthTip, headingLevel: 3 },
  render: (args) => (
    <section aria-labelledby="hem-rubrik">
      <h2 id="hem-rubrik" className="mb-3 text-lg font-semibold text-fg">
        Hur kan vi hjälpa?
      </h2>
      <DailyTip {...args} />
    </section>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Dagens hälsotips' })).toBeVisible();
  },
};

const seed = (value: unknown) => () => {
  const before = localStorage.getItem(DAILY_TIP_STORAGE_KEY);
  localStorage.setItem(DAILY_TIP_STORAGE_KEY, JSON.stringify(value));
  return () => {
    if (before === null) localStorage.removeItem(DAILY_TIP_STORAGE_KEY);
    else localStorage.setItem(DAILY_TIP_STORAGE_KEY, before);
  };
};

/** Today's tip from localStorage: the stored tip is shown while its 24 hours last. */
export const Rotating: Story = {
  name: 'Roterande',
  beforeEach: seed({ index: 5, since: Date.now() - 60 * 60 * 1000 }),
  play: async ({ canvas }) => {
    const tip = dailyTips[5] as HealthTip;
    await expect(canvas.getByText(tip.text)).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Dagens hälsotips' })).toHaveTextContent(
      healthTipGroupLabels[tip.group],
    );
  },
};

/** 24 hours after the last change the next tip comes up, after the last one the first. */
export const RotatingAfterADay: Story = {
  name: 'Roterar efter en dag',
  beforeEach: seed({ index: dailyTips.length - 1, since: Date.now() - DAILY_TIP_PERIOD_MS }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText((dailyTips[0] as HealthTip).text)).toBeVisible();
    const stored = JSON.parse(localStorage.getItem(DAILY_TIP_STORAGE_KEY) ?? 'null');
    await expect(stored).toMatchObject({ index: 0 });
  },
};

/** Corrupt storage starts over at the first tip. */
export const RotatingWithCorruptStorage: Story = {
  name: 'Roterar med trasig lagring',
  beforeEach: () => {
    localStorage.setItem(DAILY_TIP_STORAGE_KEY, '{trasig');
    return () => localStorage.removeItem(DAILY_TIP_STORAGE_KEY);
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText((dailyTips[0] as HealthTip).text)).toBeVisible();
  },
};
