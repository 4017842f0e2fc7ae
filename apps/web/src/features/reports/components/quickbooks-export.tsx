import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { QUICKBOOKS_KINDS } from '@app/domain/accounting/reports.schema';
import { useQuickbooksExport } from '../api/download-reports';
import { useReportFailure } from './report-messages';

export type QuickbooksWeek = {
  /** The accounting week shown (the page's week picker). */
  year: number;
  week: number;
};

/**
 * The menu items of the QuickBooks export, for a page's own menu: the week's invoices or bills as a CSV
 * in QuickBooks Online's import columns. `onDone` closes the menu.
 */
export function QuickbooksMenuItems({ year, week, onDone }: QuickbooksWeek & { onDone?: () => void }) {
  const { t } = useTranslation();
  const failure = useReportFailure();
  const quickbooks = useQuickbooksExport(failure);
  return QUICKBOOKS_KINDS.map((kind) => (
    <MenuItem
      key={kind}
      disabled={quickbooks.isPending}
      onClick={() => {
        quickbooks.mutate({ year, week, kind });
        onDone?.();
      }}
    >
      {t(`reports.quickbooks.${kind}`, { week, year })}
    </MenuItem>
  ));
}

/** A button with the QuickBooks menu, for a page without a menu of its own. */
export function QuickbooksExportButton({ year, week }: QuickbooksWeek) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('reports.quickbooks.menu')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <QuickbooksMenuItems year={year} week={week} onDone={() => setAnchor(null)} />
      </Menu>
    </>
  );
}
