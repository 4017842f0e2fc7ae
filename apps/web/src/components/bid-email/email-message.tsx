import { Fragment } from 'react';
import Box from '@mui/material/Box';

// A proposition's e-mail as the broker reads it: plain text whose [bold]...[/bold] tags (the company
// template's) are shown bold, line breaks kept. The tags are matched, never turned into HTML, so a text
// typed by a user cannot inject markup.

const BOLD = /\[bold\]([\s\S]*?)\[\/bold\]/g;

export type EmailPart = { text: string; bold: boolean };

/** The message cut into plain and bold runs; an unclosed [bold] is shown as typed. */
export function emailParts(message: string): EmailPart[] {
  const parts: EmailPart[] = [];
  let last = 0;
  for (const match of message.matchAll(BOLD)) {
    if (match.index > last) parts.push({ text: message.slice(last, match.index), bold: false });
    parts.push({ text: match[1] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push({ text: message.slice(last), bold: false });
  return parts;
}

type EmailMessageProps = {
  message: string;
  /** Names the message for assistive technology ('E-mail as sent', 'Preview'). */
  label: string;
};

export function EmailMessage({ message, label }: EmailMessageProps) {
  return (
    <Box
      role="document"
      aria-label={label}
      sx={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontSize: '0.8125rem',
        lineHeight: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        p: 1.25,
        maxHeight: 360,
        overflowY: 'auto',
      }}
    >
      {emailParts(message).map((part, index) => (
        <Fragment key={index}>{part.bold ? <strong>{part.text}</strong> : part.text}</Fragment>
      ))}
    </Box>
  );
}
