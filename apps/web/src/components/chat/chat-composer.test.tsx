import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '@/i18n/i18n';
import { ChatComposer, type ComposerMessage } from './chat-composer';

// The composer of every chat, on its own: the spec's keys, previews and failed send.

function renderComposer(onSend: (message: ComposerMessage) => Promise<unknown> = () => Promise.resolve()) {
  const send = vi.fn(onSend);
  render(<ChatComposer onSend={send} label="Message" placeholder="Write a message…" />);
  const box = screen.getByRole('textbox', { name: 'Message' });
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  const press = (init: Partial<KeyboardEventInit> = {}) =>
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', ...init });
  return { send, box: box as HTMLTextAreaElement, type, press };
}

const sendButton = () => screen.getByRole('button', { name: /^(Send|Not sent. Send again)$/ });

describe('chat composer', () => {
  it('Enter sends the text and empties the box', async () => {
    const { send, box, type, press } = renderComposer();
    type('Load 42 is picked up');
    press();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ content: 'Load 42 is picked up', files: [] });
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('Ctrl, Shift, Alt or Meta plus Enter does not send', () => {
    const { send, type, press } = renderComposer();
    type('two lines');
    press({ ctrlKey: true });
    press({ shiftKey: true });
    press({ altKey: true });
    press({ metaKey: true });
    expect(send).not.toHaveBeenCalled();
  });

  it('does not send an empty message', () => {
    const { send, type, press } = renderComposer();
    type('   ');
    press();
    expect(send).not.toHaveBeenCalled();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('grows up to 100 px, then scrolls', () => {
    const { box } = renderComposer();
    const style = getComputedStyle(box);
    expect(style.maxHeight).toBe('100px');
  });

  it('a failed send turns the send icon red and keeps the text; a new try sends it again', async () => {
    let fail = true;
    const { send, box, type, press } = renderComposer(() =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(),
    );
    type('Call me when loaded');
    press();
    await waitFor(() => expect(sendButton().getAttribute('data-failed')).toBe('true'));
    expect(sendButton().getAttribute('aria-label')).toBe('Not sent. Send again');
    expect(sendButton().className).toContain('colorError');
    expect(box.value).toBe('Call me when loaded');
    fail = false;
    fireEvent.click(sendButton());
    await waitFor(() => expect(box.value).toBe(''));
    expect(send).toHaveBeenCalledTimes(2);
    expect(sendButton().getAttribute('data-failed')).toBe('false');
  });

  it('previews the attached pictures and documents of the spec types, and sends the files', async () => {
    const created = vi.fn(() => 'blob:preview');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { send, press } = renderComposer();
    const files = ['truck.JPG', 'photo.jpe', 'rate.pdf', 'bol.docx', 'pay.xlsx', 'notes.txt'].map(
      (name) => new File(['x'], name),
    );
    fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files } });
    const list = screen.getByRole('list', { name: 'Attached files' });
    const kinds = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('data-preview'));
    expect(kinds).toEqual(['image', 'image', 'document', 'document', 'document', 'none']);
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['truck.JPG', 'photo.jpe']);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove notes.txt' }));
    press();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0].files.map((file) => file.name)).toEqual([
      'truck.JPG',
      'photo.jpe',
      'rate.pdf',
      'bol.docx',
      'pay.xlsx',
    ]);
    vi.unstubAllGlobals();
  });
});
