import { describe, expect, it } from 'vitest';
import { withoutEmptyEdgeParagraphs } from './use-email-draft';

describe("the compose widget's message body", () => {
  it('drops the empty paragraphs the editor leaves before and after the text, and keeps those inside', () => {
    expect(withoutEmptyEdgeParagraphs('<p></p><p>Truck is loaded</p>')).toBe('<p>Truck is loaded</p>');
    expect(withoutEmptyEdgeParagraphs('<p>Loaded</p><p><br></p><p></p>')).toBe('<p>Loaded</p>');
    expect(withoutEmptyEdgeParagraphs('<p>One</p><p></p><p>Two</p>')).toBe('<p>One</p><p></p><p>Two</p>');
    expect(withoutEmptyEdgeParagraphs('<p></p>')).toBe('');
  });
});
