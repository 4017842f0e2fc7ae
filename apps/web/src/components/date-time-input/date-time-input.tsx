import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import EventOutlined from '@mui/icons-material/EventOutlined';
import type { WallTime } from '@app/domain/common/time';
import {
  DATE_TIME_INPUT_DEBOUNCE_MS,
  DATE_TIME_INPUT_FORMAT,
  defaultPickerRange,
  formatDateTimeInput,
  formDateToWallTime,
  isWithinRange,
  parseDateTimeInput,
  pickerMinuteStep,
} from '@app/domain/loads/load-form.rules';
import type { WallTimeRange } from '@app/domain/loads/load-form.rules';
import { DateTimePickerPanel } from './date-time-picker-panel';

// The spec's date-time picker: typed text is taken 500 ms after the last key, minutes move by 5 (1 when an
// exact time is asked for), the clock has 24 hours, dates run from the start of last year to the end of
// next year unless a range is given, and the value is the clock reading 'MM/DD/YYYY HH:mm' as it is (no
// time-zone conversion). Text that is not a date in the range is cleared when the user leaves the input
// (or presses Enter), so a half-typed date is not wiped out while the user is still typing.

export type DateTimeInputProps = {
  label: string;
  /** 'MM/DD/YYYY HH:mm' (an ISO date-time is shown in Eastern time); null or '' when empty. */
  value: string | null;
  /**
   * The new value: 'MM/DD/YYYY HH:mm', null when cleared. While the user is typing, text that is not (yet)
   * a date in the range is passed as typed, so the form can say what is wrong; it is cleared on leaving.
   */
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** Minutes move by 1 instead of 5. */
  exactTime?: boolean;
  /** The dates offered; each bound defaults to the spec's (start of last year, end of next year). */
  range?: { min?: WallTime | null; max?: WallTime | null };
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
};

function textOf(value: string | null): string {
  if (!value) return '';
  const reading = formDateToWallTime(value);
  return reading ? formatDateTimeInput(reading) : value;
}

export function effectiveRange(range: DateTimeInputProps['range'], now = new Date()): WallTimeRange {
  const fallback = defaultPickerRange(now);
  return { min: range?.min ?? fallback.min, max: range?.max ?? fallback.max };
}

export function DateTimeInput(props: DateTimeInputProps) {
  const { value, onChange, onBlur, exactTime = false } = props;
  const { t } = useTranslation();
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const [text, setText] = useState(() => textOf(value));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // What this input last reported, so that a value coming back from the form does not overwrite the text.
  const lastEmitted = useRef<string | null>(value);
  const range = effectiveRange(props.range);

  useEffect(() => {
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setText(textOf(value));
    }
  }, [value]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const emit = (next: string | null) => {
    lastEmitted.current = next;
    if (next !== value) onChange(next);
  };

  const cancelPending = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  /** Takes the typed text; on `leaving`, text that is not a date in the range is cleared. */
  const commit = (typed: string, leaving: boolean) => {
    cancelPending();
    if (typed.trim() === '') {
      emit(null);
      return;
    }
    const reading = parseDateTimeInput(typed);
    if (reading && isWithinRange(reading, range)) {
      const formatted = formatDateTimeInput(reading);
      if (leaving) setText(formatted);
      emit(formatted);
    } else if (leaving) {
      setText('');
      emit(null);
    } else {
      emit(typed);
    }
  };

  const onType = (typed: string) => {
    setText(typed);
    cancelPending();
    timer.current = setTimeout(() => commit(typed, false), DATE_TIME_INPUT_DEBOUNCE_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter takes the date; it does not submit the form around the input.
      event.preventDefault();
      commit(text, true);
    }
  };

  const choose = (reading: WallTime) => {
    cancelPending();
    const formatted = formatDateTimeInput(reading);
    setText(formatted);
    emit(formatted);
  };

  const clear = () => {
    cancelPending();
    setText('');
    emit(null);
  };

  return (
    <>
      <TextField
        id={id}
        name={props.name}
        label={props.label}
        value={text}
        onChange={(event) => onType(event.target.value)}
        onBlur={() => {
          commit(text, true);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        placeholder={DATE_TIME_INPUT_FORMAT}
        error={props.error}
        helperText={props.helperText}
        required={props.required}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        inputRef={props.inputRef}
        fullWidth
        autoComplete="off"
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 16 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('dateTimeInput.openCalendar')}>
                  <span>
                    <IconButton
                      edge="end"
                      aria-label={t('dateTimeInput.openCalendarFor', { label: props.label })}
                      aria-haspopup="dialog"
                      disabled={props.disabled}
                      onClick={(event) => setAnchor(event.currentTarget)}
                    >
                      <EventOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': props.label, variant: 'outlined' } }}
      >
        {anchor && (
          <DateTimePickerPanel
            value={parseDateTimeInput(textOf(value))}
            range={range}
            minuteStep={pickerMinuteStep(exactTime)}
            onChoose={choose}
            onClear={clear}
            onDone={() => setAnchor(null)}
          />
        )}
      </Popover>
    </>
  );
}
