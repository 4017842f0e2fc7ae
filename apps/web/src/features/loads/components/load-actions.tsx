import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  allowedLoadActions,
  CANCEL_WARNING,
  loadActionRefusal,
  missingDocumentsHint,
  nextStatus,
  prevStatus,
} from '@app/domain/loads/load-lifecycle.rules';
import type { LoadAction } from '@app/domain/loads/load-lifecycle.rules';
import { loadStatusDisplayName } from '@app/domain/loads/loads.rules';
import type { LoadDetail } from '@app/domain/loads/loads.schema';
import { DispatcherPicker } from '@/components/search-picker/dispatcher-picker';
import { pickedOption, SearchPicker } from '@/components/search-picker/search-picker';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { currentLang } from '@/i18n/i18n';
import { isRefusal } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { searchDrivers } from '@/lib/driver-search';
import { toastSuccess } from '@/lib/messages';
import { useCancelLoad } from '../api/cancel-load';
import { useChangeLoadDispatcher } from '../api/change-load-dispatcher';
import { useChangeLoadDriver } from '../api/change-load-driver';
import { useChangeLoadPrice } from '../api/change-load-price';
import { useDeleteLoad } from '../api/delete-load';
import type { LoadList } from '../api/load-query-keys';
import { useRestoreLoad } from '../api/restore-load';
import { useRestoreLoadAsCopy } from '../api/restore-load-as-copy';
import { useSetLoadStatus } from '../api/set-load-status';
import { useTonuLoad } from '../api/tonu-load';
import { ActionError } from './action-error';
import { ConfirmDialog } from './confirm-dialog';
import { EditLoadDialog } from './edit-load-dialog';
import { loadNumberText, personName } from './load-display';
import { useLoadMessageText } from './load-messages';
import { PriceDialog } from './price-dialog';
import { loadPagePath } from './loads-table';

/** The actions taken in a dialog. */
type DialogAction = Exclude<LoadAction, 'next' | 'prev' | 'upload_file' | 'edit_completed'>;

/** The order of the buttons after the status moves. */
const DIALOG_ACTIONS: readonly DialogAction[] = [
  'edit',
  'tonu',
  'cancel',
  'change_price',
  'restore',
  'restore_as_copy',
  'change_driver',
  'change_responsible',
  'delete',
];

type LoadActionsProps = {
  load: LoadDetail;
  list: LoadList;
  /** A forward move was refused for missing documents: the page points at them. */
  onDocumentsRequired: () => void;
};

/** The status moves and the other actions the user's role and the load's state allow. */
export function LoadActions({ load, list, onDocumentsRequired }: LoadActionsProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const user = useCurrentUser();
  const actor = { role: user.role, is_superuser: user.is_superuser };
  const allowed = new Set(allowedLoadActions(load, actor));
  const setStatus = useSetLoadStatus();
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [statusError, setStatusError] = useState<unknown>(null);

  const next = nextStatus(load.status);
  const prev = prevStatus(load.status);
  const nextRefusal = loadActionRefusal(load, 'next', actor);
  const deliveredForbidden = nextRefusal?.code === 'delivered_role_forbidden';
  // The page knows the next status needs documents: the move waits for them instead of failing with a 409.
  const missing = load.missing_documents;
  const needsDocuments = allowed.has('next') && next !== null && missing.length > 0;

  const move = (direction: 'next' | 'prev') => {
    setStatusError(null);
    setStatus.mutate(
      { id: load.id, direction },
      {
        onError: (error) => {
          setStatusError(error);
          if (isRefusal(error, 'documents_required')) onDocumentsRequired();
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {allowed.has('prev') && prev !== null && (
          <Button
            variant="outlined"
            startIcon={<ArrowBackOutlined fontSize="small" />}
            disabled={setStatus.isPending}
            onClick={() => move('prev')}
          >
            {t('loads.actions.prev', { status: loadStatusDisplayName(prev, null, lang) })}
          </Button>
        )}
        {allowed.has('next') && next !== null && (
          <Button
            variant="contained"
            endIcon={<ArrowForwardOutlined fontSize="small" />}
            disabled={setStatus.isPending || needsDocuments}
            onClick={() => move('next')}
          >
            {t('loads.actions.next', { status: loadStatusDisplayName(next, null, lang) })}
          </Button>
        )}
        {needsDocuments && (
          <Button
            variant="text"
            color="warning"
            startIcon={<UploadFileOutlined fontSize="small" />}
            onClick={onDocumentsRequired}
          >
            {t('loads.actions.uploadFirst', { documents: missingDocumentsHint(missing, lang) })}
          </Button>
        )}
        {deliveredForbidden && next !== null && (
          <Tooltip title={t('errors.codes.delivered_role_forbidden')}>
            <span>
              <Button variant="contained" disabled endIcon={<ArrowForwardOutlined fontSize="small" />}>
                {t('loads.actions.next', { status: loadStatusDisplayName(next, null, lang) })}
              </Button>
            </span>
          </Tooltip>
        )}
        <Box sx={{ flex: 1 }} />
        {DIALOG_ACTIONS.filter((action) => allowed.has(action)).map((action) => (
          <Button
            key={action}
            variant="outlined"
            color={action === 'delete' || action === 'cancel' ? 'error' : 'inherit'}
            sx={action === 'delete' || action === 'cancel' ? undefined : { borderColor: 'divider' }}
            onClick={() => setDialog(action)}
          >
            {t(`loads.actions.${action}`)}
          </Button>
        ))}
      </Box>
      <ActionError error={statusError} onClose={() => setStatusError(null)} />
      {dialog && <ActionDialog action={dialog} load={load} list={list} onClose={() => setDialog(null)} />}
    </Box>
  );
}

type ActionDialogProps = { action: DialogAction; load: LoadDetail; list: LoadList; onClose: () => void };

function ActionDialog({ action, load, list, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useLoadMessageText();
  const tonu = useTonuLoad();
  const cancel = useCancelLoad();
  const changePrice = useChangeLoadPrice();
  const restore = useRestoreLoad();
  const restoreAsCopy = useRestoreLoadAsCopy();
  const remove = useDeleteLoad();
  const changeDriver = useChangeLoadDriver();
  const changeDispatcher = useChangeLoadDispatcher();
  // Restoring as a copy offers the load's driver first; a change of driver starts empty.
  const [driver, setDriver] = useState<PickerOption | null>(
    action === 'restore_as_copy' && load.driver ? pickedOption(load.driver.id, load.driver.full_name) : null,
  );
  const [dispatcher, setDispatcher] = useState<{ id: number | null; label?: string }>({ id: null });
  const prices = { broker_price: load.broker_price, driver_price: load.driver_price };
  const number = loadNumberText(load);
  const done = () => toastSuccess();
  const driverPicker = (label: string) => (
    <SearchPicker
      kind="driver"
      label={label}
      search={searchDrivers}
      value={driver}
      onChange={setDriver}
      required
      autoFocus
      fullWidth
    />
  );

  switch (action) {
    case 'edit':
      return <EditLoadDialog load={load} onClose={onClose} />;
    case 'tonu':
      return (
        <PriceDialog
          title={t('loads.tonu.title', { number })}
          fields={['broker_price', 'driver_price']}
          initial={prices}
          submitLabel={t('loads.tonu.submit')}
          onSubmit={(values) => tonu.mutateAsync({ id: load.id, ...values }).then(done)}
          onClose={onClose}
        />
      );
    case 'cancel':
      return (
        <PriceDialog
          title={t('loads.cancel.title', { number })}
          fields={['driver_price']}
          initial={prices}
          danger
          warning={message(CANCEL_WARNING)}
          submitLabel={t('loads.cancel.submit')}
          onSubmit={(values) =>
            cancel.mutateAsync({ id: load.id, driver_price: values.driver_price }).then(done)
          }
          onClose={onClose}
        />
      );
    case 'change_price':
      return (
        <PriceDialog
          title={t('loads.changePrice.title', { number })}
          fields={['broker_price', 'driver_price']}
          initial={prices}
          submitLabel={t('common.save')}
          onSubmit={(values) => changePrice.mutateAsync({ id: load.id, ...values }).then(done)}
          onClose={onClose}
        />
      );
    case 'restore':
      return (
        <ConfirmDialog
          title={t('loads.restore.title', { number })}
          message={t('loads.restore.message')}
          confirmLabel={t('loads.actions.restore')}
          onConfirm={() =>
            restore.mutateAsync({ id: load.id }).then(() => {
              done();
              void navigate(loadPagePath('active', load.id), { replace: true });
            })
          }
          onClose={onClose}
        />
      );
    case 'restore_as_copy':
      return (
        <ConfirmDialog
          title={t('loads.restoreAsCopy.title', { number })}
          message={t('loads.restoreAsCopy.message')}
          confirmLabel={t('loads.restoreAsCopy.submit')}
          ready={driver !== null}
          onConfirm={() =>
            restoreAsCopy.mutateAsync({ id: load.id, driver: driver!.id }).then((copy) => {
              done();
              if (copy.id !== null) void navigate(loadPagePath('active', copy.id));
            })
          }
          onClose={onClose}
        >
          {driverPicker(t('loads.people.driver'))}
        </ConfirmDialog>
      );
    case 'delete':
      return (
        <ConfirmDialog
          title={t('loads.delete.title', { number })}
          message={t('loads.delete.message')}
          confirmLabel={t('loads.actions.delete')}
          danger
          onConfirm={() =>
            remove.mutateAsync({ id: load.id }).then(() => {
              done();
              void navigate(`/my-loads/${list}/`, { replace: true });
            })
          }
          onClose={onClose}
        />
      );
    case 'change_driver':
      return (
        <ConfirmDialog
          title={t('loads.changeDriver.title', { number })}
          message={t('loads.changeDriver.current', { name: load.driver?.full_name ?? t('loads.none') })}
          confirmLabel={t('common.save')}
          ready={driver !== null && driver.id !== load.driver?.id}
          onConfirm={() => changeDriver.mutateAsync({ id: load.id, new_driver: driver!.id }).then(done)}
          onClose={onClose}
        >
          {driverPicker(t('loads.changeDriver.newDriver'))}
        </ConfirmDialog>
      );
    case 'change_responsible':
      return (
        <ConfirmDialog
          title={t('loads.changeDispatcher.title', { number })}
          message={t('loads.changeDispatcher.current', {
            name: personName(load.dispatcher) || t('loads.none'),
          })}
          confirmLabel={t('common.save')}
          ready={dispatcher.id !== null && dispatcher.id !== load.dispatcher?.id}
          onConfirm={() =>
            changeDispatcher.mutateAsync({ id: load.id, new_dispatcher: dispatcher.id! }).then(done)
          }
          onClose={onClose}
        >
          <DispatcherPicker
            label={t('loads.changeDispatcher.newDispatcher')}
            workingGroup={null}
            value={dispatcher.id}
            valueLabel={dispatcher.label}
            onChange={(id, label) => setDispatcher({ id, label })}
            required
            autoFocus
          />
        </ConfirmDialog>
      );
  }
}
