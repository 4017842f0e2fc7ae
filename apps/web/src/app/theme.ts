import { alpha, createTheme } from '@mui/material/styles';

// A dense, calm operations console: small type, compact spacing, neutral greys and one accent colour.

const accent = '#1f5fbf';
const ink = '#1d2430';
const muted = '#5d6776';
const line = '#e1e4e9';
const canvas = '#f4f5f7';

export const SIDE_MENU_WIDTH = 56;
export const SIDE_MENU_EXPANDED_WIDTH = 240;
export const TOP_BAR_HEIGHT = 48;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: accent, contrastText: '#ffffff' },
    secondary: { main: '#4a5565' },
    error: { main: '#c62f2f' },
    warning: { main: '#b7791f' },
    success: { main: '#2f7d4f' },
    info: { main: '#2f6f9f' },
    background: { default: canvas, paper: '#ffffff' },
    text: { primary: ink, secondary: muted },
    divider: line,
    action: { hover: alpha(ink, 0.05), selected: alpha(accent, 0.1) },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily:
      '"Inter", "Segoe UI", "Roboto", "Helvetica Neue", "Liberation Sans", "DejaVu Sans", Arial, sans-serif',
    fontSize: 13,
    htmlFontSize: 16,
    h1: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.3 },
    h2: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.35 },
    h3: { fontSize: '0.9375rem', fontWeight: 600, lineHeight: 1.35 },
    h4: { fontSize: '0.875rem', fontWeight: 600 },
    h5: { fontSize: '0.8125rem', fontWeight: 600 },
    h6: { fontSize: '0.8125rem', fontWeight: 600 },
    subtitle1: { fontSize: '0.875rem', fontWeight: 500 },
    subtitle2: { fontSize: '0.8125rem', fontWeight: 600 },
    body1: { fontSize: '0.8125rem' },
    body2: { fontSize: '0.75rem' },
    caption: { fontSize: '0.6875rem' },
    button: { fontSize: '0.8125rem', fontWeight: 500, textTransform: 'none' },
    overline: { fontSize: '0.625rem', fontWeight: 600, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { backgroundColor: canvas, WebkitFontSmoothing: 'antialiased' },
        '#root': { minHeight: '100vh' },
      },
    },
    MuiButton: {
      defaultProps: { size: 'small', disableElevation: true },
      styleOverrides: { root: { minHeight: 30 } },
    },
    MuiIconButton: { defaultProps: { size: 'small' } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiSelect: { defaultProps: { size: 'small' } },
    MuiAutocomplete: { defaultProps: { size: 'small' } },
    MuiInputLabel: { styleOverrides: { root: { fontSize: '0.8125rem' } } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { backgroundColor: '#ffffff', fontSize: '0.8125rem' },
        notchedOutline: { borderColor: '#d3d8df' },
      },
    },
    MuiFormHelperText: { styleOverrides: { root: { marginLeft: 2, marginTop: 2 } } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiTableCell: {
      styleOverrides: {
        root: { borderColor: line, paddingTop: 6, paddingBottom: 6 },
        head: {
          color: muted,
          fontWeight: 600,
          fontSize: '0.6875rem',
          textTransform: 'uppercase',
          letterSpacing: '0.04em',
        },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: line } },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 6 } } },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 32, color: 'inherit' } } },
    MuiMenuItem: { styleOverrides: { root: { fontSize: '0.8125rem', minHeight: 32 } } },
    MuiTooltip: { defaultProps: { enterDelay: 100, arrow: true } },
    MuiDialog: { defaultProps: { maxWidth: 'xs', fullWidth: true } },
    MuiDialogTitle: {
      styleOverrides: { root: { fontSize: '1rem', fontWeight: 600, padding: '14px 20px 8px' } },
    },
    MuiDialogContent: { styleOverrides: { root: { padding: '8px 20px' } } },
    MuiDialogActions: { styleOverrides: { root: { padding: '10px 20px 14px' } } },
    MuiChip: { defaultProps: { size: 'small' } },
    MuiTab: { styleOverrides: { root: { minHeight: 40, textTransform: 'none', fontSize: '0.8125rem' } } },
    MuiTabs: { styleOverrides: { root: { minHeight: 40 } } },
    MuiAlert: { styleOverrides: { root: { fontSize: '0.8125rem', padding: '2px 12px' } } },
    MuiBadge: { styleOverrides: { dot: { height: 7, minWidth: 7 } } },
  },
});
