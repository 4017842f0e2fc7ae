import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyElement, lazyPage, preloadPagesFor } from './lazy-page';

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
    const router = createMemoryRouter([lazyElement({ path: '/loads' }, Page, { suffix: 'list' })], {
      initialEntries: ['/loads'],
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

    // Fetched once: opening the page uses the same fetch, and once it has arrived (the answer of
    // preloadPagesFor, which the app waits for before its first frame) it is drawn without waiting.
    await arrived;
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/loads'] })} />);
    expect(screen.getByText('Loads list')).toBeTruthy();
    expect(loads.fetched).toEqual(['Loads']);
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
