/** The inbox's keyboard: which command a key press means, decided without touching the DOM. */
export type KeyCommand = 'next' | 'previous' | 'edit' | 'send' | 'help';

export const keyHelp: { keys: string; does: string }[] = [
  { keys: 'j', does: 'Next question' },
  { keys: 'k', does: 'Previous question' },
  { keys: 'e', does: 'Edit the draft' },
  { keys: 'Ctrl+Enter or ⌘+Enter', does: 'Send (asks you to confirm first)' },
  { keys: '?', does: 'Show these keys' },
];

export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focus is in a text field, select or editable element. */
  typing: boolean;
};

export function commandFor(press: KeyPress): KeyCommand | null {
  // The one shortcut that works while typing: it is what a person does when the text is done.
  if (press.key === 'Enter' && (press.ctrlKey || press.metaKey)) return 'send';
  if (press.typing || press.ctrlKey || press.metaKey || press.altKey) return null;
  switch (press.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'e':
      return 'edit';
    case '?':
      return 'help';
    default:
      return null;
  }
}
