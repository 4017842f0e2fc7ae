import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import type { Incentive } from '@app/domain/accounting/incentives.schema';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime, formatUsd } from '@/lib/format';
import { useDeleteIncentive } from '../api/delete-incentive';
import { useLoadIncentives } from '../api/load-incentives';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { IncentiveDialog } from './incentive-dialog';
import { personText, signedAmount, typeName } from './incentive-display';
import { IncentiveTemplatesDialog } from './incentive-templates-dialog';

type Open = { kind: 'add' } | { kind: 'templates' } | { kind: 'delete'; incentive: Incentive } | null;

/**
 * A load's bonuses and fines for its driver, owner and dispatcher, with their sums: add one from a template
 * or by hand, delete one after a question, and keep the company's templates. For the accounting load page
 * and the load page, shown to who gives incentives (canManageIncentives of the domain).
 */
export function IncentivesPanel({ loadId }: { loadId: number }) {
  const { t } = useTranslation();
  const incentives = useLoadIncentives(loadId);
  const remove = useDeleteIncentive();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const data = incentives.data;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`incentives-${loadId}-title`}
      sx={{ p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`incentives-${loadId}-title`} variant="h2" sx={{ flexGrow: 1 }}>
          {t('incentives.title')}
        </Typography>
        <Button size="small" startIcon={<ListAltOutlined />} onClick={() => setOpen({ kind: 'templates' })}>
          {t('incentives.templates.open')}
        </Button>
        <Button
          size="small"
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setOpen({ kind: 'add' })}
          disabled={!data}
        >
          {t('incentives.add.open')}
        </Button>
      </Box>
      {incentives.isPending ? (
        <LoadingState />
      ) : incentives.isError ? (
        <ErrorState error={incentives.error} onRetry={() => void incentives.refetch()} />
      ) : (
        <Stack spacing={1}>
          {data!.week_closed && <Alert severity="info">{t('incentives.weekClosed')}</Alert>}
          {data!.count === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('incentives.empty')}
            </Typography>
          ) : (
            <>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {data!.results.map((incentive) => (
                  <IncentiveRow
                    key={incentive.id}
                    incentive={incentive}
                    onDelete={() => setOpen({ kind: 'delete', incentive })}
                  />
                ))}
              </Box>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {t('incentives.totals', {
                  bonuses: formatUsd(data!.bonus_total),
                  fines: formatUsd(data!.fine_total),
                })}
              </Typography>
            </>
          )}
        </Stack>
      )}
      {open?.kind === 'add' && <IncentiveDialog loadId={loadId} onClose={close} />}
      {open?.kind === 'templates' && <IncentiveTemplatesDialog onClose={close} />}
      {open?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title={t('incentives.deleteQuestion.title')}
          message={t('incentives.deleteQuestion.message', {
            type: typeName(open.incentive.type),
            amount: formatUsd(open.incentive.amount),
            person: personText(open.incentive, t),
          })}
          onConfirm={() => remove.mutateAsync({ id: open.incentive.id, loadId })}
          onClose={close}
        />
      )}
    </Paper>
  );
}

function IncentiveRow({ incentive, onDelete }: { incentive: Incentive; onDelete: () => void }) {
  const { t } = useTranslation();
  const fine = incentive.type === 'Fine';
  const through =
    incentive.person_type === 'driver' && incentive.paid_through_owner
      ? t('incentives.paidThrough', { owner: incentive.paid_through_owner.name })
      : null;
  return (
    <Box
      component="li"
      aria-label={`${typeName(incentive.type)} ${signedAmount(incentive)} ${personText(incentive, t)}`}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Chip
        size="small"
        label={typeName(incentive.type)}
        color={fine ? 'error' : 'success'}
        variant="outlined"
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2">
          <Box component="strong" sx={{ color: fine ? 'error.main' : 'success.main' }}>
            {signedAmount(incentive)}
          </Box>{' '}
          {personText(incentive, t)}
          {through && (
            <Typography component="span" variant="caption" color="text.secondary">
              {' '}
              ({through})
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {incentive.reason}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[
            incentive.created_by && `${incentive.created_by.first_name} ${incentive.created_by.last_name}`,
            formatDateTime(incentive.created_date),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Tooltip title={t('incentives.delete')}>
        <IconButton size="small" aria-label={t('incentives.deleteIncentive')} onClick={onDelete}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
