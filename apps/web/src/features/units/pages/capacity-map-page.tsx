import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { straightLineKmWithin } from '@app/domain/geo/geo.rules';
import { MAX_CAPACITY_LIMIT, type CapacitySearchResponse } from '@app/domain/units/units.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { MapSidePanel, MapSideTitle } from '@/components/map/map-side-list';
import { MAP_COLORS } from '@/components/map/map-style';
import type { MapCircle, MapMarker } from '@/components/map/map-types';
import { currentLang } from '@/i18n/i18n';
import { errorStatus } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useCapacitySearch } from '../api/capacity-search';
import { useClosestCars } from '../api/closest-cars';
import { MapCapacityFilters } from '../components/map-capacity-filters';
import { MapCapacityList } from '../components/map-capacity-list';
import {
  applyCapacityChange,
  readCapacitySearch,
  writeCapacitySearch,
  type CapacitySearchState,
} from '../components/map-capacity-search-state';
import { MapVehiclePane } from '../components/map-vehicle-pane';
import { vehicleStatusColor, vehicleStatusLegend } from '../components/map-vehicle-status';
import { placeText, vehicleStatusName } from '../components/vehicle-display';
import { VehicleCard } from '../components/lazy-vehicle-card';

const ORIGIN_MARKER_ID = 'origin';

/** A result's position on the map: where it counts for the search (its planned location when it is free there). */
function resultPosition(result: CapacitySearchResponse['results'][number]) {
  const place = result.uses_planned_location ? result.future_location : result.location;
  return place ? { lat: place.lat, lon: place.lon, place: placeText(place) || place.address } : null;
}

/**
 * /units/map/: the capacity search. From an address or a load's pick-up, within a radius, the vehicles
 * closest by deadhead miles are listed beside a map, coloured by status, with their ETA at 50 mph; a
 * vehicle (its marker or its row) opens its card.
 */
export function CapacityMapPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const lang = currentLang();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readCapacitySearch(params), [params]);
  const [openVehicleId, setOpenVehicleId] = useState<number | null>(null);
  const [pointedId, setPointedId] = useState<number | null>(null);

  const byPlace = useCapacitySearch(search.origin === 'place' ? search.place : null, search.filters);
  const byLoad = useClosestCars(search.origin === 'load' ? search.loadId : null, search.filters);
  const query = search.origin === 'place' ? byPlace : byLoad;
  const hasOrigin = search.origin === 'place' ? search.place !== null : search.loadId !== null;
  const data = hasOrigin ? query.data : undefined;

  // The search last written to the address. A change builds on it, not only on the search shown: the page
  // takes a new address a moment later, and a second change made meanwhile must not undo the first.
  const written = useRef(search);
  useEffect(() => {
    written.current = search;
  }, [search]);

  const change = (next: CapacitySearchState) => {
    const merged = applyCapacityChange(search, next, written.current);
    written.current = merged;
    setParams(writeCapacitySearch(merged), { replace: false });
    setPointedId(null);
  };

  const loadNotFound = search.origin === 'load' && query.isError && errorStatus(query.error) === 404;

  // The search's centre and radius: a place's come from the address, so the map is fitted to the search's
  // circle at once and the base map's tiles load while the search runs (a load's pick-up comes with the
  // answer).
  const place = search.origin === 'place' ? search.place : null;
  const centre = place
    ? { lat: place.lat, lon: place.lon, radius: search.filters.radius }
    : data
      ? { lat: data.origin.lat, lon: data.origin.lon, radius: data.radius }
      : null;
  const [centreLat, centreLon, centreRadius] = centre ? [centre.lat, centre.lon, centre.radius] : [];
  const searchCircle = useMemo(
    (): MapCircle | null =>
      centreLat === undefined || centreLon === undefined || centreRadius === undefined
        ? null
        : {
            id: 'radius',
            lat: centreLat,
            lon: centreLon,
            radiusKm: straightLineKmWithin(centreRadius),
            color: MAP_COLORS.origin,
          },
    [centreLat, centreLon, centreRadius],
  );

  const { markers, circles } = useMemo(() => {
    if (!data) return { markers: [] as MapMarker[], circles: searchCircle ? [searchCircle] : [] };
    const vehicleMarkers = data.results.flatMap((result): MapMarker[] => {
      const position = resultPosition(result);
      if (!position) return [];
      return [
        {
          id: String(result.id),
          lat: position.lat,
          lon: position.lon,
          color: vehicleStatusColor(result.status.id, theme),
          text: result.unit_id,
          label: t('unitMaps.markerLabel', {
            unit: result.unit_id,
            status: vehicleStatusName(result.status.id, lang),
            miles: result.deadhead_miles,
            place: position.place,
          }),
        },
      ];
    });
    const originPlace =
      data.origin.address ??
      (search.origin === 'load' ? t('unitMaps.loadPickUp', { id: search.loadId }) : '');
    const origin: MapMarker = {
      id: ORIGIN_MARKER_ID,
      lat: data.origin.lat,
      lon: data.origin.lon,
      color: MAP_COLORS.origin,
      shape: 'pin',
      clusterable: false,
      clickable: false,
      label: t('unitMaps.originLabel', { place: originPlace }),
    };
    return {
      markers: [...vehicleMarkers, origin],
      circles: searchCircle ? [searchCircle] : [],
    };
  }, [data, theme, t, lang, search.origin, search.loadId, searchCircle]);

  // The map is fitted to each new search (place or load, and radius), not to a refetch of the same one,
  // nor again when the answer to a place's search comes.
  const fitKey = centre ? `${centre.lat},${centre.lon},${centre.radius}` : 'home';

  const legendItems = data
    ? [
        { key: 'origin', color: MAP_COLORS.origin, label: t('unitMaps.origin') },
        ...vehicleStatusLegend(
          data.results.map((result) => result.status.id),
          lang,
          theme,
        ),
      ]
    : [];

  let list: ReactNode;
  if (!hasOrigin) {
    list = (
      <EmptyState
        compact
        icon={<TravelExploreOutlined />}
        title={t('unitMaps.chooseOrigin')}
        description={t('unitMaps.chooseOriginHint')}
      />
    );
  } else if (query.isPending) {
    list = <LoadingState label={t('unitMaps.searching')} />;
  } else if (query.isError && !data) {
    list = loadNotFound ? (
      <EmptyState compact title={t('unitMaps.loadNotFound', { id: search.loadId })} />
    ) : (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} />
    );
  } else if (data && data.results.length === 0) {
    list = (
      <EmptyState
        compact
        title={t('unitMaps.noVehicles', { radius: data.radius })}
        description={t('unitMaps.noVehiclesHint')}
      />
    );
  } else if (data) {
    list = (
      <MapCapacityList
        results={data.results}
        selectedId={openVehicleId ?? pointedId}
        onOpen={setOpenVehicleId}
        onPoint={setPointedId}
        label={t('unitMaps.listLabel')}
      />
    );
  }

  const selected = openVehicleId ?? pointedId;

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        minWidth: 0,
        // On a wide screen the page fills the window under the top bar; the list scrolls, not the page.
        height: { md: 'calc(100vh - 80px)' },
        minHeight: { md: 560 },
      }}
    >
      <MapCapacityFilters
        state={search}
        onChange={change}
        loadError={loadNotFound ? t('unitMaps.loadNotFound', { id: search.loadId }) : undefined}
      />
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 1.5,
          flex: { md: 1 },
          minHeight: 0,
        }}
      >
        <MapVehiclePane
          label={t('unitMaps.mapLabel')}
          markers={markers}
          circles={circles}
          selectedId={selected}
          onOpen={setOpenVehicleId}
          fitKey={fitKey}
          legend={legendItems}
        />
        <MapSidePanel
          width={380}
          header={
            <>
              <MapSideTitle>
                {data
                  ? // At the API's most there may be more within the radius: these are the closest.
                    t(data.count >= MAX_CAPACITY_LIMIT ? 'unitMaps.foundClosest' : 'unitMaps.found', {
                      count: data.count,
                      radius: data.radius,
                    })
                  : t('unitMaps.listLabel')}
              </MapSideTitle>
              {data && (
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {[
                    data.origin.address ? t('unitMaps.fromOrigin', { place: data.origin.address }) : null,
                    t('unitMaps.freeBy', { time: formatDateTime(data.available_date) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              )}
            </>
          }
          fetching={query.isFetching && data !== undefined}
          fetchingLabel={t('unitMaps.searching')}
        >
          {list}
        </MapSidePanel>
      </Box>
      <VehicleCard vehicleId={openVehicleId} onClose={() => setOpenVehicleId(null)} />
    </Box>
  );
}
