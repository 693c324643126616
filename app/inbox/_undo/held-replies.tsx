import { listHeldReplies } from '@/db/undo-send';
import { UndoSendBar } from './undo-send-bar';

/** The signed-in person's replies still held for undo, read as each staff page renders. */
export async function HeldReplies({ userId }: { userId: number }) {
  const held = await listHeldReplies({ userId, now: new Date() });
  return (
    <UndoSendBar
      held={held.map((reply) => ({
        replyId: reply.replyId,
        questionId: reply.questionId,
        heldUntil: reply.heldUntil.toISOString(),
      }))}
    />
  );
}
