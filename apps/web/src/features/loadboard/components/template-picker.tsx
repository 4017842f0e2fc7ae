import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { templateNameProblem } from '@app/domain/loadboard/board-templates.rules';
import type { CurrentTemplate } from '@app/domain/loadboard/board-templates.rules';
import { MAX_BOARD_TEMPLATES, MAX_TEMPLATE_NAME } from '@app/domain/loadboard/loadboard.schema';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import type { BoardTemplates } from './use-board-templates';

// The template picker of the board: None, Custom and the user's named templates; Save as names the
// filters in force, Delete removes the named template picked.

const NONE = '\u0000none';
const CUSTOM = '\u0000custom';

function pickerValue(current: CurrentTemplate): string {
  if (current.kind === 'named') return `name:${current.name}`;
  return current.kind === 'custom' ? CUSTOM : NONE;
}

function fromPickerValue(value: string): CurrentTemplate {
  if (value === CUSTOM) return { kind: 'custom' };
  if (value.startsWith('name:')) return { kind: 'named', name: value.slice('name:'.length) };
  return { kind: 'none' };
}

export function TemplatePicker({ templates }: { templates: BoardTemplates }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { current, named } = templates.state;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <TextField
        select
        size="small"
        label={t('loadboard.templates.label')}
        value={pickerValue(current)}
        onChange={(event) => templates.select(fromPickerValue(event.target.value))}
        sx={{ minWidth: 160, maxWidth: 240 }}
      >
        <MenuItem value={NONE}>{t('loadboard.templates.none')}</MenuItem>
        <MenuItem value={CUSTOM}>{t('loadboard.templates.custom')}</MenuItem>
        {named.map((template) => (
          <MenuItem key={template.name} value={`name:${template.name}`}>
            {template.name}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={t('loadboard.templates.saveAs')}>
        <IconButton aria-label={t('loadboard.templates.saveAs')} onClick={() => setSaving(true)}>
          <SaveOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {current.kind === 'named' && (
        <Tooltip title={t('loadboard.templates.delete')}>
          <IconButton aria-label={t('loadboard.templates.delete')} onClick={() => setConfirmDelete(true)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {saving && <SaveAsDialog templates={templates} onClose={() => setSaving(false)} />}
      {confirmDelete && current.kind === 'named' && (
        <FormDialog
          titleId="loadboard-delete-template"
          title={t('loadboard.templates.deleteTitle', { name: current.name })}
          cancelLabel={t('loadboard.templates.cancel')}
          submitLabel={t('loadboard.templates.delete')}
          danger
          pending={false}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => {
            templates.remove(current.name);
            setConfirmDelete(false);
          }}
        >
          {t('loadboard.templates.deleteText')}
        </FormDialog>
      )}
    </Box>
  );
}

function SaveAsDialog({ templates, onClose }: { templates: BoardTemplates; onClose: () => void }) {
  const { t } = useTranslation();
  const { current, named } = templates.state;
  const [name, setName] = useState(current.kind === 'named' ? current.name : '');
  const [touched, setTouched] = useState(false);
  const problem = templateNameProblem(name, named);
  const replaces = named.some((entry) => entry.name.toLowerCase() === name.trim().toLowerCase());
  const message =
    problem && touched
      ? t(`loadboard.templates.problems.${problem}`, { max: MAX_TEMPLATE_NAME, most: MAX_BOARD_TEMPLATES })
      : replaces
        ? t('loadboard.templates.replaces')
        : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    templates.saveAs(name);
    onClose();
  };
  return (
    <FormDialog
      titleId="loadboard-save-template"
      title={t('loadboard.templates.saveAsTitle')}
      cancelLabel={t('loadboard.templates.cancel')}
      submitLabel={t('loadboard.templates.save')}
      pending={false}
      size="xs"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={t('loadboard.templates.name')}
        value={name}
        error={Boolean(problem && touched)}
        helperText={message}
        onChange={(event) => {
          setName(event.target.value);
          setTouched(true);
        }}
      />
    </FormDialog>
  );
}
