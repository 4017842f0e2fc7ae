import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export type MapLegendItem = {
  key: string;
  color: string;
  label: string;
  count?: number;
  shape?: 'circle' | 'square';
};

/** What the marker colours mean, with how many of each the map shows. */
export function MapLegend({ title, items }: { title: string; items: readonly MapLegendItem[] }) {
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-label={title}
      sx={{
        m: 0,
        px: 1,
        py: 0.5,
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.25,
        bgcolor: 'rgba(255,255,255,0.92)',
      }}
    >
      {items.map((item) => (
        <Box key={item.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box
            aria-hidden
            sx={{
              width: 10,
              height: 10,
              borderRadius: item.shape === 'square' ? '2px' : '50%',
              bgcolor: item.color,
              border: '1px solid #ffffff',
              boxShadow: '0 0 0 1px rgba(0,0,0,0.15)',
            }}
          />
          <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
            {item.label}
            {item.count !== undefined && (
              <Box component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
                {item.count}
              </Box>
            )}
          </Typography>
        </Box>
      ))}
    </Paper>
  );
}
