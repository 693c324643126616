import { expect } from '@playwright/test';
import { deskRow, ticketHash } from './database';

export type StoredDraft = { draftText: string; runId: number; factsVersion: number };

const query = deskRow;

/** The draft the server's worker wrote for a ticket, once it has written one. */
export async function waitForDraft(ticketPath: string): Promise<StoredDraft> {
  const read = () =>
    query<StoredDraft>(
      `select q.draft_text as "draftText", r.id as "runId", r.facts_version as "factsVersion"
       from questions q join agent_runs r on r.id = q.draft_run_id
       where q.ticket_token = ? and q.status = 'drafted'`,
      ticketHash(ticketPath),
    );
  await expect.poll(read, { timeout: 30_000 }).toBeDefined();
  return (await read()) as StoredDraft;
}

export async function bakeryFactsVersion(): Promise<number> {
  return ((await query<{ v: number }>('select facts_version as v from bakery')) as { v: number }).v;
}

/** The seed's sample questions, once the server has drafted them all at start-up. */
export async function waitForSampleDrafts(): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await query<{ n: number }>(
            "select count(*) as n from questions where channel = 'sample' and status in ('queued', 'drafting')",
          )
        )?.n,
      { timeout: 30_000 },
    )
    .toBe(0);
}

export function sampleDraft(externalId: string): Promise<StoredDraft | undefined> {
  return query<StoredDraft>(
    `select q.draft_text as "draftText", r.id as "runId", r.facts_version as "factsVersion"
     from questions q join agent_runs r on r.id = q.draft_run_id
     where q.channel = 'sample' and q.external_id = ?`,
    externalId,
  );
}

export async function sampleQuestionId(externalId: string): Promise<number> {
  const row = await query<{ id: number }>(
    "select id from questions where channel = 'sample' and external_id = ?",
    externalId,
  );
  if (!row) throw new Error(`No sample question ${externalId} in the e2e database.`);
  return row.id;
}

export async function auditCount(): Promise<number> {
  return ((await query<{ n: number }>('select count(*) as n from audit_log')) as { n: number }).n;
}

/** The question a ticket belongs to. */
export async function questionIdForTicket(ticketPath: string): Promise<number> {
  const row = await query<{ id: number }>(
    'select id from questions where ticket_token = ?',
    ticketHash(ticketPath),
  );
  if (!row) throw new Error(`No question for ${ticketPath} in the e2e database.`);
  return row.id;
}

/** Whether the stored run behind a ticket's draft was marked for a person, and why. */
export async function draftMark(ticketPath: string): Promise<string | null> {
  return (
    (
      await query<{ reason: string | null }>(
        `select r.needs_person_reason as reason
       from questions q join agent_runs r on r.id = q.draft_run_id
       where q.ticket_token = ?`,
        ticketHash(ticketPath),
      )
    )?.reason ?? null
  );
}
