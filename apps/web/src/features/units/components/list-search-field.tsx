import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

export const SEARCH_DEBOUNCE_MS = 400;

type ListSearchFieldProps = {
  value: string;
  onSearch: (search: string) => void;
  label: string;
  placeholder: string;
};

/** A list's search box: the text is searched once typing pauses, or at once on Enter. */
export function ListSearchField({ value, onSearch, label, placeholder }: ListSearchFieldProps) {
  const [text, setText] = useState(value);
  // The latest callback, so that a re-render of the page does not restart the wait.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => search.current(text), SEARCH_DEBOUNCE_MS);
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
      sx={{ flex: '1 1 240px', maxWidth: 420 }}
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
