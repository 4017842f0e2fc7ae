import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { lookupName } from '@app/domain/common/lookups';
import { LOAD_POINT_TYPES } from '@app/domain/loads/loads.rules';
import type { VehicleMapItem } from '@app/domain/units/units.schema';
import { deadheadMiles, etaAt } from '@app/domain/units/vehicle.rules';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import type { MapLegendItem } from '@/components/map/map-legend';
import { MapSidePanel, MapSideTitle } from '@/components/map/map-side-list';
import { MAP_COLORS } from '@/components/map/map-style';
import type { MapLine, MapMarker } from '@/components/map/map-types';
import { currentLang } from '@/i18n/i18n';
import { useVehicleMap } from '../api/vehicle-map';
import { MapDeliveryList, type DeliveryRow } from '../components/map-delivery-list';
import { MapVehiclePane } from '../components/map-vehicle-pane';
import { vehicleStatusColor } from '../components/map-vehicle-status';
import { useNow } from '../components/use-now';
import { VehicleCard } from '../components/lazy-vehicle-card';
import { fullAddress } from '../components/vehicle-display';

/**
 * A vehicle on a load is On load (3): its status follows the load until delivery. cars/imap answers each
 * vehicle's active load with the next point, and only those with a load are shown.
 */
const ON_LOAD_QUERY = { status: 3 };

/** Next points are drawn for every vehicle only while this few are shown; beyond, for the chosen one. */
const MAX_NEXT_POINT_MARKERS = 60;

export function deliveryRows(vehicles: readonly VehicleMapItem[], now: Date): DeliveryRow[] {
  return vehicles
    .filter((vehicle) => vehicle.load !== null)
    .map((vehicle) => {
      const next = vehicle.load?.next_point ?? null;
      if (!next || next.lat === null || next.lon === null)
        return { vehicle, milesLeft: null, eta: null, late: false };
      const milesLeft = deadheadMiles(
        { lat: vehicle.lat, lon: vehicle.lon },
        { lat: next.lat, lon: next.lon },
      );
      const eta = etaAt(now, milesLeft);
      return { vehicle, milesLeft, eta, late: next.date !== null && eta.getTime() > Date.parse(next.date) };
    });
}

function matches(row: DeliveryRow, text: string): boolean {
  if (!text) return true;
  const { vehicle } = row;
  const haystack = [
    vehicle.unit_id,
    vehicle.active_driver?.full_name,
    vehicle.load?.id,
    fullAddress(vehicle.load?.next_point),
  ]
    .filter((part) => part !== undefined && part !== null)
    .join(' ')
    .toLowerCase();
  return haystack.includes(text.toLowerCase());
}

/**
 * /units/delivery-map/: the vehicles on active loads, each with the route to its next point (pick-up or
 * delivery), the miles left and the ETA at 50 mph against the appointment; a vehicle opens its card.
 */
export function DeliveryMapPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const lang = currentLang();
  const now = useNow();
  const query = useVehicleMap(ON_LOAD_QUERY);
  const [search, setSearch] = useState('');
  const [openVehicleId, setOpenVehicleId] = useState<number | null>(null);
  const [pointedId, setPointedId] = useState<number | null>(null);
  const selected = openVehicleId ?? pointedId;

  const allRows = useMemo(() => deliveryRows(query.data?.results ?? [], now), [query.data, now]);
  const rows = useMemo(() => allRows.filter((row) => matches(row, search.trim())), [allRows, search]);

  const { markers, lines } = useMemo(() => {
    const vehicleMarkers: MapMarker[] = [];
    const pointMarkers: MapMarker[] = [];
    const routeLines: MapLine[] = [];
    const showAllPoints = rows.length <= MAX_NEXT_POINT_MARKERS;
    for (const { vehicle } of rows) {
      vehicleMarkers.push({
        id: String(vehicle.id),
        lat: vehicle.lat,
        lon: vehicle.lon,
        color: vehicleStatusColor(vehicle.status.id, theme),
        text: vehicle.unit_id,
        label: t('unitMaps.delivery.markerLabel', { unit: vehicle.unit_id, place: vehicle.address }),
      });
      const next = vehicle.load?.next_point;
      if (!next || next.lat === null || next.lon === null) continue;
      const target = { lat: next.lat, lon: next.lon };
      routeLines.push({
        id: `route-${vehicle.id}`,
        points: [{ lat: vehicle.lat, lon: vehicle.lon }, target],
        color: MAP_COLORS.route,
        dashed: vehicle.id !== selected,
      });
      if (showAllPoints || vehicle.id === selected) {
        pointMarkers.push({
          id: `next-${vehicle.id}`,
          ...target,
          shape: 'square',
          color: next.type === 'pick_up' ? MAP_COLORS.pickUp : MAP_COLORS.delivery,
          clusterable: false,
          clickable: false,
          label: t('unitMaps.delivery.nextLabel', {
            unit: vehicle.unit_id,
            type: lookupName(LOAD_POINT_TYPES, next.type, lang),
            place: fullAddress(next),
          }),
        });
      }
    }
    return { markers: [...pointMarkers, ...vehicleMarkers], lines: routeLines };
  }, [rows, selected, theme, t, lang]);

  const legend: MapLegendItem[] = [
    { key: 'vehicle', color: vehicleStatusColor(3, theme), label: t('unitMaps.delivery.vehicle') },
    {
      key: 'pick_up',
      color: MAP_COLORS.pickUp,
      label: lookupName(LOAD_POINT_TYPES, 'pick_up', lang),
      shape: 'square',
    },
    {
      key: 'deliver_to',
      color: MAP_COLORS.delivery,
      label: lookupName(LOAD_POINT_TYPES, 'deliver_to', lang),
      shape: 'square',
    },
  ];

  let list: ReactNode;
  if (query.isPending) list = <LoadingState />;
  else if (query.isError) list = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (allRows.length === 0)
    list = (
      <EmptyState
        compact
        icon={<LocalShippingOutlined />}
        title={t('unitMaps.delivery.empty')}
        description={t('unitMaps.delivery.emptyHint')}
      />
    );
  else if (rows.length === 0) list = <EmptyState compact title={t('unitMaps.delivery.noMatch')} />;
  else
    list = (
      <MapDeliveryList
        rows={rows}
        selectedId={selected}
        onOpen={setOpenVehicleId}
        onPoint={setPointedId}
        label={t('unitMaps.delivery.listLabel')}
      />
    );

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 1.5,
        height: { md: 'calc(100vh - 80px)' },
        minHeight: { md: 480 },
        minWidth: 0,
      }}
    >
      <MapVehiclePane
        label={t('unitMaps.delivery.mapLabel')}
        markers={markers}
        lines={lines}
        selectedId={selected}
        onOpen={setOpenVehicleId}
        // Fitted once the vehicles are known; a refetch every minute does not move the map.
        fitKey={query.data ? 'loaded' : 'home'}
        legend={allRows.length > 0 ? legend : []}
      />
      <MapSidePanel
        width={400}
        stackedHeader
        header={
          <>
            <MapSideTitle>
              {query.data
                ? t('unitMaps.delivery.count', { count: allRows.length })
                : t('unitMaps.delivery.listLabel')}
            </MapSideTitle>
            <TextField
              size="small"
              placeholder={t('unitMaps.delivery.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': t('unitMaps.delivery.search') },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </>
        }
        fetching={query.isFetching && query.data !== undefined}
        fetchingLabel={t('common.loading')}
      >
        {list}
      </MapSidePanel>
      <VehicleCard vehicleId={openVehicleId} onClose={() => setOpenVehicleId(null)} />
    </Box>
  );
}
