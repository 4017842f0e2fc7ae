import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { IncomeDetail } from '@app/domain/accounting/income.schema';
import { LOAD_STATUSES, lookupName } from '@app/domain/common/lookups';
import { loadFileTypeName } from '@app/domain/loads/load-lifecycle.rules';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { accountingStatusText, personName } from './accounting-format';

function Facts({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The history's fields with a sentence of their own; any other reads 'field: before → after'. */
const HISTORY_FIELDS: ReadonlySet<string> = new Set(['status', 'accounting_status', 'documents_override']);

/** A history value as the timeline shows it: accounting statuses by name, overridden documents by name. */
function historyValue(field: string | null, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (field === 'accounting_status' && typeof value === 'number') return accountingStatusText(value);
  if (field === 'status' && typeof value === 'number') return lookupName(LOAD_STATUSES, value, currentLang());
  if (Array.isArray(value))
    return value
      .map((item) => loadFileTypeName(JSON.stringify(item).replace(/"/g, ''), currentLang()))
      .join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The load's people and route, its documents (the completion ones named when missing) and its history. */
export function IncomeLoadFacts({ load }: { load: IncomeDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const history = [...load.history].reverse();
  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      <Facts
        title={t('accounting.detail.load')}
        rows={[
          [t('accounting.columns.broker'), load.broker_company?.name ?? ''],
          [t('accounting.detail.rateconf'), load.rateconf_ref ?? ''],
          [t('accounting.detail.driver'), load.driver?.full_name ?? ''],
          [t('accounting.detail.unit'), load.car?.unit_id ?? ''],
          [t('accounting.detail.owner'), load.owner?.name ?? ''],
          [t('accounting.detail.dispatcher'), personName(load.dispatcher)],
          ...load.points.map((point): [string, string] => [
            t(point.type === 'pick_up' ? 'accounting.detail.pickUp' : 'accounting.detail.delivery', {
              order: point.order,
            }),
            `${point.city}, ${point.state} ${point.date ? formatDateTime(point.date) : ''}`.trim(),
          ]),
        ]}
      />
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('accounting.detail.documents')}
        sx={{ p: 2 }}
      >
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          {t('accounting.detail.documents')}
        </Typography>
        {load.completion_missing_documents.length > 0 && (
          <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
            {t('accounting.detail.missing', {
              documents: load.completion_missing_documents
                .map((type) => loadFileTypeName(type, lang))
                .join(', '),
            })}
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {load.files.map((file) => (
            <li key={file.id}>
              <Typography variant="body2">{`${loadFileTypeName(file.file_type, lang)}: ${file.name}`}</Typography>
            </li>
          ))}
        </Box>
        {load.files.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('accounting.detail.noFiles')}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined" component="section" aria-label={t('accounting.detail.history')} sx={{ p: 2 }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          {t('accounting.detail.history')}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 2, maxHeight: 320, overflowY: 'auto' }}>
          {history.map((entry) => (
            <li key={entry.id}>
              <Typography variant="body2">
                {t(
                  HISTORY_FIELDS.has(entry.field ?? '')
                    ? `accounting.history.${entry.field}`
                    : 'accounting.history.other',
                  {
                    field: entry.field ?? entry.action,
                    before: historyValue(entry.field, entry.before),
                    after: historyValue(entry.field, entry.after),
                  },
                )}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {`${formatDateTime(entry.created_date)} · ${personName(entry.user) || t('accounting.detail.system')}`}
              </Typography>
            </li>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}
