import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

// The search box of every list page (loads, vehicles, drivers, owners, partners, the rating queue).

export const LIST_SEARCH_DEBOUNCE_MS = 400;
export const LIST_SEARCH_MAX_LENGTH = 100;

type ListSearchFieldProps = {
  value: string;
  onSearch: (search: string) => void;
  label: string;
  placeholder: string;
  /** Takes the whole width (a column layout) instead of sharing a toolbar row. */
  fullWidth?: boolean;
  /** In a toolbar row: the width it starts from before the row shares out the room. */
  basis?: number;
  /** In a toolbar row: the width it grows to at most. */
  maxWidth?: number;
};

/** A list's search box: the text is searched once typing pauses, or at once on Enter. */
export function ListSearchField({
  value,
  onSearch,
  label,
  placeholder,
  fullWidth,
  basis = 240,
  maxWidth = 420,
}: ListSearchFieldProps) {
  const [text, setText] = useState(value);
  // The latest callback, so that a re-render of the page does not restart the wait.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => search.current(text), LIST_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value.slice(0, LIST_SEARCH_MAX_LENGTH))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text);
      }}
      placeholder={placeholder}
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { flex: `1 1 ${basis}px`, maxWidth }}
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
