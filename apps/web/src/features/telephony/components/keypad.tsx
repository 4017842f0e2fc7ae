import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import BackspaceOutlined from '@mui/icons-material/BackspaceOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { isDialString, KEYPAD_KEYS, keypadInput, telLink } from '@app/domain/telephony/telephony.rules';
import { useTelephony } from './telephony-provider';

/**
 * The keypad: digits, star and hash (typed, pasted or pressed; anything else is dropped) and Call, through
 * the external call system's window or a tel: link.
 */
export function Keypad({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { externalSystem, startCall, callStarted } = useTelephony();
  const [number, setNumber] = useState('');
  const ready = isDialString(number);
  const size = compact ? 36 : 48;

  return (
    <Box role="group" aria-label={t('telephony.keypad')} sx={{ p: 1, display: 'grid', gap: 1 }}>
      <TextField
        value={number}
        onChange={(event) => setNumber(keypadInput(event.target.value))}
        placeholder={t('telephony.number')}
        slotProps={{
          htmlInput: { 'aria-label': t('telephony.number'), inputMode: 'tel' },
          input: {
            sx: { height: 32, fontVariantNumeric: 'tabular-nums' },
            endAdornment: number ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={t('telephony.erase')}
                  onClick={() => setNumber((current) => current.slice(0, -1))}
                >
                  <BackspaceOutlined sx={{ fontSize: 16 }} />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.5, justifyItems: 'center' }}>
        {KEYPAD_KEYS.map((key) => (
          <Button
            key={key}
            variant="outlined"
            color="inherit"
            aria-label={t('telephony.key', { key })}
            onClick={() => setNumber((current) => keypadInput(current + key))}
            sx={{ minWidth: size, width: size, height: size, borderRadius: '50%', p: 0, fontSize: 16 }}
          >
            {key}
          </Button>
        ))}
      </Box>
      {externalSystem ? (
        <Button
          variant="contained"
          color="success"
          startIcon={<PhoneOutlined />}
          disabled={!ready}
          onClick={() => startCall({ phone: number, name: '' })}
        >
          {t('telephony.call')}
        </Button>
      ) : (
        <Button
          variant="contained"
          color="success"
          startIcon={<PhoneOutlined />}
          disabled={!ready}
          {...(ready ? { component: 'a' as const, href: telLink(number) } : {})}
          onClick={callStarted}
        >
          {t('telephony.call')}
        </Button>
      )}
    </Box>
  );
}
