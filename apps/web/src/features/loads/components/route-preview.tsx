import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { LoadPoint } from '@app/domain/loads/loads.schema';

// A light preview of the route: the points joined in order over a coarse outline of the US and Canada.
// It needs no map service and no network; the full base map belongs to the maps screens.

type LonLat = readonly [number, number];

/** The mainland of North America north of Mexico, coarsely, clockwise from Cape Flattery. */
// prettier-ignore
const LAND: readonly LonLat[] = [
  [-124.7, 48.4], [-124.1, 46.2], [-124.5, 42.8], [-124.2, 40.4], [-122.5, 37.8], [-120.6, 34.6],
  [-117.1, 32.5], [-114.7, 32.7], [-111.0, 31.3], [-108.2, 31.3], [-106.5, 31.8], [-104.5, 29.6],
  [-103.0, 29.0], [-101.4, 29.8], [-99.5, 27.5], [-97.2, 25.9], [-97.4, 27.8], [-94.8, 29.3],
  [-93.8, 29.7], [-91.5, 29.5], [-89.4, 29.0], [-89.6, 30.2], [-88.0, 30.7], [-85.4, 29.7],
  [-84.0, 30.1], [-82.7, 28.0], [-81.8, 26.1], [-80.4, 25.2], [-80.1, 26.7], [-80.6, 28.4],
  [-81.4, 30.4], [-80.9, 32.0], [-79.0, 33.6], [-75.5, 35.2], [-76.0, 36.9], [-75.1, 38.8],
  [-74.0, 40.5], [-71.9, 41.3], [-70.0, 41.7], [-70.7, 43.0], [-69.0, 44.1], [-67.0, 44.8],
  [-65.8, 43.7], [-63.6, 44.6], [-60.0, 45.9], [-64.5, 47.0], [-64.5, 48.8], [-66.0, 50.2],
  [-60.0, 50.2], [-57.1, 51.5], [-56.0, 53.5], [-60.5, 55.8], [-61.8, 57.5], [-64.4, 60.3],
  [-69.5, 58.8], [-71.9, 61.1], [-78.0, 62.4], [-78.1, 60.0], [-76.7, 57.0], [-79.5, 54.5],
  [-79.7, 51.5], [-82.2, 52.9], [-85.0, 55.3], [-88.9, 56.8], [-94.2, 58.8], [-94.8, 60.5],
  [-90.7, 63.6], [-87.0, 65.3], [-95.0, 68.5], [-98.0, 67.8], [-108.0, 68.2], [-115.0, 67.8],
  [-124.0, 69.4], [-135.0, 69.0], [-141.0, 69.6], [-156.8, 71.3], [-166.0, 68.9], [-168.0, 65.6],
  [-161.0, 64.5], [-165.0, 62.5], [-162.0, 58.6], [-158.0, 58.8], [-163.5, 55.0], [-156.0, 57.0],
  [-151.4, 59.6], [-149.0, 60.0], [-146.0, 60.8], [-141.0, 60.0], [-137.0, 58.5], [-134.0, 56.0],
  [-130.0, 54.7], [-127.5, 51.0], [-123.1, 49.0],
];

/** Mexico, coarsely, so the south of the US does not look like a coast. */
// prettier-ignore
const MEXICO: readonly LonLat[] = [
  [-117.1, 32.5], [-114.7, 32.7], [-111.0, 31.3], [-108.2, 31.3], [-106.5, 31.8], [-104.5, 29.6],
  [-103.0, 29.0], [-101.4, 29.8], [-99.5, 27.5], [-97.2, 25.9], [-97.7, 22.0], [-96.0, 19.0],
  [-94.5, 18.2], [-91.0, 18.6], [-90.4, 21.0], [-87.0, 21.5], [-87.5, 18.5], [-89.2, 17.8],
  [-91.4, 17.2], [-92.2, 14.5], [-94.5, 16.2], [-98.0, 16.0], [-102.0, 17.9], [-105.5, 20.5],
  [-105.2, 21.9], [-106.9, 23.8], [-109.0, 26.5], [-111.0, 28.5], [-112.8, 31.5], [-114.7, 31.7],
  [-114.0, 30.0], [-112.0, 28.0], [-109.9, 22.9], [-112.0, 24.7], [-114.0, 27.5], [-115.7, 30.4],
];

/** The Great Lakes, coarsely: routes of the Midwest and Ontario read better with them. */
// prettier-ignore
const LAKES: readonly (readonly LonLat[])[] = [
  [[-92.1, 46.7], [-90.4, 46.6], [-88.4, 47.4], [-87.0, 46.5], [-85.0, 46.8], [-84.6, 46.5], [-84.8, 47.9],
    [-86.5, 48.7], [-88.4, 48.8], [-89.6, 48.0], [-90.8, 47.5]],
  [[-87.8, 41.7], [-86.6, 41.9], [-86.2, 43.0], [-86.5, 44.6], [-85.6, 45.1], [-85.0, 45.8], [-86.5, 45.9],
    [-87.6, 45.1], [-87.9, 44.0], [-87.8, 42.5]],
  [[-84.7, 45.9], [-83.5, 45.3], [-83.3, 44.3], [-83.9, 43.9], [-82.6, 43.0], [-81.7, 43.4], [-81.6, 44.6],
    [-80.1, 44.8], [-81.0, 45.9], [-83.5, 46.2]],
  [[-83.4, 41.7], [-81.7, 41.5], [-79.8, 42.2], [-78.9, 42.9], [-80.5, 42.6], [-82.5, 42.0]],
  [[-79.8, 43.3], [-79.2, 43.2], [-76.8, 43.3], [-76.2, 43.9], [-77.5, 44.0], [-79.4, 43.7]],
];

/** The border between the US and Canada, with the Alaska border. */
// prettier-ignore
const BORDERS: readonly (readonly LonLat[])[] = [
  [
    [-123.1, 49.0], [-95.2, 49.0], [-95.2, 49.4], [-89.6, 48.0], [-84.5, 46.5], [-82.4, 45.3],
    [-82.4, 43.0], [-83.1, 42.3], [-79.0, 42.8], [-79.05, 43.2], [-76.4, 44.2], [-74.7, 45.0],
    [-71.5, 45.0], [-70.0, 46.7], [-69.2, 47.45], [-67.8, 47.1], [-67.8, 45.7], [-67.0, 44.8],
  ],
  [[-141.0, 69.6], [-141.0, 60.3], [-137.5, 59.0], [-133.0, 56.5], [-130.0, 55.9]],
];

const WATER = '#dde6f0';

/** The lower 48, shown when no point has coordinates. */
const DEFAULT_BOX = { west: -125, east: -66, south: 24, north: 50 };

type Box = typeof DEFAULT_BOX;

function boxAround(points: readonly LonLat[]): Box {
  if (points.length === 0) return DEFAULT_BOX;
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  let west = Math.min(...lons);
  let east = Math.max(...lons);
  let south = Math.min(...lats);
  let north = Math.max(...lats);
  // Some room around the route, and at least a region's worth so a short haul still shows where it is.
  const pad = Math.max((east - west) * 0.25, (north - south) * 0.25, 1.5);
  west -= pad;
  east += pad;
  south -= pad;
  north += pad;
  const minimumSpan = 6;
  if (east - west < minimumSpan) {
    const middle = (east + west) / 2;
    west = middle - minimumSpan / 2;
    east = middle + minimumSpan / 2;
  }
  if (north - south < minimumSpan / 2) {
    const middle = (north + south) / 2;
    south = middle - minimumSpan / 4;
    north = middle + minimumSpan / 4;
  }
  return { west, east, south, north };
}

export function RoutePreview({ points }: { points: readonly LoadPoint[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const located = [...points]
    .sort((a, b) => a.order - b.order)
    .filter(
      (point): point is LoadPoint & { lat: number; lon: number } => point.lat !== null && point.lon !== null,
    );
  const box = boxAround(located.map((point) => [point.lon, point.lat] as const));
  // An equirectangular view, squeezed east-west by the cosine of the middle latitude.
  const squeeze = Math.cos((((box.north + box.south) / 2) * Math.PI) / 180);
  const project = ([lon, lat]: LonLat) => [lon * squeeze, -lat] as const;
  const toPath = (line: readonly LonLat[]) =>
    line.map((point, index) => `${index === 0 ? 'M' : 'L'}${project(point).join(',')}`).join(' ');
  const [x, y] = project([box.west, box.north]);
  const width = (box.east - box.west) * squeeze;
  const height = box.north - box.south;
  const radius = Math.max(width, height) * 0.012;

  return (
    <Box
      component="svg"
      role="img"
      aria-label={t('loads.points.mapPreview')}
      viewBox={`${x} ${y} ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      sx={{ display: 'block', width: '100%', height: 220, bgcolor: WATER, borderRadius: 1 }}
    >
      <path
        d={`${toPath(MEXICO)} Z`}
        fill="#eef0f3"
        stroke="#c4ccd6"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      <path
        d={`${toPath(LAND)} Z`}
        fill="#ffffff"
        stroke="#b8c2ce"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      {LAKES.map((lake, index) => (
        <path
          key={`lake-${index}`}
          d={`${toPath(lake)} Z`}
          fill={WATER}
          stroke="#b8c2ce"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {BORDERS.map((line, index) => (
        <path
          key={index}
          d={toPath(line)}
          fill="none"
          stroke="#b3bcc8"
          strokeWidth={1}
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {located.length > 1 && (
        <polyline
          points={located.map((point) => project([point.lon, point.lat]).join(',')).join(' ')}
          fill="none"
          stroke={theme.palette.primary.main}
          strokeWidth={2.5}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      )}
      {located.map((point) => {
        const [cx, cy] = project([point.lon, point.lat]);
        return (
          <circle
            key={point.id}
            cx={cx}
            cy={cy}
            r={point.is_active ? radius * 1.4 : radius}
            fill={point.type === 'pick_up' ? theme.palette.success.main : theme.palette.error.main}
            stroke="#ffffff"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
        );
      })}
    </Box>
  );
}
