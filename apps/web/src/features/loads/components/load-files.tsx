import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  LOAD_FILE_TYPES,
  loadFileRefusal,
  loadFileTypeName,
  missingDocumentsHint,
} from '@app/domain/loads/load-lifecycle.rules';
import type { LoadFileType } from '@app/domain/loads/load-lifecycle.rules';
import type { LoadDetail, LoadFile } from '@app/domain/loads/loads.schema';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { toastSuccess } from '@/lib/messages';
import { useDeleteLoadFile } from '../api/delete-load-file';
import { useDownloadLoadFile } from '../api/download-load-file';
import { useUploadLoadFile } from '../api/upload-load-file';
import { ActionError } from './action-error';
import { personName } from './load-display';
import { useLoadMessageText } from './load-messages';
import { Section } from './section';

/** File names are cut after 33 characters (the whole name is in the tooltip). */
export const FILE_NAME_MAX_SHOWN = 33;

export function shortFileName(name: string): string {
  return name.length > FILE_NAME_MAX_SHOWN ? `${name.slice(0, FILE_NAME_MAX_SHOWN)}…` : name;
}

function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

type LoadFilesProps = {
  load: LoadDetail;
  /** The user may add and remove files on this load. */
  canEdit: boolean;
  /** A status move was refused for these documents: the hint is shown as an error. */
  documentsAsked: boolean;
};

/** The load's documents, the ones its next status still needs, and the upload. */
export function LoadFiles({ load, canEdit, documentsAsked }: LoadFilesProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const missing = load.missing_documents;

  return (
    <Section id="files" title={t('loads.files.title')} highlighted={documentsAsked && missing.length > 0}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {missing.length > 0 && (
          <Alert severity={documentsAsked ? 'error' : 'info'} role={documentsAsked ? 'alert' : 'status'}>
            {t('loads.files.missing', { documents: missingDocumentsHint(missing, lang) })}
          </Alert>
        )}
        {load.files.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('loads.files.none')}
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}
          >
            {load.files.map((file) => (
              <FileRow key={file.id} file={file} canDelete={canEdit} />
            ))}
          </Box>
        )}
        {canEdit && <UploadForm loadId={load.id} missing={missing} />}
      </Box>
    </Section>
  );
}

function FileRow({ file, canDelete }: { file: LoadFile; canDelete: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const remove = useDeleteLoadFile();
  const download = useDownloadLoadFile();
  const [confirming, setConfirming] = useState(false);

  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip label={loadFileTypeName(file.file_type, lang)} variant="outlined" />
        <Tooltip title={file.name}>
          <Link
            component="button"
            type="button"
            underline="hover"
            disabled={download.isPending}
            onClick={() => download.mutate(file)}
            sx={{ minWidth: 0, wordBreak: 'break-all', textAlign: 'left' }}
          >
            {shortFileName(file.name)}
          </Link>
        </Tooltip>
        <Typography variant="caption" color="text.secondary">
          {sizeText(file.size)} · {personName(file.uploaded_by)} · {formatDateTime(file.created_date)}
        </Typography>
        {canDelete && (
          <Box sx={{ ml: 'auto', display: 'flex', gap: 0.5, alignItems: 'center' }}>
            {confirming ? (
              <>
                <Button
                  size="small"
                  color="error"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ fileId: file.id })}
                >
                  {t('loads.files.confirmDelete')}
                </Button>
                <Button size="small" color="inherit" onClick={() => setConfirming(false)}>
                  {t('loads.actions.back')}
                </Button>
              </>
            ) : (
              <IconButton
                aria-label={t('loads.files.delete', { name: file.name })}
                onClick={() => setConfirming(true)}
              >
                <DeleteOutlineOutlined fontSize="small" />
              </IconButton>
            )}
          </Box>
        )}
      </Box>
      <ActionError error={remove.error} onClose={() => remove.reset()} />
      <ActionError error={download.error} onClose={() => download.reset()} />
    </Box>
  );
}

function UploadForm({ loadId, missing }: { loadId: number; missing: readonly LoadFileType[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const message = useLoadMessageText();
  const upload = useUploadLoadFile();
  const input = useRef<HTMLInputElement>(null);
  const [chosenType, setChosenType] = useState<LoadFileType | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // The first document the next status needs, until the user picks a type.
  const fileType = chosenType ?? missing[0] ?? 'other';
  const refusal = file ? loadFileRefusal({ name: file.name, mime: file.type, size: file.size }) : null;

  const submit = () => {
    if (!file || refusal) return;
    upload.mutate(
      { id: loadId, file, file_type: fileType },
      {
        onSuccess: () => {
          toastSuccess();
          setFile(null);
          setChosenType(null);
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}
      role="group"
      aria-label={t('loads.files.upload')}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          label={t('loads.files.type')}
          value={fileType}
          onChange={(event) => setChosenType(event.target.value as LoadFileType)}
          sx={{ minWidth: 200 }}
        >
          {LOAD_FILE_TYPES.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type[lang]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          component="label"
          variant="outlined"
          color="inherit"
          startIcon={<AttachFileOutlined fontSize="small" />}
          sx={{ minHeight: 37 }}
        >
          {t('loads.files.choose')}
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t('loads.files.file')}
            onChange={(event) => {
              upload.reset();
              setFile(event.target.files?.[0] ?? null);
            }}
          />
        </Button>
        <Button
          variant="contained"
          startIcon={<UploadFileOutlined fontSize="small" />}
          disabled={!file || Boolean(refusal) || upload.isPending}
          onClick={submit}
          sx={{ minHeight: 37 }}
        >
          {t('loads.files.upload')}
        </Button>
      </Box>
      {file && (
        <Typography
          variant="body2"
          color={refusal ? 'error' : 'text.secondary'}
          role={refusal ? 'alert' : undefined}
        >
          {shortFileName(file.name)} · {sizeText(file.size)}
          {refusal && ` — ${message(refusal)}`}
        </Typography>
      )}
      <ActionError error={upload.error} onClose={() => upload.reset()} />
    </Box>
  );
}
