import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BaseMap } from './base-map';
import type { MapMarker } from './map-types';

const CHICAGO = { lat: 41.88, lon: -87.63 };
const GARY = { lat: 41.6, lon: -87.35 };
const TORONTO = { lat: 43.65, lon: -79.38 };

const marker = (
  id: string,
  place: { lat: number; lon: number },
  overrides: Partial<MapMarker> = {},
): MapMarker => ({
  id,
  ...place,
  label: `Unit ${id}`,
  color: '#2f7d4f',
  ...overrides,
});

function zoomOf(region: HTMLElement): number {
  return Number(region.querySelector('svg')!.getAttribute('data-zoom'));
}

async function renderMap(props: Partial<Parameters<typeof BaseMap>[0]> = {}) {
  const onMarkerClick = vi.fn();
  const view = render(
    <BaseMap
      label="Capacity map"
      height={500}
      markers={[marker('101', CHICAGO), marker('202', TORONTO)]}
      onMarkerClick={onMarkerClick}
      {...props}
    />,
  );
  const region = screen.getByRole('region', { name: 'Capacity map' });
  // Without WebGL (as here) the outline of the land is loaded on first use and drawn in the SVG layer.
  await waitFor(
    () => expect(region.querySelector('svg[data-base-map="outline"] > g path[d^="M"]')).not.toBeNull(),
    { timeout: 15_000 },
  );
  return { ...view, region, onMarkerClick };
}

describe('the base map', () => {
  it('says it is loading until the land is there, then draws the land under the markers', async () => {
    render(<BaseMap label="Route preview" height={200} markers={[]} />);
    expect(screen.getByRole('progressbar', { name: 'Loading the map…' })).toBeTruthy();
    const { region } = await renderMap();
    expect(within(region).queryByRole('progressbar')).toBeNull();
    expect(within(region).getByRole('button', { name: 'Unit 101' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Unit 202' })).toBeTruthy();
  });

  it('gives a clicked marker to the page, by mouse and by keyboard', async () => {
    const { region, onMarkerClick } = await renderMap();
    fireEvent.click(within(region).getByRole('button', { name: 'Unit 202' }));
    expect(onMarkerClick).toHaveBeenLastCalledWith('202');
    fireEvent.keyDown(within(region).getByRole('button', { name: 'Unit 101' }), { key: 'Enter' });
    expect(onMarkerClick).toHaveBeenLastCalledWith('101');
  });

  it('groups markers that would overlap into a numbered cluster, and opens it by zooming in', async () => {
    const { region } = await renderMap({
      markers: [marker('101', CHICAGO), marker('102', GARY), marker('202', TORONTO)],
      // Fitted to the whole continent's first view, where Chicago and Gary are a few pixels apart.
      fitKey: 'home',
    });
    // Zoom out to the continent.
    fireEvent.click(within(region).getByRole('button', { name: 'Zoom out (−)' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Zoom out (−)' }));
    const cluster = await within(region).findByRole('button', { name: 'Group of 2: zoom in' });
    expect(cluster.querySelector('text')?.textContent).toBe('2');
    expect(within(region).queryByRole('button', { name: 'Unit 101' })).toBeNull();
    const before = zoomOf(region);
    fireEvent.click(cluster);
    expect(zoomOf(region)).toBeGreaterThan(before);
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Unit 101' })).toBeTruthy());
    expect(within(region).getByRole('button', { name: 'Unit 102' })).toBeTruthy();
  });

  it('never puts an unclusterable marker (the search origin) into a cluster', async () => {
    const { region } = await renderMap({
      markers: [
        marker('101', CHICAGO),
        marker('origin', GARY, { clusterable: false, clickable: false, label: 'Origin' }),
      ],
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Zoom out (−)' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Zoom out (−)' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Zoom out (−)' }));
    expect(within(region).getByRole('img', { name: 'Origin' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Unit 101' })).toBeTruthy();
    expect(within(region).queryByRole('button', { name: /Group of/ })).toBeNull();
  });

  it('zooms with its buttons and with the keyboard (+, -, 0)', async () => {
    const { region } = await renderMap();
    const start = zoomOf(region);
    fireEvent.click(within(region).getByRole('button', { name: 'Zoom in (+)' }));
    expect(zoomOf(region)).toBeCloseTo(start * 2, 2);
    fireEvent.click(within(region).getByRole('button', { name: 'Zoom out (−)' }));
    expect(zoomOf(region)).toBeCloseTo(start, 2);
    fireEvent.keyDown(region, { key: '+' });
    fireEvent.keyDown(region, { key: '+' });
    expect(zoomOf(region)).toBeCloseTo(start * 4, 2);
    fireEvent.keyDown(region, { key: '-' });
    expect(zoomOf(region)).toBeCloseTo(start * 2, 2);
    fireEvent.keyDown(region, { key: '0' });
    expect(zoomOf(region)).toBeCloseTo(start, 2);
  });

  it('pans with the arrow keys', async () => {
    const { region } = await renderMap();
    const group = () => region.querySelector('svg > g')!.getAttribute('transform');
    const before = group();
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(group()).not.toBe(before);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(group()).toBe(before);
  });

  it('as a still preview has no buttons, and its markers are pictures with their names', async () => {
    const { region } = await renderMap({ interactive: false, onMarkerClick: undefined });
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).getByRole('img', { name: 'Unit 101' })).toBeTruthy();
  });

  it('draws route lines and search circles on the land', async () => {
    const { region } = await renderMap({
      lines: [{ id: 'route', points: [CHICAGO, TORONTO], color: '#1565c0' }],
      circles: [{ id: 'radius', ...CHICAGO, radiusKm: 200, color: '#6a1b9a' }],
    });
    const land = region.querySelector('svg > g')!;
    expect(land.querySelector('path[stroke="#1565c0"]')?.getAttribute('d')).toMatch(/^M/);
    expect(land.querySelector('path[fill="#6a1b9a"]')?.getAttribute('d')).toMatch(/^M/);
  });
});
