import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { beforeAll } from 'vitest';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router';
import { createQueryClient } from '../../src/app/query-client';
import { AppRoutes, ROUTES } from '../../src/app/routes';

// Every page's code is loaded before a file's first test: on a busy machine its first compile can
// take longer than a test waits for the page to appear.
beforeAll(async () => {
  await Promise.all(
    ROUTES.flatMap((route) => [route.page, ...(route.tabs ?? []).map((tab) => tab.page)]).map(
      (page) => page.preload(),
    ),
  );
}, 60_000);

interface Seen {
  location?: Location;
  navigate?: NavigateFunction;
}

/** Reports where the in-memory router is, for the tests to read. */
function RouterProbe({ onRender }: { onRender: (seen: Required<Seen>) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onRender({ location, navigate });
  });
  return null;
}

/** The whole app at `path`, with a fresh cache and an in-memory history. */
export function renderApp(path = '/') {
  const queryClient = createQueryClient();
  let seen: Seen = {};
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe
          onRender={(now) => {
            seen = now;
          }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const router = {
    state: {
      get location(): Location {
        if (!seen.location) throw new Error('The router has not rendered yet.');
        return seen.location;
      },
    },
    navigate: async (to: number) => {
      await act(async () => {
        await seen.navigate?.(to);
      });
    },
  };
  return { ...view, router, queryClient };
}
