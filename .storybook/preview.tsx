import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { MemoryRouter, Route, Routes } from 'react-router';
import { defaultHandlers } from '@halsa/api/mocks';
import { AppProviders } from '@halsa/ui';
import '@halsa/ui/styles.css';

// Every story gets the providers the portal uses and a memory router.
// A story picks its URL with parameters.route = { path: '/clients/:id/*', url: '/clients/1/overview' }.
type RouteParam = { path?: string; url?: string };

const preview: Preview = {
  loaders: [mswLoader()],
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
