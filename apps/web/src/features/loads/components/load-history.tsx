import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Lang } from '@app/domain/common/lookups';
import { loadFileTypeName } from '@app/domain/loads/load-lifecycle.rules';
import { loadStatusDisplayName } from '@app/domain/loads/loads.rules';
import type { LoadHistoryEntry } from '@app/domain/loads/loads.schema';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime, formatUsd } from '@/lib/format';
import { personName } from './load-display';
import { Section } from './section';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MONEY_FIELDS = /price|pays|amount/;
const SHOWN_MAX = 140;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value before or after a change, as a person reads it: names, dollars, Eastern times, status names. */
export function historyValueText(field: string | null, value: unknown, lang: Lang, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((item) => historyValueText(field, item, lang, t)).join(', ');
  }
  if (typeof value === 'boolean') return value ? t('loads.history.yes') : t('loads.history.no');
  if (typeof value === 'number') {
    if (field === 'status') return loadStatusDisplayName(value, null, lang);
    if (field && MONEY_FIELDS.test(field)) return formatUsd(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (field === 'file_type' || field === 'file') {
      const name = loadFileTypeName(value, lang);
      if (name !== loadFileTypeName('', lang)) return name;
    }
    if (ISO_DATE_TIME.test(value)) return formatDateTime(value) || value;
    return value.length > SHOWN_MAX ? `${value.slice(0, SHOWN_MAX)}…` : value;
  }
  if (isRecord(value)) {
    if (typeof value.full_name === 'string') return value.full_name;
    if (typeof value.first_name === 'string' && typeof value.last_name === 'string') {
      return personName({ first_name: value.first_name, last_name: value.last_name });
    }
    if (typeof value.unit_id === 'string') return value.unit_id;
    if (typeof value.name === 'string') {
      return typeof value.file_type === 'string'
        ? `${loadFileTypeName(value.file_type, lang)}: ${value.name}`
        : value.name;
    }
    if (typeof value.status === 'number' && Object.keys(value).length === 1) {
      return loadStatusDisplayName(value.status, null, lang);
    }
    if (typeof value.city === 'string')
      return [value.city, value.state].filter((part) => typeof part === 'string').join(', ');
  }
  const text = JSON.stringify(value);
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX)}…` : text;
}

/** The load's changes, newest first: who, when (Eastern time), what, and the value before and after. */
export function LoadHistory({ history }: { history: readonly LoadHistoryEntry[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const entries = [...history].reverse();

  return (
    <Section title={t('loads.history.title')}>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('loads.history.none')}
        </Typography>
      ) : (
        <Box component="ol" aria-label={t('loads.history.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry, index) => {
            // A creation has no 'before'; what the load was created with is the load itself.
            const hasChange =
              entry.action !== 'create' && (entry.before !== undefined || entry.after !== undefined);
            return (
              <Box
                component="li"
                key={entry.id}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '14px 1fr',
                  columnGap: 1.25,
                  position: 'relative',
                  pb: index === entries.length - 1 ? 0 : 1.5,
                }}
              >
                <Box sx={{ position: 'relative', display: 'flex', justifyContent: 'center' }} aria-hidden>
                  <Box
                    sx={{
                      width: 9,
                      height: 9,
                      mt: '5px',
                      borderRadius: '50%',
                      bgcolor: index === 0 ? 'primary.main' : 'grey.400',
                      zIndex: 1,
                    }}
                  />
                  {index < entries.length - 1 && (
                    <Box
                      sx={{ position: 'absolute', top: 14, bottom: -6, width: '1px', bgcolor: 'divider' }}
                    />
                  )}
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body1">
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {t(`loads.history.actions.${entry.action}`)}
                    </Box>
                    {entry.field && entry.action !== 'status' && (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {' · '}
                        {t(`loads.history.fields.${entry.field}`, { defaultValue: entry.field })}
                      </Box>
                    )}
                  </Typography>
                  {hasChange && (entry.before !== null || entry.after !== null) && (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {historyValueText(entry.field, entry.before, lang, t)}
                      </Box>
                      {' → '}
                      <span>{historyValueText(entry.field, entry.after, lang, t)}</span>
                    </Typography>
                  )}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {personName(entry.user) || t('loads.history.system')} ·{' '}
                    {formatDateTime(entry.created_date)}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Section>
  );
}
