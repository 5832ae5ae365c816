import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configure } from 'storybook/test';
import { defaultHandlers, resetMockState } from '@halsa/api/mocks';
import { AppProviders } from '@halsa/ui/app-providers.tsx';
import { loadWidgetTabs } from '@halsa/ui/components/widget/widget.tsx';
import '@halsa/ui/styles.css';

// A play function's findBy…/waitFor waits up to 5 s, not Testing Library's 1 s: the CI machine
// ran the stories three times slower than a development machine (the slowest story file 65 s
// against 20 s), so a screen that appears in 400 ms here took over a second there. A wait still
// fails when what it waits for never comes.
configure({ asyncUtilTimeout: 5000 });

// Every story gets the providers the portal uses and a memory router.
// A story picks its URL with parameters.route = { path: '/clients/:id/*', url: '/clients/1/overview' }.
type RouteParam = { path?: string; url?: string };

// A story's own handler groups (`msw: { handlers: { auth: [...] } }`) must win over the
// defaults. MSW answers with the first matching handler, and Storybook merges the story's
// keys after the preview's, so move `defaults` to the end before the MSW loader runs.
const storyHandlersFirst = (context: { parameters: Record<string, unknown> }) => {
  const msw = context.parameters.msw as { handlers?: Record<string, unknown> } | undefined;
  const handlers = msw?.handlers;
  if (handlers && !Array.isArray(handlers) && 'defaults' in handlers) {
    const { defaults, ...own } = handlers;
    context.parameters.msw = { ...msw, handlers: { ...own, defaults } };
  }
  return {};
};

const preview: Preview = {
  // Mock state (read notifications, sent messages…) starts afresh in every story.
  beforeEach: () => {
    resetMockState();
  },
  // The widget's tabs are a chunk of their own (widget.tsx): in before every story, so a widget
  // that starts open, or is opened by a play function, draws them at once as before.
  loaders: [storyHandlersFirst, mswLoader(), async () => ({ widgetTabs: await loadWidgetTabs() })],
  parameters: {
    a11y: { test: 'error' },
    msw: { handlers: { defaults: defaultHandlers } },
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  decorators: [
    (Story, { parameters }) => {
      const route = (parameters.route ?? {}) as RouteParam;
      const url = route.url ?? '/';
      return (
        <AppProviders isolated>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={route.path ?? '*'} element={<Story />} />
              <Route path="*" element={<Story />} />
            </Routes>
          </MemoryRouter>
        </AppProviders>
      );
    },
  ],
  tags: ['autodocs'],
};

export default preview;
