import { describe, expect, it } from 'vitest';
import { CLUSTER_RADIUS_PX, clusterColor, clusterPoints, clusterRadiusPx } from './map-clustering';

const point = (id: string, x: number, y: number) => ({ id, x, y, item: id });

describe('marker clustering', () => {
  it('groups markers closer than the radius and keeps far ones single', () => {
    const groups = clusterPoints([point('a', 100, 100), point('b', 110, 105), point('c', 400, 400)], 36);
    expect(groups).toHaveLength(2);
    const cluster = groups.find((group) => group.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', id: 'cluster:a', ids: ['a', 'b'], items: ['a', 'b'] });
    expect(cluster?.x).toBeCloseTo(105);
    expect(cluster?.y).toBeCloseTo(102.5);
    expect(groups.find((group) => group.kind === 'single')).toMatchObject({ id: 'c', x: 400, y: 400 });
  });

  it('splits a group when zoomed in: the same places twice as far apart on screen', () => {
    const places = [
      { id: 'a', x: 10, y: 10 },
      { id: 'b', x: 30, y: 10 },
    ];
    const at = (zoom: number) =>
      clusterPoints(
        places.map((p) => point(p.id, p.x * zoom, p.y * zoom)),
        36,
      );
    expect(at(1)).toHaveLength(1);
    expect(at(2)).toHaveLength(2);
  });

  it('does not chain: a marker joins only when it is within the radius of the first marker of the group', () => {
    // b is near a and c is near b, but c is 60 px from a.
    const groups = clusterPoints([point('a', 0, 0), point('b', 30, 0), point('c', 60, 0)], 36);
    expect(groups.map((group) => (group.kind === 'cluster' ? group.ids : [group.id]))).toEqual([
      ['a', 'b'],
      ['c'],
    ]);
  });

  it('finds neighbours across grid cells', () => {
    // 35 and 37 fall in two cells of 36 px; they are 2 px apart.
    const groups = clusterPoints([point('a', 35, 35), point('b', 37, 37)], 36);
    expect(groups).toHaveLength(1);
  });

  it('keeps the given order inside a group (the closest vehicle of a sorted list first)', () => {
    const groups = clusterPoints(
      [point('first', 50, 50), point('second', 20, 20), point('third', 45, 60)],
      50,
    );
    expect(groups[0]).toMatchObject({ kind: 'cluster', ids: ['first', 'second', 'third'] });
  });

  it('with no radius every marker stays single', () => {
    expect(clusterPoints([point('a', 0, 0), point('b', 0, 0)], 0)).toHaveLength(2);
  });

  it('handles thousands of markers quickly (a fleet of 5,000 at the continental view)', () => {
    const many = Array.from({ length: 5000 }, (_, index) =>
      point(String(index), (index * 7919) % 1000, (index * 104729) % 640),
    );
    const started = performance.now();
    const groups = clusterPoints(many, CLUSTER_RADIUS_PX);
    expect(performance.now() - started).toBeLessThan(500);
    const total = groups.reduce((sum, group) => sum + (group.kind === 'cluster' ? group.items.length : 1), 0);
    expect(total).toBe(5000);
  });
});

describe('cluster look', () => {
  it('takes its markers colour when they share one, else a neutral colour', () => {
    expect(clusterColor(['#2e7d32', '#2e7d32'])).toBe('#2e7d32');
    expect(clusterColor(['#2e7d32', '#1565c0'], '#546e7a')).toBe('#546e7a');
  });

  it('grows with its size, within bounds', () => {
    expect(clusterRadiusPx(2)).toBeLessThan(clusterRadiusPx(50));
    expect(clusterRadiusPx(100000)).toBeLessThanOrEqual(26);
  });
});
