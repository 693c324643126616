'use server';

import { revalidatePath } from 'next/cache';
import {
  addKnowledgeEntry,
  removeKnowledgeEntry,
  saveHandoverTopics,
  setKnowledgeEntryEnabled,
  updateKnowledgeEntry,
} from '@/db/knowledge';
import {
  handoverTopicsInput,
  knowledgeEntryInput,
  knowledgeEntryRef,
  knowledgeEntrySwitch,
  knowledgeEntryUpdate,
} from '@/lib/knowledge/forms';
import { action } from '@/server/action';
import { NOTHING_CHANGED, refused, type Saved } from '../../_components/form-state';

const gone = () => refused(409, { message: 'That entry is no longer there. Reload the page.' });

function done(message: string): Saved {
  revalidatePath('/admin/knowledge');
  return { ok: true, message };
}

/** Owner only. A new entry is searchable by the very next draft (when switched on). */
export const addEntry = action(
  { role: 'owner', input: knowledgeEntryInput },
  async (input, user) => {
    await addKnowledgeEntry({ input, by: user.id, now: new Date() });
    return done(`Added “${input.title}”.`);
  },
);

/** Owner only. Title, answer, tags and the switch of one entry. */
export const saveEntry = action(
  { role: 'owner', input: knowledgeEntryUpdate },
  async ({ id, ...input }, user) => {
    const saved = await updateKnowledgeEntry({ id, input, by: user.id, now: new Date() });
    if (!saved.ok) return gone();
    return done(saved.changed ? `Saved “${input.title}”.` : NOTHING_CHANGED);
  },
);

/** Owner only. Off: drafts stop using the entry at once; on: they may use it again. */
export const switchEntry = action(
  { role: 'owner', input: knowledgeEntrySwitch },
  async ({ id, enabled }, user) => {
    const on = enabled === 'true';
    const saved = await setKnowledgeEntryEnabled({ id, enabled: on, by: user.id, now: new Date() });
    return saved.ok ? done(on ? 'Switched on.' : 'Switched off.') : gone();
  },
);

/** Owner only. */
export const removeEntry = action(
  { role: 'owner', input: knowledgeEntryRef },
  async ({ id }, user) => {
    const removed = await removeKnowledgeEntry({ id, by: user.id, now: new Date() });
    return removed.ok ? done('Removed.') : gone();
  },
);

/** Owner only. Topics (one a line) every draft hands to a person, whatever it knows. */
export const saveHandover = action(
  { role: 'owner', input: handoverTopicsInput },
  async ({ topics }, user) => {
    const saved = await saveHandoverTopics({ topics, by: user.id, now: new Date() });
    return done(saved.changed ? 'Saved the topics for a person.' : NOTHING_CHANGED);
  },
);
