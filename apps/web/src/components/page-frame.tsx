import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { EmptyState } from './empty-state';

type PageFrameProps = {
  /** Filters and buttons of the page, above its content. */
  toolbar?: ReactNode;
  /** Without children the page is one of the menu's pages not built yet: the frame says it is coming. */
  children?: ReactNode;
};

/** The body of a page; its title is shown by the shell's top bar, from the route. */
export function PageFrame({ toolbar, children }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      {toolbar && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>{toolbar}</Box>
      )}
      {children ?? (
        // Never an empty list: a user must not read 'no loads' on a page that has no data yet at all.
        <Paper variant="outlined" data-testid="page-coming">
          <EmptyState
            icon={<ConstructionOutlined />}
            title={t('pageFrame.comingTitle')}
            description={t('pageFrame.comingHint')}
          />
        </Paper>
      )}
    </Box>
  );
}
