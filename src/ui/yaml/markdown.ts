/** Hovers are Markdown that Monaco renders: text from the document or a loaded file must stay text. */
export function escapeText(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}

/** Text shown inside a code span: a backquote would end it. */
export function escapeCode(text: string): string {
  return text.replace(/`/g, 'ˋ');
}
