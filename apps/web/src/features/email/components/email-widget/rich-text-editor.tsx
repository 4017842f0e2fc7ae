import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import StrikethroughS from '@mui/icons-material/StrikethroughS';

// The widget's rich-text editor (tiptap with its starter kit). It keeps its own document and reports the
// HTML after each change; the formatting bar shows when the footer's text-format toggle is on.

export type RichTextEditorProps = {
  /** The HTML the editor starts with (a kept draft after a failed send, for one). */
  initialHtml: string;
  onChange: (html: string) => void;
  showToolbar: boolean;
  label: string;
  minHeight?: number;
};

type Mark = 'bold' | 'italic' | 'underline' | 'strike' | 'bulletList' | 'orderedList' | 'blockquote';

const MARKS: { mark: Mark; icon: React.ReactNode }[] = [
  { mark: 'bold', icon: <FormatBold fontSize="small" /> },
  { mark: 'italic', icon: <FormatItalic fontSize="small" /> },
  { mark: 'underline', icon: <FormatUnderlined fontSize="small" /> },
  { mark: 'strike', icon: <StrikethroughS fontSize="small" /> },
  { mark: 'bulletList', icon: <FormatListBulleted fontSize="small" /> },
  { mark: 'orderedList', icon: <FormatListNumbered fontSize="small" /> },
  { mark: 'blockquote', icon: <FormatQuote fontSize="small" /> },
];

export function RichTextEditor({
  initialHtml,
  onChange,
  showToolbar,
  label,
  minHeight = 120,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false })],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(MARKS.map(({ mark }) => [mark, current?.isActive(mark) ?? false])) as Record<
        Mark,
        boolean
      >,
  });

  const toggle = (mark: Mark) => {
    const chain = editor.chain().focus();
    switch (mark) {
      case 'bold':
        return chain.toggleBold().run();
      case 'italic':
        return chain.toggleItalic().run();
      case 'underline':
        return chain.toggleUnderline().run();
      case 'strike':
        return chain.toggleStrike().run();
      case 'bulletList':
        return chain.toggleBulletList().run();
      case 'orderedList':
        return chain.toggleOrderedList().run();
      case 'blockquote':
        return chain.toggleBlockquote().run();
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      {showToolbar && (
        <ToggleButtonGroup
          size="small"
          aria-label={t('email.compose.formatting')}
          sx={{ px: 1, pt: 0.5, flexWrap: 'wrap', '& .MuiToggleButton-root': { p: 0.5, border: 0 } }}
        >
          {MARKS.map(({ mark, icon }) => (
            <ToggleButton
              key={mark}
              value={mark}
              selected={active?.[mark] ?? false}
              aria-label={t(`email.compose.marks.${mark}`)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => toggle(mark)}
            >
              {icon}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Box
        onClick={() => editor.commands.focus()}
        sx={{
          flex: 1,
          overflowY: 'auto',
          px: 1.5,
          py: 1,
          cursor: 'text',
          fontSize: '0.875rem',
          '& .ProseMirror': { outline: 'none', minHeight, '& p': { m: 0 } },
          '& .ProseMirror ul, & .ProseMirror ol': { pl: 2.5, my: 0.5 },
          '& .ProseMirror blockquote': {
            borderLeft: 3,
            borderColor: 'divider',
            pl: 1,
            ml: 0,
            color: 'text.secondary',
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
