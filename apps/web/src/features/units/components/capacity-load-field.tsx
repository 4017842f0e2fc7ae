import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { parseLoadNumber } from '@app/domain/loads/load-number.rules';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import { fetchActiveLoadNumbers, findActiveLoadByNumber, type NumberedLoad } from '@/lib/load-by-number';
import type { CapacitySearchState } from './map-capacity-search-state';

// The capacity search's load field. It takes the number users see in the lists ('000301' or '301') as well
// as the id, and says which load it found ('Load 000301 · ID 321'): the id alone is what links carry, and
// it is not the number anyone reads. Taken on Enter or the Find button, since a half-typed number is
// another load.

type CapacityLoadFieldProps = {
  state: CapacitySearchState;
  onChange: (next: CapacitySearchState) => void;
  /** Said under the field (the search found no such load). */
  loadError?: string;
};

/** The number a load is read by: its accounting number padded, or its id while it has none. */
function numberText(load: NumberedLoad): string {
  return load.load_accounting_number === null
    ? String(load.id)
    : padAccountingNumber(load.load_accounting_number);
}

export function CapacityLoadField({ state, onChange, loadError }: CapacityLoadFieldProps) {
  const { t } = useTranslation();
  // The load of the search (from the field or a link), by its numbers.
  const chosen = useQuery({
    queryKey: ['loads', 'numbers', state.loadId],
    queryFn: ({ signal }) => fetchActiveLoadNumbers(state.loadId!, signal),
    enabled: state.loadId !== null,
    staleTime: 60_000,
  });
  const found = state.loadId !== null && chosen.data?.id === state.loadId ? chosen.data : null;
  // What is typed, for the load searched when it was typed: another search (back, a link) shows its own.
  const [typed, setTyped] = useState<{ forLoad: number | null; text: string } | null>(null);
  const text =
    typed && typed.forLoad === state.loadId
      ? typed.text
      : found
        ? numberText(found)
        : (state.loadId?.toString() ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const number = parseLoadNumber(text);
    if (!number) {
      setProblem(t('unitMaps.loadIdInvalid'));
      return;
    }
    setFinding(true);
    try {
      const load = await findActiveLoadByNumber(text);
      if (!load) {
        setProblem(t('unitMaps.loadNumberNotFound', { number: text.trim() }));
        return;
      }
      setProblem(null);
      setTyped(null);
      onChange({ ...state, origin: 'load', loadId: load.id });
    } catch {
      setProblem(t('unitMaps.loadNumberFailed'));
    } finally {
      setFinding(false);
    }
  };

  const helper =
    problem ??
    loadError ??
    (found ? t('unitMaps.loadFound', { number: numberText(found), id: found.id }) : undefined);

  return (
    <Box
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', width: { xs: '100%', sm: 'auto' } }}
    >
      <TextField
        size="small"
        label={t('unitMaps.loadNumber')}
        value={text}
        onChange={(event) => {
          setTyped({ forLoad: state.loadId, text: event.target.value });
          setProblem(null);
        }}
        error={Boolean(problem ?? loadError)}
        helperText={helper}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        sx={{ width: { xs: '100%', sm: 170 } }}
      />
      <Button type="submit" variant="outlined" loading={finding} sx={{ height: 40 }}>
        {t('unitMaps.find')}
      </Button>
    </Box>
  );
}
