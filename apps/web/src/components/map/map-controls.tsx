import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import CenterFocusStrongOutlined from '@mui/icons-material/CenterFocusStrongOutlined';
import Remove from '@mui/icons-material/Remove';

type MapControlsProps = { onZoomIn: () => void; onZoomOut: () => void; onFit: () => void };

/** Zoom in, zoom out and show everything, at the map's upper right. */
export function MapControls({ onZoomIn, onZoomOut, onFit }: MapControlsProps) {
  const { t } = useTranslation();
  const buttons = [
    { label: t('map.zoomIn'), icon: <Add fontSize="small" />, onClick: onZoomIn },
    { label: t('map.zoomOut'), icon: <Remove fontSize="small" />, onClick: onZoomOut },
    { label: t('map.fit'), icon: <CenterFocusStrongOutlined fontSize="small" />, onClick: onFit },
  ];
  return (
    <Paper
      variant="outlined"
      sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', flexDirection: 'column' }}
      // The buttons are not part of the map's drag surface.
      onPointerDown={(event) => event.stopPropagation()}
      onMouseDown={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {buttons.map((button) => (
        <Tooltip key={button.label} title={button.label} placement="left">
          <IconButton
            size="small"
            aria-label={button.label}
            onClick={button.onClick}
            sx={{ borderRadius: 0 }}
          >
            {button.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Paper>
  );
}
