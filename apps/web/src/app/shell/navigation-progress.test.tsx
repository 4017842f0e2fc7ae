import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { firstLoadHydration, lazyElement, lazyPage } from '../lazy-page';
import { NavigationProgress } from './navigation-progress';

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the navigation bar', () => {
  it('shows while the next page has not come for a quarter of a second, and goes with it', async () => {
    const loads = lazyPage(() => Promise.resolve(() => <p>Loads</p>));
    await loads.preload();
    let arrive: (page: ComponentType) => void = () => undefined;
    const vehicles = lazyPage(() => new Promise<ComponentType>((resolve) => (arrive = resolve)));
    const routes = [
      {
        path: '/',
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          lazyElement({ path: 'loads' }, loads, {}),
          lazyElement({ path: 'vehicles' }, vehicles, {}),
        ],
      },
    ];
    const router = createMemoryRouter(routes, {
      initialEntries: ['/loads'],
      hydrationData: firstLoadHydration(routes, '/loads'),
    });
    render(<RouterProvider router={router} />);
    const bar = () => screen.queryByRole('progressbar', { name: 'Opening the page…' });

    let navigation: Promise<void> = Promise.resolve();
    act(() => {
      navigation = router.navigate('/vehicles');
    });
    await wait(100);
    expect(bar()).toBeNull();
    await wait(250);
    expect(bar()).not.toBeNull();
    expect(screen.getByText('Loads')).toBeTruthy();

    arrive(() => <p>Vehicles</p>);
    await act(() => navigation);
    expect(screen.getByText('Vehicles')).toBeTruthy();
    expect(bar()).toBeNull();
  });
});
