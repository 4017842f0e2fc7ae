import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

export const BROKER_LIST_SEARCH_DEBOUNCE_MS = 400;

type BrokerSearchFieldProps = {
  value: string;
  onSearch: (search: string) => void;
  label: string;
  placeholder: string;
  /** Takes the whole width (a column layout) instead of sharing a toolbar row. */
  fullWidth?: boolean;
};

/** A search box that asks once the user stops typing (or at once on Enter). */
export function BrokerSearchField({
  value,
  onSearch,
  label,
  placeholder,
  fullWidth,
}: BrokerSearchFieldProps) {
  const [text, setText] = useState(value);
  // The latest callback, so that a re-render of the page does not restart the wait.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => search.current(text), BROKER_LIST_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value.slice(0, 100))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text);
      }}
      placeholder={placeholder}
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { flex: '1 1 240px', maxWidth: 380 }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
