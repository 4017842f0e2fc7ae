// Marker clustering on the screen: markers closer than a radius (in pixels at the current zoom) are drawn
// as one numbered circle. It runs on projected points, so the same function serves the offline map
// (Lambert plane times the zoom) and Google Maps (Web Mercator pixels at the zoom level); a library such
// as supercluster works in Web Mercator only and would cluster wrongly on the conic plane.
//
// Greedy by radius: the first unassigned point (in the order given) takes every unassigned point within
// the radius of it; a grid of radius-sized cells keeps it linear. The points' plane coordinates are scaled
// by the zoom without the pan, so panning never regroups the markers.

export type ClusterPoint<Item> = { id: string; x: number; y: number; item: Item };

export type MarkerGroup<Item> =
  | { kind: 'single'; id: string; x: number; y: number; item: Item }
  | { kind: 'cluster'; id: string; x: number; y: number; items: Item[]; ids: string[] };

/** Markers closer than this many pixels are grouped. */
export const CLUSTER_RADIUS_PX = 36;

export function clusterPoints<Item>(
  points: readonly ClusterPoint<Item>[],
  radius: number = CLUSTER_RADIUS_PX,
): MarkerGroup<Item>[] {
  if (radius <= 0) return points.map((point) => ({ kind: 'single', ...point }));
  const cellOf = (value: number) => Math.floor(value / radius);
  const grid = new Map<string, number[]>();
  points.forEach((point, index) => {
    const key = `${cellOf(point.x)}:${cellOf(point.y)}`;
    const cell = grid.get(key);
    if (cell) cell.push(index);
    else grid.set(key, [index]);
  });

  const taken = new Uint8Array(points.length);
  const groups: MarkerGroup<Item>[] = [];
  const radiusSquared = radius * radius;
  points.forEach((seed, seedIndex) => {
    if (taken[seedIndex]) return;
    taken[seedIndex] = 1;
    const members = [seedIndex];
    const cellX = cellOf(seed.x);
    const cellY = cellOf(seed.y);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const index of grid.get(`${cellX + dx}:${cellY + dy}`) ?? []) {
          if (taken[index]) continue;
          const other = points[index]!;
          const distanceSquared = (other.x - seed.x) ** 2 + (other.y - seed.y) ** 2;
          if (distanceSquared <= radiusSquared) {
            taken[index] = 1;
            members.push(index);
          }
        }
      }
    }
    if (members.length === 1) {
      groups.push({ kind: 'single', ...seed });
      return;
    }
    // Members in the order given, so that a cluster's first vehicle is the closest of a sorted list.
    members.sort((a, b) => a - b);
    const memberPoints = members.map((index) => points[index]!);
    groups.push({
      kind: 'cluster',
      id: `cluster:${memberPoints[0]!.id}`,
      x: memberPoints.reduce((sum, point) => sum + point.x, 0) / memberPoints.length,
      y: memberPoints.reduce((sum, point) => sum + point.y, 0) / memberPoints.length,
      items: memberPoints.map((point) => point.item),
      ids: memberPoints.map((point) => point.id),
    });
  });
  return groups;
}

/** A cluster's colour: its markers' colour when they share one, else a neutral slate. */
export function clusterColor(colors: readonly string[], mixed = '#546e7a'): string {
  const first = colors[0];
  return first !== undefined && colors.every((color) => color === first) ? first : mixed;
}

/** A cluster's radius in pixels grows slowly with its size, so a big one does not hide its neighbours. */
export function clusterRadiusPx(count: number): number {
  return Math.min(26, 12 + Math.log2(Math.max(count, 2)) * 2.5);
}
