// What every screenshot baseline file shares: the Storybook project annotations, a page without
// motion or a blinking caret, and mounting one story with its loaders (MSW) but without its play
// function, shot once the text that says its data has arrived is on screen.
import type { ComponentType } from 'react';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { page, userEvent, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { MOCK_NOW } from '@halsa/api/mocks';
import preview from '../../../.storybook/preview';

setProjectAnnotations(preview);

type Composed = ComponentType & { load: () => Promise<void> };

const STILL = `
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
body { min-height: 100vh; }
`;

/** Adds the still styles (plus `extraCss`) once for the test file that calls it. */
export function holdStill(extraCss = '') {
  beforeAll(() => {
    const style = document.createElement('style');
    style.textContent = STILL + extraCss;
    document.head.append(style);
  });
}

/**
 * Renders story `name` of `module` into a fresh container (styled with `containerCss`) and waits
 * for `ready` (matched `exact`ly when asked) and the fonts.
 */
export async function mountStory(
  module: object,
  name: string,
  ready: string,
  { containerCss = '', exact = false }: { containerCss?: string; exact?: boolean } = {},
) {
  const Story = (composeStories(module as never) as Record<string, Composed>)[name]!;
  await Story.load();
  const container = document.createElement('div');
  container.style.cssText = containerCss;
  document.body.append(container);
  await render(<Story />, { container });
  // 10 s, not expect.element's 1 s: some screens draw their parts a frame apart (lab results'
  // trend cards and files, issue 39), and on a loaded machine frames come slowly.
  await expect.element(page.getByText(ready, { exact }).first(), { timeout: 10_000 }).toBeVisible();
  await document.fonts.ready;
  return container;
}

export const shotOptions = {
  screenshotOptions: { animations: 'disabled', caret: 'hide' },
} as const;

/**
 * The pointer stays where an earlier test, of this file or another, left it: a field under it
 * would be shot with its hover border, and the baseline would depend on the order the files
 * ran in. It rests in the page's top-left corner for every shot (forced: an open dialog's
 * overlay may lie over that corner, and it has no hover style).
 */
export async function restPointer() {
  await userEvent.hover(page.elementLocator(document.body), {
    position: { x: 1, y: 1 },
    force: true,
  });
}

/** Matches `element` against its baseline in __screenshots__/, the pointer at rest. */
export async function shoot(element: Element, name?: string) {
  await restPointer();
  const locator = expect.element(page.elementLocator(element));
  await (name
    ? locator.toMatchScreenshot(name, shotOptions)
    : locator.toMatchScreenshot(shotOptions));
}

/**
 * Matches a dialog (fixed to the viewport, so shot on its own) against its baseline, the pointer
 * at rest. A dialog shot as it opens is shot with `blur`: whether its first field shows a focus
 * ring depends on whether the test before it last used the keyboard, so the shot would depend on
 * the order the tests ran in.
 */
export async function shootDialog(dialog: Locator, { blur = false } = {}) {
  await document.fonts.ready;
  if (blur) (document.activeElement as HTMLElement | null)?.blur();
  await restPointer();
  await expect.element(dialog).toMatchScreenshot(shotOptions);
}

/** [baseline name, stories, story, text that says its data is there] */
export type WidthShot = [string, Record<string, unknown>, string, string];

/**
 * Shoots each story whole at each width (`<name>-<width>`), once its data is on screen, with the
 * clock at the mocks' "now"; nothing may be wider than the viewport.
 */
export function shootAtWidths(shots: readonly WidthShot[], widths = [320, 360, 1280]) {
  beforeAll(() => {
    vi.setSystemTime(MOCK_NOW);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await page.viewport(800, 600);
  });
  for (const width of widths) {
    describe(`${width} px`, () => {
      for (const [name, module, story, ready] of shots) {
        test(name, async () => {
          await page.viewport(width, 900);
          const container = await mountStory(module, story, ready);
          await shoot(container, `${name}-${width}`);
          container.remove();
          expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
        });
      }
    });
  }
}
