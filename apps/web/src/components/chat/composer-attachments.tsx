import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { fileExtension, filePreviewKind } from '@app/domain/chats/chat-list.rules';

// The files attached to a message before it is sent: a thumbnail for pictures (jpg, jpeg, jpe, png, gif), an
// icon of its kind for the previewed documents (pdf, doc, docx, xls, xlsx), the bare name for the others.

/** The icon of a document the composer previews (or of any other file). */
export function DocumentIcon({ name }: { name: string }) {
  const extension = fileExtension(name);
  if (extension === 'pdf') return <PictureAsPdfOutlined fontSize="small" color="error" />;
  if (extension === 'xls' || extension === 'xlsx')
    return <TableChartOutlined fontSize="small" color="success" />;
  if (filePreviewKind(name) === 'document') return <DescriptionOutlined fontSize="small" color="primary" />;
  return <AttachFileOutlined fontSize="small" color="action" />;
}

function ImageThumb({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Box
      component="img"
      src={url}
      alt={file.name}
      sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
    />
  );
}

type ComposerAttachmentsProps = {
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
};

export function ComposerAttachments({ files, onRemove, disabled }: ComposerAttachmentsProps) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('chat.attachments')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, pb: 0.75, listStyle: 'none' }}
    >
      {files.map((file, index) => {
        const kind = filePreviewKind(file.name);
        return (
          <Box
            component="li"
            key={`${file.name}-${index}`}
            data-preview={kind ?? 'none'}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              maxWidth: 220,
              pl: kind === 'image' ? 0.5 : 1,
              pr: 0.25,
              py: 0.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
            }}
          >
            {kind === 'image' ? <ImageThumb file={file} /> : <DocumentIcon name={file.name} />}
            <Typography variant="caption" noWrap title={file.name} sx={{ minWidth: 0, flex: 1 }}>
              {file.name}
            </Typography>
            <IconButton
              size="small"
              disabled={disabled}
              aria-label={t('chat.removeFile', { name: file.name })}
              onClick={() => onRemove(index)}
            >
              <CloseOutlined sx={{ fontSize: 16 }} />
            </IconButton>
          </Box>
        );
      })}
    </Box>
  );
}
