import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { Vehicle } from '@app/domain/units/units.schema';
import {
  ListActionError,
  ListEmptyState,
  ListPanel,
  useListLayout,
  useListState,
} from '@/components/lists/list-page';
import { PageFrame } from '@/components/page-frame';
import { useCurrentUser } from '@/lib/current-user';
import { useVehicleList } from '../api/vehicle-list';
import { BulkStatusBar } from '../components/bulk-status-bar';
import { LocationDialog } from '../components/location-dialog';
import { TrackingDialog } from '../components/tracking-dialog';
import { canOperateVehicles } from '../components/units-permissions';
import { useNow } from '../components/use-now';
import type { VehicleDialog } from '../components/vehicle-actions-menu';
import { VehicleCard } from '../components/lazy-vehicle-card';
import { VehicleEditDialog } from '../components/vehicle-edit-dialog';
import { VehicleListFiltersBar } from '../components/vehicle-list-filters';
import {
  EMPTY_VEHICLE_FILTERS,
  hasAnyVehicleFilter,
  linkedVehicleListState,
  readVehicleListState,
  saveVehicleListState,
  VEHICLE_LIST_LIMITS,
  vehicleListQuery,
} from '../components/vehicle-list-state';
import { VehicleCardList, VehiclesTable } from '../components/vehicles-table';

/** The header row also holds the bulk status bar, which is taller than a title. */
const HEADER_SX = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  px: 2,
  minHeight: 44,
  borderBottom: 1,
  borderColor: 'divider',
  flexWrap: 'wrap',
} as const;

/**
 * /units/vehicles/: the company's vehicles with their saved filters, status changes and location dialog.
 * /units/vehicles/?search=<text> (a tracking notice's link) opens the list on that search alone.
 */
export function VehiclesPage() {
  const { t } = useTranslation();
  const { phone, wide } = useListLayout();
  const user = useCurrentUser();
  const operate = canOperateVehicles(user);
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const linkedSearch = params.get('search');
  const list = useListState(() => {
    const saved = readVehicleListState();
    return linkedSearch === null ? saved : linkedVehicleListState(saved, linkedSearch);
  }, saveVehicleListState);
  const { state, page } = list;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ vehicle: Vehicle; kind: VehicleDialog } | null>(null);
  const [actionError, setActionError] = useState<string[] | null>(null);
  const vehicles = useVehicleList(vehicleListQuery(state.filters, page, state.limit));

  // Another link followed while the page is open (a second notice) shows its search in turn.
  const [shownLink, setShownLink] = useState(linkedSearch);
  if (linkedSearch !== shownLink) {
    setShownLink(linkedSearch);
    if (linkedSearch !== null) {
      list.show(linkedVehicleListState(state, linkedSearch));
      setSelected(new Set());
    }
  }

  // Once the user changes the filters the address no longer says what is shown: the link's search goes,
  // and a reload opens the set just saved.
  const dropLink = () => {
    if (linkedSearch === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('search');
        return next;
      },
      { replace: true },
    );
  };
  // A new filter set or page shows other vehicles: the selection does not carry over.
  const change = (next: typeof state) => {
    list.change(next);
    setSelected(new Set());
    dropLink();
  };
  const clear = () => {
    list.reset({ ...state, filters: EMPTY_VEHICLE_FILTERS, labels: {} });
    setSelected(new Set());
    dropLink();
  };
  const rows = vehicles.data?.results ?? [];
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) =>
      rows.every((vehicle) => current.has(vehicle.id))
        ? new Set()
        : new Set(rows.map((vehicle) => vehicle.id)),
    );
  const tableLabel = t('vehicles.title');
  const rowProps = {
    vehicles: rows,
    label: tableLabel,
    now,
    onOpen: (vehicle: Vehicle) => setOpenId(vehicle.id),
    onOpenDialog: (vehicle: Vehicle, kind: VehicleDialog) => setDialog({ vehicle, kind }),
    onActionError: setActionError,
    canEditLocation: operate,
  };
  const selectedVehicles = rows.filter((vehicle) => selected.has(vehicle.id));

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <VehicleListFiltersBar
            key={list.resetKey}
            filters={state.filters}
            labels={state.labels}
            defaultOpen={wide}
            onChange={(filters, labels) => change({ ...state, filters, labels })}
            onClear={clear}
          />
        </Box>
      }
    >
      <ListActionError lines={actionError} onClose={() => setActionError(null)} />
      <ListPanel
        query={vehicles}
        title={tableLabel}
        countLabel={t('unitsCommon.count')}
        easternTime
        headerSx={HEADER_SX}
        header={
          selectedVehicles.length > 0 ? (
            <BulkStatusBar
              vehicles={selectedVehicles}
              onDone={() => setSelected(new Set())}
              onCancel={() => setSelected(new Set())}
            />
          ) : undefined
        }
        empty={
          <ListEmptyState
            filtered={hasAnyVehicleFilter(state.filters)}
            noMatchesTitle={t('vehicles.noMatches')}
            noMatchesHint={t('unitsCommon.noMatchesHint')}
            onClear={clear}
            icon={<LocalShippingOutlined />}
            emptyTitle={t('vehicles.empty')}
            emptyHint={t('vehicles.emptyHint')}
          />
        }
        pager={{
          page,
          limit: state.limit,
          limits: VEHICLE_LIST_LIMITS,
          onPage: (next) => {
            list.setPage(next);
            setSelected(new Set());
          },
          onLimit: (limit) => change({ ...state, limit }),
        }}
      >
        {() =>
          phone ? (
            <VehicleCardList {...rowProps} />
          ) : (
            <VehiclesTable
              {...rowProps}
              selection={operate ? { ids: selected, onToggle: toggle, onToggleAll: toggleAll } : undefined}
            />
          )
        }
      </ListPanel>
      <VehicleCard vehicleId={openId} onClose={() => setOpenId(null)} />
      {dialog?.kind === 'location' && (
        <LocationDialog vehicle={dialog.vehicle} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'details' && (
        <VehicleEditDialog vehicle={dialog.vehicle} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'tracking' && (
        <TrackingDialog vehicle={dialog.vehicle} onClose={() => setDialog(null)} />
      )}
    </PageFrame>
  );
}
