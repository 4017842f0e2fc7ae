import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { CA_PROVINCES, US_STATES } from '@app/domain/common/lookups';
import type { Lang } from '@app/domain/common/lookups';
import {
  canRemovePoint,
  formDateToWallTime,
  loadFormMessage,
  showStopNumbers,
} from '@app/domain/loads/load-form.rules';
import type { LoadFormPoint } from '@app/domain/loads/load-form.rules';
import { LOAD_POINT_TYPES } from '@app/domain/loads/loads.rules';
import type { LoadPointType } from '@app/domain/loads/loads.rules';
import { AddressAutocomplete } from '@/components/address-autocomplete/address-autocomplete';
import type { AddressValue } from '@/components/address-autocomplete/address-autocomplete';
import { DateTimeInput } from '@/components/date-time-input/date-time-input';
import type { PointField } from './load-form-errors';

// The load's points in their order: type, address chosen from the lookup, state and date, with buttons to
// move and remove them. Stop numbers are shown only when there are more than two points; the active point
// (where the load is now) cannot be removed, and a load keeps at least its pick-up and delivery.

export type PointErrors = Partial<Record<PointField, string>>;

export type LoadPointsEditorProps = {
  /** The points as they are now. */
  points: LoadFormPoint[];
  /** Stable React keys, one per point. */
  keys: string[];
  /** The message of each point's fields, by point. */
  errors: PointErrors[];
  lang: Lang;
  googleMapsKey: string | null;
  fieldId: (path: string) => string;
  onPointChange: (index: number, change: Partial<LoadFormPoint>, fields: PointField[]) => void;
  onVisit: (path: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** A message about the points as a whole. */
  pointsError?: string;
};

export function LoadPointsEditor(props: LoadPointsEditorProps) {
  const { t } = useTranslation();
  const { points } = props;
  const numbered = showStopNumbers(points);
  const firstPointDate = points[0]?.date ?? null;

  return (
    <Stack spacing={1.25}>
      {points.map((point, index) => (
        <PointRow
          key={props.keys[index] ?? index}
          point={point}
          index={index}
          count={points.length}
          numbered={numbered}
          firstPointDate={index > 0 ? firstPointDate : null}
          errors={props.errors[index] ?? NO_ERRORS}
          lang={props.lang}
          googleMapsKey={props.googleMapsKey}
          fieldId={props.fieldId}
          onPointChange={props.onPointChange}
          onVisit={props.onVisit}
          onRemove={props.onRemove}
          onMove={props.onMove}
        />
      ))}
      {props.pointsError && (
        <Typography variant="body2" color="error" role="alert">
          {props.pointsError}
        </Typography>
      )}
      <Box>
        <Button startIcon={<Add />} onClick={props.onAdd}>
          {t('loadForm.points.add')}
        </Button>
      </Box>
    </Stack>
  );
}

const NO_ERRORS: PointErrors = {};

type PointRowProps = Pick<
  LoadPointsEditorProps,
  'lang' | 'googleMapsKey' | 'fieldId' | 'onPointChange' | 'onVisit' | 'onRemove' | 'onMove'
> & {
  point: LoadFormPoint;
  index: number;
  count: number;
  numbered: boolean;
  /** The first point's date: later delivery dates are offered from it. */
  firstPointDate: string | null;
  errors: PointErrors;
};

const shallowEqual = (a: object, b: object) => {
  const keysOfA = Object.keys(a);
  return (
    keysOfA.length === Object.keys(b).length &&
    keysOfA.every((key) =>
      Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
};

/** A row is drawn again only when its point, its messages or its place in the list change. */
function samePointRow(previous: PointRowProps, next: PointRowProps): boolean {
  const { point: previousPoint, errors: previousErrors, ...previousRest } = previous;
  const { point: nextPoint, errors: nextErrors, ...nextRest } = next;
  return (
    shallowEqual(previousRest, nextRest) &&
    shallowEqual(previousPoint, nextPoint) &&
    shallowEqual(previousErrors, nextErrors)
  );
}

/** The chosen address of a point, kept the same object while the point's address does not change. */
function usePointAddress(point: LoadFormPoint): AddressValue | null {
  const { address, city, state, zip_code, country, lat, lon, fullAddress } = point;
  return useMemo(() => {
    if (!address.trim() || lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon))
      return null;
    return {
      address: '',
      city,
      state,
      zip_code: zip_code ?? '',
      country,
      lat,
      lon,
      formatted_address: fullAddress || address,
    };
  }, [address, city, state, zip_code, country, lat, lon, fullAddress]);
}

const PointRow = memo(function PointRow(props: PointRowProps) {
  const { t } = useTranslation();
  const { point, index, count, lang, fieldId, errors, onPointChange, onVisit } = props;
  const number = index + 1;
  const addressValue = usePointAddress(point);
  const path = (field: PointField) => `points.${index}.${field}`;
  const removable = canRemovePoint(point) && count > 2;
  const removeHint = !canRemovePoint(point)
    ? loadFormMessage('activePointRemoval', lang)
    : count <= 2
      ? loadFormMessage('tooFewPoints', lang)
      : t('loadForm.points.remove', { number });
  const typeName = LOAD_POINT_TYPES.find((type) => type.id === point.type)?.[lang] ?? '';
  const rowLabel = props.numbered ? t('loadForm.points.stop', { number }) : typeName;
  const firstDate = props.firstPointDate ? formDateToWallTime(props.firstPointDate) : null;

  const chooseAddress = (value: AddressValue | null) => {
    if (value) {
      onPointChange(
        index,
        {
          address: value.formatted_address,
          city: value.city,
          state: value.state,
          zip_code: value.zip_code || null,
          country: value.country,
          lat: value.lat,
          lon: value.lon,
          fullAddress: value.formatted_address,
        },
        ['address', 'state'],
      );
    } else if (point.lat !== null || point.address) {
      onPointChange(index, { address: '', city: '', zip_code: null, lat: null, lon: null, fullAddress: '' }, [
        'address',
      ]);
    }
  };

  return (
    <Box
      role="group"
      aria-label={rowLabel}
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: '1fr 1fr',
          md: `${props.numbered ? '56px ' : ''}130px minmax(220px, 1fr) 120px 200px auto`,
        },
        p: 1,
        border: 1,
        borderColor: point.is_active ? 'primary.light' : 'divider',
        borderRadius: 1,
        bgcolor: point.is_active ? 'action.selected' : 'transparent',
      }}
    >
      {props.numbered && (
        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, order: { xs: -1, md: 0 }, pt: { md: 0.75 } }}>
          <Typography variant="subtitle2" component="span" data-testid="stop-number">
            {t('loadForm.points.stop', { number })}
          </Typography>
        </Box>
      )}
      <TextField
        select
        id={fieldId(path('type'))}
        label={t('loadForm.points.type')}
        value={point.type}
        onChange={(event) => onPointChange(index, { type: event.target.value as LoadPointType }, ['type'])}
        onBlur={() => onVisit(path('type'))}
        error={Boolean(errors.type)}
        helperText={errors.type}
        slotProps={{ select: { native: true } }}
      >
        {LOAD_POINT_TYPES.map((type) => (
          <option key={type.id} value={type.id}>
            {type[lang]}
          </option>
        ))}
      </TextField>
      <Box
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, order: { xs: 2, md: 0 } }}
        onBlur={() => onVisit(path('address'))}
      >
        <AddressAutocomplete
          id={fieldId(path('address'))}
          label={t('loadForm.points.address')}
          value={addressValue}
          onChange={chooseAddress}
          error={errors.address}
          googleMapsKey={props.googleMapsKey}
        />
      </Box>
      <TextField
        select
        id={fieldId(path('state'))}
        label={t('loadForm.points.state')}
        value={point.state}
        onChange={(event) => onPointChange(index, { state: event.target.value }, ['state'])}
        onBlur={() => onVisit(path('state'))}
        error={Boolean(errors.state)}
        helperText={errors.state}
        required
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ order: { xs: 1, md: 0 } }}
      >
        <option value="">{t('loadForm.points.chooseState')}</option>
        <optgroup label={t('loadForm.points.unitedStates')}>
          {US_STATES.map((state) => (
            <option key={state.id} value={state.id}>
              {state.id} · {state[lang]}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('loadForm.points.canada')}>
          {CA_PROVINCES.map((province) => (
            <option key={province.id} value={province.id}>
              {province.id} · {province[lang]}
            </option>
          ))}
        </optgroup>
      </TextField>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, order: { xs: 3, md: 0 } }}>
        <DateTimeInput
          id={fieldId(path('date'))}
          label={t('loadForm.points.date')}
          value={point.date}
          onChange={(date) => onPointChange(index, { date }, ['date'])}
          onBlur={() => onVisit(path('date'))}
          range={point.type === 'deliver_to' && index > 0 ? { min: firstDate } : undefined}
          error={Boolean(errors.date)}
          helperText={errors.date}
          required
        />
      </Box>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          pt: { md: 0.25 },
          gridColumn: { xs: '1 / -1', md: 'auto' },
          order: { xs: 4, md: 0 },
        }}
      >
        {point.is_active && <Chip color="primary" variant="outlined" label={t('loadForm.points.active')} />}
        <IconButton
          aria-label={t('loadForm.points.moveUp', { number })}
          disabled={index === 0}
          onClick={() => props.onMove(index, index - 1)}
        >
          <ArrowUpward fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={t('loadForm.points.moveDown', { number })}
          disabled={index === count - 1}
          onClick={() => props.onMove(index, index + 1)}
        >
          <ArrowDownward fontSize="small" />
        </IconButton>
        <Tooltip title={removeHint}>
          <span>
            <IconButton
              aria-label={t('loadForm.points.remove', { number })}
              disabled={!removable}
              onClick={() => props.onRemove(index)}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Box>
  );
}, samePointRow);
