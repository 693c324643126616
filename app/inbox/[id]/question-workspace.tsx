'use client';

import { useRouter } from 'next/navigation';
import { startTransition, useActionState, useRef, useState } from 'react';
import type { QuestionStatus } from '@/db/schema';
import { REPLY_MAX_LENGTH } from '@/lib/inbox/forms';
import { TextField } from '../../_components/text-field';
import { KeyHelpDialog, useInboxKeys } from '../_components/keyboard';
import { noteTyping, SendAnywayNotice } from '../_components/presence';
import {
  discardAction,
  redraftAction,
  retryAction,
  saveDraftAction,
  sendReplyAction,
} from './actions';
import { nextAfterSendAction } from './next-action';
import { type MenuSnippet, useSnippetMenu } from './snippet-menu';

const serverActions = {
  send: sendReplyAction,
  save: saveDraftAction,
  redraft: redraftAction,
  discard: discardAction,
  retry: retryAction,
};
type Kind = keyof typeof serverActions;
type QuestionActionState = Awaited<ReturnType<(typeof serverActions)[Kind]>>;
type Outcome = { kind: Kind; result: QuestionActionState; runsBefore: number } | undefined;

const secondaryButton =
  'rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-100 disabled:opacity-60';
const primaryButton =
  'rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60';

/**
 * The draft editor and everything a person does to a question. The editor's text is the
 * person's own: a refusal, a colleague's save or a new draft never replaces what they typed
 * (a notice offers the newer text instead).
 */
export function QuestionWorkspace(props: {
  questionId: number;
  status: QuestionStatus;
  draftText: string | null;
  version: number;
  /** How many runs the question has; a redraft is in once it grows. */
  runCount: number;
  stale: boolean;
  previousHref: string | null;
  nextHref: string | null;
  /** The snippets this person may insert: their own and the shared ones. */
  snippets?: readonly MenuSnippet[];
}) {
  const { questionId, status, draftText, version } = props;
  const router = useRouter();
  const serverText = draftText ?? '';
  const [text, setText] = useState(serverText);
  // The server's text and version the editor last took in: saving is checked against it.
  const [base, setBase] = useState({ text: serverText, version });
  const [seen, setSeen] = useState({ text: serverText, version });
  if (seen.text !== serverText || seen.version !== version) {
    setSeen({ text: serverText, version });
    if (text === base.text) {
      setText(serverText);
      setBase({ text: serverText, version });
    }
  }
  const dirty = text !== base.text;
  const newerOnServer = version !== base.version && text !== serverText;

  const editor = useRef<HTMLTextAreaElement>(null);
  const confirm = useRef<HTMLDialogElement>(null);
  const discard = useRef<HTMLDialogElement>(null);
  const help = useRef<HTMLDialogElement>(null);
  const snippetMenu = useSnippetMenu({
    questionId,
    snippets: props.snippets ?? [],
    editor,
    text,
    setText,
  });
  const [confirmText, setConfirmText] = useState('');
  // The question as the sender confirmed it: a newer change refuses the send.
  const [confirmVersion, setConfirmVersion] = useState(version);

  const [outcome, dispatch, pending] = useActionState(
    async (
      _previous: Outcome,
      input: { kind: Kind; fields: Record<string, string>; runsBefore: number },
    ) => {
      const formData = new FormData();
      for (const [key, value] of Object.entries(input.fields)) formData.set(key, value);
      const result = await serverActions[input.kind](undefined, formData);
      if (result?.ok && input.kind === 'save' && result.version) {
        setBase({ text: input.fields.text ?? '', version: result.version });
      }
      // What was sent is no longer unsent text: the closed question needs no editor for it.
      if (result?.ok && input.kind === 'send') {
        setText(input.fields.text ?? '');
        setBase((current) => ({ ...current, text: input.fields.text ?? '' }));
        // On to the next question needing review, unless the person chose to stay.
        const after = await nextAfterSendAction(undefined, formData);
        if (after.ok && 'next' in after && after.next !== null) {
          router.push(`/inbox/${after.next}?group=needsReview&sent=1`);
        }
      }
      if (result?.ok && input.kind === 'discard') discard.current?.close();
      return { kind: input.kind, result, runsBefore: input.runsBefore } satisfies Outcome;
    },
    undefined,
  );
  const run = (kind: Kind, fields: Record<string, string> = {}) =>
    startTransition(() =>
      dispatch({
        kind,
        fields: { questionId: String(questionId), ...fields },
        runsBefore: props.runCount,
      }),
    );

  const result = outcome?.result;
  const rejected = result && !result.ok ? result : undefined;
  const errors: Partial<Record<string, string>> | undefined =
    rejected && 'errors' in rejected ? rejected.errors : undefined;
  const textError = outcome?.kind === 'send' || outcome?.kind === 'save' ? errors?.text : undefined;
  const reasonError = outcome?.kind === 'discard' ? errors?.reason : undefined;

  const closed = status === 'sent' || status === 'discarded';
  const canEdit = !closed;

  const openConfirm = () => {
    if (!canEdit || pending) return;
    setConfirmText(text);
    // The version the text was written against: a colleague's newer edit is never sent over
    // unseen. "Keep my text" moves that base forward once the sender has chosen.
    setConfirmVersion(base.version);
    confirm.current?.showModal();
  };

  useInboxKeys((command) => {
    if (command === 'help') help.current?.showModal();
    if (command === 'edit') editor.current?.focus();
    if (command === 'send') openConfirm();
    if (command === 'next' && props.nextHref) router.push(props.nextHref);
    if (command === 'previous' && props.previousHref) router.push(props.previousHref);
  });

  // A closed question keeps the editor only to hold on to text that was not sent.
  if (closed && !dirty && !rejected) {
    return (
      <>
        <StatusMessage outcome={outcome} runCount={props.runCount} />
        <KeyHelpDialog ref={help} />
      </>
    );
  }

  return (
    <section aria-label="Draft reply" className="flex flex-col gap-3">
      {props.stale && canEdit ? (
        <div
          data-testid="stale-draft"
          className="flex flex-col gap-2 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950 sm:flex-row sm:items-center"
        >
          <p className="grow">
            The menu, hours or date exceptions changed after this draft was written. Its facts may
            be out of date.
          </p>
          <SecondaryButton disabled={pending} onClick={() => run('redraft')}>
            Redraft
          </SecondaryButton>
        </div>
      ) : null}

      <TextField
        multiline
        id="draft-editor"
        name="text"
        label={
          <span className="text-lg font-semibold">
            {closed ? 'Your text (not sent)' : 'Reply to the customer'}
          </span>
        }
        aside={
          <span className="text-xs text-stone-600">
            {text.length} / {REPLY_MAX_LENGTH}
            {dirty && canEdit ? ' · unsaved changes' : ''}
          </span>
        }
        hint={
          textError
            ? undefined
            : 'Nothing reaches the customer until you send it. Ctrl+Enter (⌘+Enter) sends, after you confirm.'
        }
        error={textError}
        ref={editor}
        data-testid="draft-editor"
        {...snippetMenu.editorProps}
        value={text}
        readOnly={closed}
        onChange={(event) => {
          setText(event.target.value);
          snippetMenu.onInput(event.target);
          noteTyping();
        }}
        onKeyDown={(event) => {
          if (snippetMenu.onKeyDown(event)) return;
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            openConfirm();
          }
        }}
        rows={12}
        maxLength={REPLY_MAX_LENGTH}
        placeholder={status === 'queued' || status === 'drafting' ? 'The draft is on its way…' : ''}
        padding="p-3"
        className="w-full bg-white font-[inherit] leading-relaxed read-only:bg-stone-100"
      />
      {canEdit ? snippetMenu.menu : null}

      {newerOnServer && canEdit ? (
        <div
          data-testid="newer-draft"
          className="flex flex-wrap items-center gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-950"
        >
          <p className="grow">
            This question changed while you were editing (a new draft or a colleague’s edit). Your
            text is kept.
          </p>
          <SecondaryButton
            onClick={() => {
              setText(serverText);
              setBase({ text: serverText, version });
            }}
          >
            Use the newer text
          </SecondaryButton>
          <SecondaryButton onClick={() => setBase({ text: serverText, version })}>
            Keep my text
          </SecondaryButton>
        </div>
      ) : null}

      <StatusMessage outcome={outcome} runCount={props.runCount} />

      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={primaryButton} disabled={pending} onClick={openConfirm}>
            Send…
          </button>
          <SecondaryButton
            disabled={pending || !dirty}
            onClick={() => run('save', { text, version: String(base.version) })}
          >
            Save edit
          </SecondaryButton>
          {snippetMenu.picker}
          {props.stale ? null : (
            <SecondaryButton
              disabled={pending || status === 'drafting'}
              onClick={() => run('redraft')}
            >
              {props.runCount > 0 ? 'Redraft' : 'Draft now'}
            </SecondaryButton>
          )}
          {status === 'failed' ? (
            <SecondaryButton disabled={pending} onClick={() => run('retry')}>
              Retry
            </SecondaryButton>
          ) : null}
          <button
            type="button"
            className={`${secondaryButton} sm:ml-auto`}
            disabled={pending}
            onClick={() => discard.current?.showModal()}
          >
            Discard…
          </button>
          <button
            type="button"
            className="px-2 text-sm text-stone-700 underline"
            onClick={() => help.current?.showModal()}
          >
            Keys (?)
          </button>
        </div>
      ) : null}

      <dialog
        ref={confirm}
        aria-labelledby="confirm-title"
        data-testid="confirm-send"
        className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-stone-900/40"
      >
        <h2 id="confirm-title" className="text-lg font-semibold">
          Send this reply to the customer?
        </h2>
        <SendAnywayNotice questionId={questionId} />
        <p className="mt-1 text-sm text-stone-600">Exactly this text will be sent:</p>
        <div
          data-testid="confirm-text"
          className="mt-3 max-h-[50vh] overflow-auto whitespace-pre-wrap break-words rounded-md border border-stone-200 bg-stone-50 p-3"
        >
          {confirmText}
        </div>
        <DialogButtons className="mt-4" onCancel={() => confirm.current?.close()}>
          <button
            type="button"
            className={primaryButton}
            disabled={pending}
            onClick={() => {
              confirm.current?.close();
              run('send', { text: confirmText, version: String(confirmVersion) });
            }}
          >
            Send to customer
          </button>
        </DialogButtons>
      </dialog>

      <dialog
        ref={discard}
        aria-labelledby="discard-title"
        data-testid="discard-dialog"
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-stone-900/40"
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = new FormData(event.currentTarget).get('reason');
            run('discard', { reason: typeof reason === 'string' ? reason : '' });
          }}
        >
          <h2 id="discard-title" className="text-lg font-semibold">
            Discard this question?
          </h2>
          <p className="text-sm text-stone-600">
            No reply is sent. The customer’s page says the question is closed.
          </p>
          <TextField
            multiline
            idPrefix="discard-"
            name="reason"
            label="Why discard it?"
            rows={3}
            maxLength={500}
            error={reasonError}
          />
          <DialogButtons onCancel={() => discard.current?.close()}>
            <button
              type="submit"
              disabled={pending}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              Discard question
            </button>
          </DialogButtons>
        </form>
      </dialog>
      <KeyHelpDialog ref={help} />
    </section>
  );
}

function SecondaryButton(props: React.ComponentProps<'button'>) {
  return <button type="button" className={secondaryButton} {...props} />;
}

/** A dialog's Cancel, then its own action. */
function DialogButtons({
  onCancel,
  className = '',
  children,
}: {
  onCancel: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex justify-end gap-2 ${className}`}>
      <SecondaryButton onClick={onCancel}>Cancel</SecondaryButton>
      {children}
    </div>
  );
}

/** The last action's outcome, announced: a polite status, or an alert when refused. */
function StatusMessage({ outcome, runCount }: { outcome: Outcome; runCount: number }) {
  const result = outcome?.result;
  // "Drafting now…" is only true until the new run lands on the page.
  const draftAsked = outcome?.kind === 'redraft' || outcome?.kind === 'retry';
  const message =
    result?.ok && draftAsked && runCount > outcome.runsBefore
      ? 'The new draft is in.'
      : result?.message;
  return (
    <div aria-live="polite" className="min-h-0">
      {result?.ok ? (
        <p
          role="status"
          data-testid="action-ok"
          className="rounded-md bg-green-50 px-3 py-2 text-green-900"
        >
          {message}
        </p>
      ) : result?.message ? (
        <p
          role="alert"
          data-testid="action-error"
          className="rounded-md bg-red-50 px-3 py-2 text-red-900"
        >
          {result.message}
        </p>
      ) : null}
    </div>
  );
}
