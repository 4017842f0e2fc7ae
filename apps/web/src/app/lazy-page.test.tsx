import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { firstLoadHydration, lazyElement, lazyPage, preloadPagesFor } from './lazy-page';

function page(text: string) {
  const fetched: string[] = [];
  const Page = lazyPage(() => {
    fetched.push(text);
    return Promise.resolve(({ suffix }: { suffix: string }) => <p>{`${text} ${suffix}`}</p>);
  });
  return { Page, fetched };
}

describe('lazy pages', () => {
  it('shows the loading state until the code is here, then the page', async () => {
    let arrive: (page: ComponentType<{ suffix: string }>) => void = () => undefined;
    const Page = lazyPage(
      () => new Promise<ComponentType<{ suffix: string }>>((resolve) => (arrive = resolve)),
    );
    const routes = [lazyElement({ path: '/loads' }, Page, { suffix: 'list' })];
    const router = createMemoryRouter(routes, {
      initialEntries: ['/loads'],
      hydrationData: firstLoadHydration(routes, '/loads'),
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    arrive(({ suffix }) => <p>{`Loads ${suffix}`}</p>);
    expect(await screen.findByText('Loads list')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).toBeNull();
  });

  it('fetches the code of the pages an address opens, and of no other', async () => {
    const loads = page('Loads');
    const vehicles = page('Vehicles');
    const routes = [
      lazyElement({ path: '/loads' }, loads.Page, { suffix: 'list' }),
      lazyElement({ path: '/vehicles' }, vehicles.Page, { suffix: 'list' }),
    ];
    const arrived = preloadPagesFor(routes, '/loads');
    expect(loads.fetched).toEqual(['Loads']);
    expect(vehicles.fetched).toEqual([]);

    // Fetched once: the route uses the same fetch, and once it has arrived (the answer of preloadPagesFor,
    // which the app waits for before its first frame) the page is the first frame, with no loading state.
    await arrived;
    const router = createMemoryRouter(routes, {
      initialEntries: ['/loads'],
      hydrationData: firstLoadHydration(routes, '/loads'),
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Loads list')).toBeTruthy();
    expect(loads.fetched).toEqual(['Loads']);
    expect(vehicles.fetched).toEqual([]);
  });

  it("keeps the page shown while the next page's code arrives, then draws it without a loading frame", async () => {
    let arrive: (page: ComponentType<{ suffix: string }>) => void = () => undefined;
    const vehicles = lazyPage(
      () => new Promise<ComponentType<{ suffix: string }>>((resolve) => (arrive = resolve)),
    );
    const loads = page('Loads');
    await loads.Page.preload();
    // The two pages sit at different depths of the routes, as in the app: the next page's Suspense is new.
    const routes = [
      {
        path: '/my-loads',
        element: <Outlet />,
        children: [lazyElement({ path: 'active' }, loads.Page, { suffix: 'list' })],
      },
      lazyElement({ path: '/vehicles' }, vehicles, { suffix: 'list' }),
    ];
    const router = createMemoryRouter(routes, {
      initialEntries: ['/my-loads/active'],
      hydrationData: firstLoadHydration(routes, '/my-loads/active'),
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Loads list')).toBeTruthy();

    const shownMeanwhile: string[] = [];
    const observer = new MutationObserver(() => {
      if (screen.queryByRole('progressbar')) shownMeanwhile.push('loading');
    });
    observer.observe(document.body, { subtree: true, childList: true });
    let navigation: Promise<void> = Promise.resolve();
    act(() => {
      navigation = router.navigate('/vehicles');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Loads list')).toBeTruthy();
    arrive(({ suffix }) => <p>{`Vehicles ${suffix}`}</p>);
    await act(() => navigation);
    expect(screen.getByText('Vehicles list')).toBeTruthy();
    observer.disconnect();
    expect(shownMeanwhile).toEqual([]);
    expect(screen.queryByText('Loads list')).toBeNull();
  });

  it('fetches again after a failed fetch', async () => {
    let attempts = 0;
    const Page = lazyPage(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('network')) : Promise.resolve(() => <p>Drivers</p>);
    });
    await expect(Page.preload()).rejects.toThrow('network');
    await Page.preload();
    expect(attempts).toBe(2);
  });
});
