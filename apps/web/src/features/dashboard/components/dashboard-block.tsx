import { useId } from 'react';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ErrorState } from '@/components/error-state';
import { ListFetchingBar } from '@/components/lists/list-page';
import { LoadingState } from '@/components/loading-state';

type DashboardBlockProps<Data> = {
  title: string;
  /** Beside the title: a link to the list the block sums up, a switch of the block's view. */
  actions?: ReactNode;
  query: UseQueryResult<Data>;
  /** Whether an answer holds nothing to show; the block then shows `empty`. */
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
};

/**
 * One block of the dashboard: an outlined panel named by its title (a region for screen readers) with
 * its own loading, failure (with a retry) and empty states, so that one slow or failed endpoint leaves the
 * other blocks as they are. A thin bar shows while a live change is fetched; the numbers stay meanwhile.
 */
export function DashboardBlock<Data>({
  title,
  actions,
  query,
  isEmpty,
  empty,
  children,
}: DashboardBlockProps<Data>) {
  const titleId = useId();
  const { data } = query;
  let body: ReactNode;
  if (data !== undefined) body = isEmpty?.(data) && empty ? empty : children(data);
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else body = <LoadingState />;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ position: 'relative', overflow: 'hidden', minWidth: 0 }}
    >
      <ListFetchingBar show={query.isRefetching} atTop />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          minHeight: 40,
          borderBottom: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        <Typography id={titleId} variant="subtitle2" component="h2">
          {title}
        </Typography>
        {actions && <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>{actions}</Box>}
      </Box>
      {body}
    </Paper>
  );
}
