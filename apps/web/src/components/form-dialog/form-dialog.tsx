import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

type FormDialogProps = {
  /** The id of the title, which names the dialog for assistive technology and tests. */
  titleId: string;
  title: ReactNode;
  children: ReactNode;
  cancelLabel: string;
  submitLabel: string;
  /** A request is under way: the dialog does not close and both buttons wait. */
  pending: boolean;
  /** The submit button is also disabled while this holds (nothing to save yet, a rule refuses). */
  submitDisabled?: boolean;
  /** A destructive action: the submit button is red. */
  danger?: boolean;
  /**
   * 'sm' and 'md' take the full width up to that size and the whole screen on a phone (forms with many
   * fields); 'xs' takes the full width up to that size and stays a dialog on a phone (a choice and a date);
   * without it the dialog is as wide as its content (a question or two amounts).
   */
  size?: 'xs' | 'sm' | 'md';
  onClose: () => void;
} & (
  | {
      /** The dialog is a form: Enter in a field or the submit button submits it. */
      onSubmit: (event: FormEvent) => void;
      onConfirm?: never;
    }
  | {
      /** The dialog only asks: the submit button confirms, Enter in its fields does not. */
      onConfirm: () => void;
      onSubmit?: never;
    }
);

/**
 * The frame every change dialog shares: title, content, Cancel and the submit button. While the request
 * runs the dialog cannot be closed (Esc, the backdrop, Cancel) and the submit button waits, so a change is
 * not sent twice; a refused request leaves the dialog open with everything typed.
 */
export function FormDialog(props: FormDialogProps) {
  const { titleId, title, children, cancelLabel, submitLabel, pending, size, onClose } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const isForm = props.onSubmit !== undefined;

  const frame = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          type={isForm ? 'submit' : 'button'}
          variant="contained"
          color={props.danger ? 'error' : 'primary'}
          disabled={props.submitDisabled === true || pending}
          onClick={props.onConfirm}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </>
  );

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth={size !== undefined}
      maxWidth={size}
      fullScreen={(size === 'sm' || size === 'md') && phone}
      aria-labelledby={titleId}
    >
      {props.onSubmit ? (
        <form onSubmit={props.onSubmit} noValidate>
          {frame}
        </form>
      ) : (
        frame
      )}
    </Dialog>
  );
}
