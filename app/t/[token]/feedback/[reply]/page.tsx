import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getBakery } from '@/db/bakery';
import { answerFromLink } from '@/lib/feedback/answer';
import { formatWhen } from '@/lib/format-time';
import { replyToAnswer } from '@/server/reply-feedback';
import { ReplyFeedback } from '../../reply-feedback';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: 'Your answer',
  referrer: 'no-referrer',
};

/**
 * Where an email's Yes and No links lead. Opening it records nothing, since mail scanners open
 * links too: it shows the reply and asks the customer to confirm, with an optional comment. The
 * ticket token is the only key; a reply of another conversation is not found.
 */
export default async function ReplyFeedbackPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string; reply: string }>;
  searchParams: Promise<{ answer?: string | string[] }>;
}) {
  const { token, reply } = await params;
  const id = /^\d{1,15}$/.test(reply) ? Number(reply) : undefined;
  const found =
    id === undefined ? undefined : await replyToAnswer({ token, reply: id, now: new Date() });
  if (!found) notFound();
  const bakery = await getBakery();
  const chosen = answerFromLink((await searchParams).answer);
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-12">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
        <h1 className="text-2xl font-semibold">Did this answer your question?</h1>
      </header>
      <section
        aria-label="The bakery's reply"
        className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4"
      >
        <p className="text-sm text-stone-600">{formatWhen(found.reply.at, bakery.timezone)}</p>
        <p className="whitespace-pre-wrap break-words">{found.reply.text}</p>
        <ReplyFeedback
          token={token}
          reply={found.reply.messageId}
          given={found.given}
          chosen={chosen}
        />
      </section>
      <p>
        <Link href={`/t/${token}`} className="font-medium text-amber-900 underline">
          See the whole conversation
        </Link>
      </p>
    </main>
  );
}
