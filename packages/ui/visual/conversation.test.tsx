// Screenshot baselines of an open conversation with several bubbles in the message widget, from
// the staff's side and the client's, at 320 × 568 (the phone on which issue 35 found one bubble),
// 360 × 640 and 1280 × 800. The story is mounted with its beforeEach (MSW state) but without its
// play function; the test opens the conversation and shoots the widget's panel.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { composeStories } from '@storybook/react-vite';
import { openConversation } from '@halsa/api';
import { MOCK_NOW } from '@halsa/api/mocks';
import { holdStill, shootDialog } from './shoot';
import * as messagesTab from '../src/screens/messaging/messages-tab/messages-tab.stories';

holdStill();

beforeAll(() => {
  vi.setSystemTime(MOCK_NOW);
});
afterAll(async () => {
  vi.useRealTimers();
  await page.viewport(800, 600);
});

const SIZES = [
  [320, 568],
  [360, 640],
  [1280, 800],
] as const;

const SIDES = [
  ['personal', 'OppenKonversationPersonal', 'Anna Lindqvist'],
  ['klient', 'OppenKonversationKlient', 'Erik Johansson'],
] as const;

const stories = composeStories(messagesTab);

for (const [side, story, partner] of SIDES) {
  describe(side, () => {
    for (const [width, height] of SIZES) {
      test(`${width} × ${height}`, async () => {
        await page.viewport(width, height);
        const Story = stories[story];
        await Story.load();
        await render(<Story />);
        openConversation(82);
        const panel = page.getByRole('dialog', { name: 'Meddelanden' });
        const log = panel.getByRole('log', { name: partner });
        await expect.element(log.getByText('Tack så mycket, då ses vi på torsdag.')).toBeVisible();
        // Several bubbles, not one: at 320 × 568 two whole two-line messages and part of a
        // third (the log is about 230 px high), from 640 px up at least three whole ones.
        const box = log.element().getBoundingClientRect();
        const whole = log
          .getByRole('listitem')
          .elements()
          .filter((item) => {
            const r = item.getBoundingClientRect();
            return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
          });
        expect(whole.length).toBeGreaterThanOrEqual(height < 640 ? 2 : 3);
        expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
        await shootDialog(panel, { blur: true });
      });
    }
  });
}
