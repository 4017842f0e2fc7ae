import { useTranslation } from 'react-i18next';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ExcelList } from '@app/domain/accounting/reports.schema';
import { useExcelExport, type ExcelFilters } from '../api/download-reports';
import { useReportFailure } from './report-messages';

export type ExcelExportButtonProps = {
  /** The accounting list on screen: lol, income, brokers, owners or dispatchers. */
  list: ExcelList;
  /** The list's query as the page sends it (every row of these filters is exported, not one page). */
  filters: ExcelFilters;
  disabled?: boolean;
};

/** Exports what the list shows, with its filters, as an .xlsx named by the server. */
export function ExcelExportButton({ list, filters, disabled }: ExcelExportButtonProps) {
  const { t } = useTranslation();
  const failure = useReportFailure();
  const excel = useExcelExport(failure);
  return (
    <Button
      size="small"
      variant="outlined"
      title={t('reports.excelHint')}
      startIcon={excel.isPending ? <CircularProgress size={16} /> : <FileDownloadOutlined />}
      disabled={disabled || excel.isPending}
      onClick={() => excel.mutate({ list, filters })}
    >
      {excel.isPending ? t('reports.preparing') : t('reports.excel')}
    </Button>
  );
}
