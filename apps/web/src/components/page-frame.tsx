import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { EmptyState } from './empty-state';

type PageFrameProps = {
  /** Filters and buttons of the page, above its content. */
  toolbar?: ReactNode;
  /** Without children the frame shows the calm 'Nothing here yet' state. */
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
        <Paper variant="outlined">
          <EmptyState title={t('common.nothingYet')} />
        </Paper>
      )}
    </Box>
  );
}
