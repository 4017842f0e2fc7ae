import { Controller } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { CompanyFormControl, CompanyFormValues } from './company-form-values';

type SwitchName = {
  [Name in keyof CompanyFormValues]: CompanyFormValues[Name] extends boolean ? Name : never;
}[keyof CompanyFormValues];

/** A yes/no setting: a switch with its label and, when the label alone does not say enough, a hint. */
export function SettingSwitch({
  control,
  name,
  label,
  hint,
}: {
  control: CompanyFormControl;
  name: SwitchName;
  label: string;
  hint?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={label}
          />
          {hint && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 3.75, mt: -0.5 }}>
              {hint}
            </Typography>
          )}
        </Box>
      )}
    />
  );
}
