'use client';

import Link from 'next/link';
import { type KeyboardEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import {
  filterSnippets,
  insertAtCaret,
  insertSnippet,
  type SlashQuery,
  slashQueryAt,
} from '@/lib/snippets/filter';
import { fillSnippetAction } from './snippet-actions';

export type MenuSnippet = { id: number; title: string; text: string };

type Where = { kind: 'slash'; slash: SlashQuery } | { kind: 'caret'; caret: number };

/**
 * Snippets in the reply box: typing `/` at a word's start opens a list filtered by what follows
 * (arrow keys move, Enter inserts, Escape closes), and the Snippets button opens the same list
 * with a search box. The chosen snippet is filled in on the server from this question.
 */
export function useSnippetMenu({
  questionId,
  snippets,
  editor,
  text,
  setText,
}: {
  questionId: number;
  snippets: readonly MenuSnippet[];
  editor: RefObject<HTMLTextAreaElement | null>;
  text: string;
  setText: (text: string) => void;
}) {
  const listId = useId();
  const [slash, setSlash] = useState<SlashQuery | null>(null);
  const [active, setActive] = useState(0);
  const [announce, setAnnounce] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = slash ? filterSnippets(snippets, slash.query) : [];
  const open = slash !== null;
  const optionId = (index: number) => `${listId}-option-${index}`;

  async function insert(snippet: MenuSnippet, where: Where) {
    setBusy(true);
    const form = new FormData();
    form.set('id', String(snippet.id));
    form.set('questionId', String(questionId));
    const result = await fillSnippetAction(undefined, form);
    setBusy(false);
    if (!result?.ok) {
      setAnnounce(result?.message ?? 'That snippet could not be inserted.');
      return;
    }
    const current = editor.current?.value ?? text;
    const next =
      where.kind === 'slash'
        ? insertSnippet(current, where.slash, result.text)
        : insertAtCaret(current, where.caret, result.text);
    setText(next.text);
    setAnnounce(result.message);
    requestAnimationFrame(() => {
      editor.current?.focus();
      editor.current?.setSelectionRange(next.caret, next.caret);
    });
  }

  /** After each change of the reply box: whether the caret is in a `/` command. */
  function onInput(target: HTMLTextAreaElement) {
    const found = snippets.length > 0 ? slashQueryAt(target.value, target.selectionStart) : null;
    if (found?.query !== slash?.query || found?.start !== slash?.start) setActive(0);
    setSlash(found);
  }

  /** The reply box's keys while the list is open; true when the key was the menu's. */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (event.key === 'Escape') {
      event.preventDefault();
      setSlash(null);
      return true;
    }
    if (matches.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + matches.length) % matches.length);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.ctrlKey && !event.metaKey) {
      const chosen = matches[Math.min(active, matches.length - 1)];
      if (!chosen || !slash) return false;
      event.preventDefault();
      setSlash(null);
      void insert(chosen, { kind: 'slash', slash });
      return true;
    }
    return false;
  }

  const editorProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open && matches.length > 0 ? optionId(active) : undefined,
    onBlur: () => setSlash(null),
  };

  const menu = (
    <>
      {open ? (
        <SnippetListbox
          id={listId}
          label="Snippets"
          matches={matches}
          active={active}
          optionId={optionId}
          onChoose={(snippet) => {
            if (!slash) return;
            setSlash(null);
            void insert(snippet, { kind: 'slash', slash });
          }}
        />
      ) : null}
      <p aria-live="polite" className="sr-only" data-testid="snippet-announce">
        {open
          ? matches.length === 0
            ? 'No snippet matches.'
            : `${matches.length} snippet${matches.length === 1 ? '' : 's'}: arrow keys to choose, Enter to insert, Escape to close.`
          : busy
            ? 'Inserting the snippet…'
            : announce}
      </p>
    </>
  );

  const picker = (
    <SnippetPicker
      snippets={snippets}
      onChoose={(snippet) =>
        insert(snippet, {
          kind: 'caret',
          caret: editor.current?.selectionStart ?? text.length,
        })
      }
    />
  );

  return { onInput, onKeyDown, editorProps, menu, picker };
}

function SnippetListbox({
  id,
  label,
  matches,
  active,
  optionId,
  onChoose,
  empty,
}: {
  id: string;
  label: string;
  matches: readonly MenuSnippet[];
  active: number;
  optionId: (index: number) => string;
  onChoose: (snippet: MenuSnippet) => void;
  empty?: ReactNode;
}) {
  if (matches.length === 0)
    return (
      <p className="rounded-md border border-stone-300 bg-white p-2 text-sm text-stone-700">
        {empty ?? 'No snippet matches.'}{' '}
        <Link href="/inbox/snippets" className="underline">
          Keep snippets
        </Link>
      </p>
    );
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      data-testid="snippet-options"
      className="max-h-64 overflow-auto rounded-md border border-stone-300 bg-white py-1 shadow-lg"
    >
      {matches.map((snippet, index) => (
        // Chosen by the keys of the box that owns the list; a click also chooses.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys
        <div
          key={snippet.id}
          id={optionId(index)}
          role="option"
          // Reached through the box's aria-activedescendant, never by Tab.
          tabIndex={-1}
          aria-selected={index === active}
          data-testid="snippet-option"
          className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-amber-100 text-amber-950' : 'text-stone-900'}`}
          // Keeps focus (and the caret) in the box while the mouse picks.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(snippet)}
        >
          <span className="font-medium">{snippet.title}</span>
          <span className="block truncate text-stone-700">{snippet.text}</span>
        </div>
      ))}
    </div>
  );
}

/** The Snippets button: a search box (a combobox) over the same list. */
function SnippetPicker({
  snippets,
  onChoose,
}: {
  snippets: readonly MenuSnippet[];
  onChoose: (snippet: MenuSnippet) => void;
}) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const matches = filterSnippets(snippets, query);
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const close = () => {
    setOpen(false);
    setQuery('');
    button.current?.focus();
  };
  const choose = (snippet: MenuSnippet) => {
    setOpen(false);
    setQuery('');
    onChoose(snippet);
  };
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-100"
        onClick={() => setOpen(!open)}
      >
        Snippets…
      </button>
      {open ? (
        <div className="absolute bottom-full left-0 z-10 mb-1 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-1 rounded-md border border-stone-300 bg-white p-2 shadow-lg">
          <label htmlFor={`${baseId}-search`} className="text-sm font-medium">
            Find a snippet
          </label>
          <input
            id={`${baseId}-search`}
            role="combobox"
            aria-expanded={matches.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches.length > 0 ? optionId(active) : undefined}
            // biome-ignore lint/a11y/noAutofocus: the person opened the picker to search it
            autoFocus
            value={query}
            className="rounded-md border border-stone-300 px-2 py-1"
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                close();
              } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                if (matches.length === 0) return;
                const step = event.key === 'ArrowDown' ? 1 : -1;
                setActive((index) => (index + step + matches.length) % matches.length);
              } else if (event.key === 'Enter') {
                event.preventDefault();
                const chosen = matches[Math.min(active, matches.length - 1)];
                if (chosen) choose(chosen);
              }
            }}
          />
          <SnippetListbox
            id={listId}
            label="Snippets"
            matches={matches}
            active={active}
            optionId={optionId}
            onChoose={choose}
            empty={snippets.length === 0 ? 'No snippets yet.' : undefined}
          />
        </div>
      ) : null}
    </div>
  );
}
