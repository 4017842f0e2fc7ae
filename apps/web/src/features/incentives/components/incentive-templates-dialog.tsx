import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { IncentiveTemplate } from '@app/domain/accounting/incentives.schema';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatUsd } from '@/lib/format';
import { useDeleteIncentiveTemplate, useIncentiveTemplates } from '../api/incentive-templates';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { typeName } from './incentive-display';
import { IncentiveTemplateForm } from './incentive-template-form';

type Open =
  { kind: 'form'; template: IncentiveTemplate | null } | { kind: 'delete'; template: IncentiveTemplate };

/**
 * The company's incentive templates: a named bonus or fine that fills the incentive form. Make, change and
 * delete them (the incentives made from a deleted template stay as they are).
 */
export function IncentiveTemplatesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const templates = useIncentiveTemplates();
  const remove = useDeleteIncentiveTemplate();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="incentive-templates-title">
      <DialogTitle id="incentive-templates-title">{t('incentives.templates.title')}</DialogTitle>
      <DialogContent>
        {templates.isPending ? (
          <LoadingState />
        ) : templates.isError ? (
          <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
        ) : templates.data.count === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('incentives.templates.empty')}
          </Typography>
        ) : (
          <Table size="small" aria-labelledby="incentive-templates-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('incentives.fields.name')}</TableCell>
                <TableCell>{t('incentives.fields.type')}</TableCell>
                <TableCell>{t('incentives.fields.personType')}</TableCell>
                <TableCell align="right">{t('incentives.fields.amount')}</TableCell>
                <TableCell>{t('incentives.fields.reason')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {templates.data.results.map((template) => (
                <TableRow key={template.id}>
                  <TableCell>{template.name}</TableCell>
                  <TableCell>{typeName(template.type)}</TableCell>
                  <TableCell>{t(`incentives.personTypes.${template.person_type}`)}</TableCell>
                  <TableCell align="right">{formatUsd(template.amount)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{template.reason}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      aria-label={t('incentives.templates.edit', { name: template.name })}
                      onClick={() => setOpen({ kind: 'form', template })}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('incentives.templates.remove', { name: template.name })}
                      onClick={() => setOpen({ kind: 'delete', template })}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Box sx={{ flexGrow: 1 }}>
          <Button startIcon={<AddOutlined />} onClick={() => setOpen({ kind: 'form', template: null })}>
            {t('incentives.templates.new')}
          </Button>
        </Box>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      {open?.kind === 'form' && <IncentiveTemplateForm template={open.template} onClose={close} />}
      {open?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title={t('incentives.templates.deleteTitle')}
          message={t('incentives.templates.deleteMessage', { name: open.template.name })}
          onConfirm={() => remove.mutateAsync(open.template.id)}
          onClose={close}
        />
      )}
    </Dialog>
  );
}

/** A button that opens the templates dialog, for the accounting pages' toolbars. */
export function IncentiveTemplatesButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('incentives.templates.open')}
      </Button>
      {open && <IncentiveTemplatesDialog onClose={() => setOpen(false)} />}
    </>
  );
}
