// Screenshot baselines of the primitive stories (design.md §6 "Visual regression", locally).
// Each story is composed with the project annotations (providers, router, styles) and
// rendered without its play function; baselines live in __screenshots__/.
// Update on purpose with `pnpm exec vitest run --project visual -u`. The test page is 800 × 600
// and nothing below 600 px is painted, so a story shot here must fit in that height.
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import { restPointer } from './shoot';

type StoryModule = Parameters<typeof composeStories>[0];

setProjectAnnotations(preview);

const modules = {
  ...import.meta.glob<StoryModule>('../src/primitives/*/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../src/styles/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../src/screens/shell/access-denied/*.stories.tsx', {
    eager: true,
  }),
};

// No motion and no blinking caret, so two screenshots of the same story are identical.
const STILL = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}
body { min-height: 100vh; }
`;

beforeAll(() => {
  const style = document.createElement('style');
  style.dataset.visual = 'still';
  style.textContent = STILL;
  document.head.append(style);
});

/** Overlays (dialogs, toasts) are fixed to the viewport: those stories are shot whole. */
function hasOverlay(): boolean {
  return Boolean(document.querySelector('[role="dialog"], [data-slot="toast-viewport"] > *'));
}

/** '../src/primitives/password-field/password-field.stories.tsx' → 'password-field' (file names). */
const folderOf = (path: string) => path.split('/').at(-2) ?? path;

for (const [path, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
  describe(folderOf(path), () => {
    const stories = composeStories(module) as Record<string, ComponentType>;
    for (const [name, Story] of Object.entries(stories)) {
      test(name, async () => {
        const container = document.createElement('div');
        container.style.padding = '16px';
        document.body.append(container);
        await render(<Story />, { container });
        await document.fonts.ready;

        const target = hasOverlay() ? document.body : container;
        await restPointer();
        await expect.element(page.elementLocator(target)).toMatchScreenshot({
          screenshotOptions: { animations: 'disabled', caret: 'hide' },
        });
      });
    }
  });
}
