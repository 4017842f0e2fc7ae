import Box from '@mui/material/Box';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DOCUMENT_STATUS_IDS } from '@app/domain/company/company.schema';
import { LOAD_STATUSES, lookupName } from '@app/domain/common/lookups';
import { LOAD_FILE_TYPES, type LoadFileType } from '@app/domain/loads/load-lifecycle.rules';
import { currentLang } from '@/i18n/i18n';
import type { CompanyFormControl } from './company-form-values';
import { SettingsSection } from './settings-section';

/** The table as changed by ticking one document type of one status. */
function toggled(
  table: Record<string, LoadFileType[]>,
  status: number,
  type: LoadFileType,
  on: boolean,
): Record<string, LoadFileType[]> {
  const current = table[String(status)] ?? [];
  const next = on
    ? [...current.filter((entry) => entry !== type), type]
    : current.filter((entry) => entry !== type);
  return { ...table, [String(status)]: next };
}

/**
 * The documents each status needs: a load is moved to a status only once its documents are uploaded.
 * One row per status a load is moved to step by step, one column per document type.
 */
export function RequiredDocumentsSection({
  control,
  error,
}: {
  control: CompanyFormControl;
  error?: string;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <SettingsSection
      title={t('companySettings.sections.documents')}
      description={t('companySettings.documents.hint')}
    >
      <Controller
        control={control}
        name="required_documents"
        render={({ field }) => (
          // At phone width the table scrolls inside its section instead of widening the page.
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('companySettings.sections.documents')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('companySettings.documents.status')}</TableCell>
                  {LOAD_FILE_TYPES.map((type) => (
                    <TableCell key={type.id} align="center" sx={{ whiteSpace: 'nowrap' }}>
                      {lang === 'ru' ? type.ru : type.en}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {DOCUMENT_STATUS_IDS.map((status) => {
                  const statusName = lookupName(LOAD_STATUSES, status, lang);
                  const chosen = field.value[String(status)] ?? [];
                  return (
                    <TableRow key={status}>
                      <TableCell component="th" scope="row">
                        {statusName}
                      </TableCell>
                      {LOAD_FILE_TYPES.map((type) => {
                        const typeName = lang === 'ru' ? type.ru : type.en;
                        return (
                          <TableCell key={type.id} align="center" padding="checkbox">
                            <Checkbox
                              size="small"
                              checked={chosen.includes(type.id)}
                              onChange={(event) =>
                                field.onChange(toggled(field.value, status, type.id, event.target.checked))
                              }
                              onBlur={field.onBlur}
                              slotProps={{
                                input: {
                                  'aria-label': t('companySettings.documents.cell', {
                                    document: typeName,
                                    status: statusName,
                                  }),
                                },
                              }}
                            />
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
      />
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
    </SettingsSection>
  );
}
