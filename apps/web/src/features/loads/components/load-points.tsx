import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MapOutlined from '@mui/icons-material/MapOutlined';
import { mapsLinkForPoint } from '@app/domain/geo/geo.rules';
import { formatHours, LOAD_POINT_TYPES } from '@app/domain/loads/loads.rules';
import { lookupName } from '@app/domain/common/lookups';
import type { LoadDetail } from '@app/domain/loads/loads.schema';
import { MapsLink } from '@/components/address-autocomplete/maps-link';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { orderedPoints, pointAddressLines } from './load-display';
import { RoutePreview } from './route-preview';
import { Section } from './section';

/** The pick-up and delivery points in order, with the route preview, distance and transit time. */
export function LoadPoints({ load }: { load: LoadDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const points = orderedPoints(load.points);
  // Stop numbers are shown only when the load has more than two points.
  const numbered = points.length > 2;

  return (
    <Section
      title={t('loads.points.title')}
      action={<MapsLink points={points} label={t('loads.points.openRoute')} />}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.25 }}
        >
          {points.map((point, index) => {
            const link = mapsLinkForPoint(point);
            const pickUp = point.type === 'pick_up';
            const address = pointAddressLines(point);
            return (
              <Box
                component="li"
                key={point.id}
                sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 22,
                    height: 22,
                    flexShrink: 0,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: '0.6875rem',
                    fontWeight: 600,
                    color: '#fff',
                    bgcolor: pickUp ? 'success.main' : 'error.main',
                    outline: point.is_active ? 2 : 0,
                    outlineColor: 'primary.main',
                    outlineOffset: 2,
                  }}
                >
                  {numbered ? index + 1 : pickUp ? 'P' : 'D'}
                </Box>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="subtitle2">
                      {lookupName(LOAD_POINT_TYPES, point.type, lang)}
                      {numbered && ` · ${t('loads.points.stop', { number: index + 1 })}`}
                    </Typography>
                    {point.is_active && (
                      <Chip
                        label={t('loads.points.active')}
                        color="primary"
                        variant="outlined"
                        sx={{ height: 18 }}
                      />
                    )}
                  </Box>
                  {address.street && <Typography variant="body1">{address.street}</Typography>}
                  <Typography
                    variant={address.street ? 'body2' : 'body1'}
                    color={address.street ? 'text.secondary' : undefined}
                  >
                    {address.place}
                  </Typography>
                  {point.date && (
                    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatDateTime(point.date)}
                    </Typography>
                  )}
                </Box>
                {link && (
                  <Tooltip title={t('loads.points.openPoint')}>
                    <IconButton
                      component="a"
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('loads.points.openPoint')}
                    >
                      <MapOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Box>
            );
          })}
        </Box>
        <Box>
          <RoutePreview points={points} />
          <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('loads.points.miles')}:{' '}
              <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                {load.miles ?? '—'}
              </Box>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('loads.points.transitTime')}:{' '}
              <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                {load.transit_time === null ? '—' : formatHours(load.transit_time, lang)}
              </Box>
            </Typography>
          </Box>
        </Box>
      </Box>
    </Section>
  );
}
