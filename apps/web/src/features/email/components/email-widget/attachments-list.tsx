import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import { attachmentsRefusal, truncateFileName } from '@app/domain/email/email.rules';

export type RefusedFile = { name: string; reason: 'attachmentExecutable' | 'attachmentTooLarge' };

/**
 * The files that may join the ones attached: each is checked with those before it (25,000,000 bytes in
 * all, no executables, as the server checks the message); a refused one says why.
 */
export function addAttachments(current: readonly File[], picked: readonly File[]) {
  const accepted = [...current];
  const refused: RefusedFile[] = [];
  for (const file of picked) {
    const reason = attachmentsRefusal(
      [...accepted, file].map((item) => ({ name: item.name, size: item.size, mime: item.type })),
    );
    if (reason === null) accepted.push(file);
    else refused.push({ name: file.name, reason });
  }
  return { accepted, refused };
}

/** '1.2 MB', '340 KB': a file's size as the chip shows it. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

type AttachmentsListProps = {
  files: readonly File[];
  refused: readonly RefusedFile[];
  onRemove: (file: File) => void;
  disabled?: boolean;
};

/** The attached files as chips (names beyond 33 characters cut) and the refused ones with the reason. */
export function AttachmentsList({ files, refused, onRemove, disabled }: AttachmentsListProps) {
  const { t } = useTranslation();
  if (files.length === 0 && refused.length === 0) return null;
  return (
    <Box sx={{ px: 1.5, py: 0.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {files.length > 0 && (
        <Box
          component="ul"
          aria-label={t('email.compose.attachments')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
        >
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Chip
                size="small"
                variant="outlined"
                icon={<AttachFileOutlined />}
                label={`${truncateFileName(file.name)} · ${fileSizeText(file.size)}`}
                title={file.name}
                disabled={disabled}
                onDelete={() => onRemove(file)}
              />
            </li>
          ))}
        </Box>
      )}
      {refused.map((file) => (
        <Typography key={file.name} variant="caption" color="error" role="alert">
          {t(`email.compose.refused.${file.reason}`, { name: truncateFileName(file.name) })}
        </Typography>
      ))}
    </Box>
  );
}
