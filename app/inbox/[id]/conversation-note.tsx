import type { NoteView } from '@/db/conversation-notes';
import { formatWhen } from '@/lib/format-time';

/** A staff note in the thread: marked as a note, so no one mistakes it for a message. */
export function ConversationNote({ note, timezone }: { note: NoteView; timezone: string }) {
  return (
    <li
      data-testid="thread-note"
      data-author="note"
      className="mx-3 rounded-md border border-dashed border-violet-300 bg-violet-50 p-3"
    >
      <p className="mb-1 text-sm font-semibold text-violet-950">
        Note from {note.authorName}, {formatWhen(note.at, timezone)}
        <span className="font-normal"> · staff only, never sent</span>
      </p>
      <p className="whitespace-pre-wrap break-words" data-testid="note-text">
        {note.text}
      </p>
    </li>
  );
}
