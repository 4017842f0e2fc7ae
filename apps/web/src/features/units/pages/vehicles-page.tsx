import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { Vehicle } from '@app/domain/units/units.schema';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { useCurrentUser } from '@/lib/current-user';
import { useVehicleList } from '../api/vehicle-list';
import { BulkStatusBar } from '../components/bulk-status-bar';
import { LocationDialog } from '../components/location-dialog';
import { TrackingDialog } from '../components/tracking-dialog';
import { canOperateVehicles } from '../components/units-permissions';
import { useNow } from '../components/use-now';
import type { VehicleDialog } from '../components/vehicle-actions-menu';
import { VehicleCard } from '../components/vehicle-card';
import { VehicleEditDialog } from '../components/vehicle-edit-dialog';
import { VehicleListFiltersBar } from '../components/vehicle-list-filters';
import {
  EMPTY_VEHICLE_FILTERS,
  hasAnyVehicleFilter,
  readVehicleListState,
  saveVehicleListState,
  VEHICLE_LIST_LIMITS,
  vehicleListQuery,
} from '../components/vehicle-list-state';
import type { VehicleListLimit, VehicleListState } from '../components/vehicle-list-state';
import { VehicleCardList, VehiclesTable } from '../components/vehicles-table';

/** /units/vehicles/: the company's vehicles with their saved filters, status changes and location dialog. */
export function VehiclesPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const user = useCurrentUser();
  const operate = canOperateVehicles(user);
  const now = useNow();
  const [state, setState] = useState<VehicleListState>(readVehicleListState);
  const [page, setPage] = useState(1);
  const [resetCount, setResetCount] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ vehicle: Vehicle; kind: VehicleDialog } | null>(null);
  const [actionError, setActionError] = useState<string[] | null>(null);
  const vehicles = useVehicleList(vehicleListQuery(state.filters, page, state.limit));

  const change = (next: VehicleListState) => {
    setState(next);
    setPage(1);
    setSelected(new Set());
    saveVehicleListState(next);
  };
  const clear = () => {
    change({ ...state, filters: EMPTY_VEHICLE_FILTERS, labels: {} });
    setResetCount((count) => count + 1);
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
  const filtered = hasAnyVehicleFilter(state.filters);
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

  let body;
  if (vehicles.isPending) body = <LoadingState />;
  else if (vehicles.isError)
    body = <ErrorState error={vehicles.error} onRetry={() => void vehicles.refetch()} />;
  else if (rows.length === 0)
    body = filtered ? (
      <EmptyState
        title={t('vehicles.noMatches')}
        description={t('unitsCommon.noMatchesHint')}
        action={
          <Button variant="outlined" onClick={clear}>
            {t('unitsCommon.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<LocalShippingOutlined />}
        title={t('vehicles.empty')}
        description={t('vehicles.emptyHint')}
      />
    );
  else
    body = (
      <>
        {phone ? (
          <VehicleCardList {...rowProps} />
        ) : (
          <VehiclesTable
            {...rowProps}
            selection={operate ? { ids: selected, onToggle: toggle, onToggleAll: toggleAll } : undefined}
          />
        )}
        <TablePagination
          component="div"
          count={vehicles.data.count}
          page={Math.max(0, page - 1)}
          rowsPerPage={state.limit}
          rowsPerPageOptions={[...VEHICLE_LIST_LIMITS]}
          onPageChange={(_event, next) => {
            setPage(next + 1);
            setSelected(new Set());
          }}
          onRowsPerPageChange={(event) =>
            change({ ...state, limit: Number(event.target.value) as VehicleListLimit })
          }
          labelRowsPerPage={t('unitsCommon.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('unitsCommon.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`unitsCommon.pageButton.${type}`)}
        />
      </>
    );

  const selectedVehicles = rows.filter((vehicle) => selected.has(vehicle.id));

  return (
    <PageFrame
      toolbar={
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <VehicleListFiltersBar
            key={resetCount}
            filters={state.filters}
            labels={state.labels}
            defaultOpen={wide}
            onChange={(filters, labels) => change({ ...state, filters, labels })}
            onClear={clear}
          />
        </Box>
      }
    >
      {actionError && (
        <Alert severity="error" onClose={() => setActionError(null)}>
          {actionError.join(' ')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            minHeight: 44,
            borderBottom: 1,
            borderColor: 'divider',
            flexWrap: 'wrap',
          }}
        >
          {selectedVehicles.length > 0 ? (
            <BulkStatusBar
              vehicles={selectedVehicles}
              onDone={() => setSelected(new Set())}
              onCancel={() => setSelected(new Set())}
            />
          ) : (
            <>
              <Typography variant="h2">{tableLabel}</Typography>
              {vehicles.data && (
                <Typography variant="body2" color="text.secondary" aria-label={t('unitsCommon.count')}>
                  {vehicles.data.count}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
                {t('shell.easternTimeNote')}
              </Typography>
            </>
          )}
        </Box>
        {vehicles.isFetching && !vehicles.isPending && (
          <LinearProgress
            sx={{ position: 'absolute', left: 0, right: 0, height: 2 }}
            aria-label={t('common.loading')}
          />
        )}
        {body}
      </Paper>
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
