import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { toastSuccess } from '@/lib/messages';

/** What a schema's safeParse answers (zod's shape), as far as a form reads it. */
export type CheckResult =
  | { success: true }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** The request that saves the form (a TanStack mutation): its failure and whether it runs. */
type SaveRequest = { error: unknown; isPending: boolean };

/** The keys of the values that are typed as text. */
type TextKey<Values> = { [Key in keyof Values]-?: Values[Key] extends string ? Key : never }[keyof Values];

type DialogFormOptions<Values> = {
  initial: () => Values;
  /** The API's own schema over what would be sent: the form checks exactly what the server will. */
  check: (values: Values) => CheckResult;
  save: SaveRequest;
  /** The area's translation of server and domain messages. */
  messageText: (message: string) => string;
  /** Closes the dialog; called after a successful save. */
  onClose: () => void;
};

/** The options of a dialog's save request: on success the saved toast, and the dialog closes. */
export function closeOnSuccess(onClose: () => void) {
  return {
    onSuccess: () => {
      toastSuccess();
      onClose();
    },
  };
}

/** The first message of each field a check refuses; a message about the whole form is kept under ''. */
function firstIssues(result: CheckResult): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}

/**
 * The state of a dialog's form: the values, each field's message and the submit. Nothing is said about a
 * field until Save has been pressed; from then on the fields are checked as the user types. A field the
 * form finds no fault with shows the server's message for it from the last refused save. A save is sent
 * only when the check passes; it toasts and closes on success and keeps everything typed on a refusal.
 */
export function useDialogForm<Values extends object>(options: DialogFormOptions<Values>) {
  const { save, messageText, onClose } = options;
  const [values, setValues] = useState<Values>(options.initial);
  const [submitted, setSubmitted] = useState(false);
  const result = options.check(values);
  const errors = firstIssues(result);

  const error = (field: string): string | undefined => {
    const own = submitted ? errors[field] : undefined;
    return own ? messageText(own) : fieldErrorOf(save.error, field, messageText);
  };
  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));

  /** A field's value, its change and its message, for a picker or another input that takes them so. */
  const bind = <Name extends keyof Values & string>(name: Name) => ({
    value: values[name],
    onChange: (value: Values[Name]) => set(name, value),
    error: error(name),
  });

  /** Sends the form with `send` once it passes the check; `done` toasts and closes. */
  const submit = (event: FormEvent, send: (done: { onSuccess: () => void }) => void) => {
    event.preventDefault();
    setSubmitted(true);
    if (!result.success || save.isPending) return;
    send(closeOnSuccess(onClose));
  };

  /** A full-width text field of one value, with its message. */
  const textField = (
    name: TextKey<Values>,
    label: string,
    extra: Partial<TextFieldProps> = {},
  ): ReactElement => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => set(name, event.target.value as Values[typeof name])}
      error={Boolean(error(String(name)))}
      helperText={error(String(name))}
      fullWidth
      {...extra}
    />
  );

  return { values, setValues, set, error, bind, submit, textField };
}
