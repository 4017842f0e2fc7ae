import { SearchPicker, type PickerOption } from '@/components/search-picker/search-picker';
import { searchPeople } from '../api/search-people';

type PersonPickerProps = {
  label: string;
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  error?: string;
  autoFocus?: boolean;
};

/** An active staff member of the company, searched by name, e-mail or phone; the hint is their team. */
export function PersonPicker({ label, value, onChange, error, autoFocus }: PersonPickerProps) {
  return (
    <SearchPicker
      kind="team-person"
      label={label}
      search={searchPeople}
      value={value}
      onChange={onChange}
      error={error}
      autoFocus={autoFocus}
      fullWidth
    />
  );
}
