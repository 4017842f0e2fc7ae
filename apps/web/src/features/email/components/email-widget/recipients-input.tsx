import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { normalizeRecipients } from '@app/domain/email/email.rules';

type RecipientsInputProps = {
  value: string[];
  onChange: (recipients: string[]) => void;
  disabled?: boolean;
};

/** Where a typed address ends: a comma, a semicolon or a space; Enter and leaving the field too. */
const SEPARATOR = /[,;\s]/;

/**
 * The recipients as chips. What is typed becomes a chip when a separator, Enter or leaving the field ends
 * it: lower-cased, and dropped (with a word under the field) unless it is an e-mail address. Backspace in
 * the empty field takes the last chip off.
 */
export function RecipientsInput({ value, onChange, disabled }: RecipientsInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [dropped, setDropped] = useState<string[]>([]);

  const commit = (typed: string) => {
    const pieces = typed.split(/[,;\s]+/).filter((piece) => piece !== '');
    if (pieces.length === 0) return;
    const next = normalizeRecipients([...value, ...pieces]);
    setDropped(pieces.filter((piece) => normalizeRecipients([piece]).length === 0));
    setText('');
    if (next.length !== value.length) onChange(next);
  };

  return (
    <Box sx={{ px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, minHeight: 32 }}>
        <Typography variant="body2" color="text.secondary" component="label" htmlFor="email-recipients">
          {t('email.compose.to')}
        </Typography>
        {value.map((address) => (
          <Chip
            key={address}
            label={address}
            size="small"
            disabled={disabled}
            onDelete={() => onChange(value.filter((item) => item !== address))}
          />
        ))}
        <InputBase
          id="email-recipients"
          value={text}
          disabled={disabled}
          placeholder={value.length === 0 ? t('email.compose.toPlaceholder') : undefined}
          inputProps={{
            'aria-label': t('email.compose.recipients'),
            inputMode: 'email',
            autoComplete: 'off',
          }}
          onChange={(event) => {
            const typed = event.target.value;
            if (SEPARATOR.test(typed)) commit(typed);
            else setText(typed);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(text);
            } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => commit(text)}
          sx={{ flex: 1, minWidth: 140, fontSize: '0.875rem' }}
        />
      </Box>
      {dropped.length > 0 && (
        <Typography variant="caption" color="error" role="status">
          {t('email.compose.droppedRecipients', { addresses: dropped.join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
