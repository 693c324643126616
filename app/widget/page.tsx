import type { Metadata } from 'next';
import { getBakery } from '@/db/bakery';
import { emailRepliesWork } from '@/server/mail/promise';
import { AskForm } from '../ask/ask-form';
import { askFromWidget } from './actions';
import { PanelFrame } from './panel-frame';
import { ResumeRemembered } from './remembered-ticket';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Ask us', referrer: 'no-referrer' };

/**
 * Anyone: the "Ask us" panel the bakery's website opens in an iframe (only the websites the
 * bakery allows may frame it: proxy.ts). A conversation this browser remembers opens instead.
 */
export default async function WidgetPanelPage() {
  const [bakery, emailed] = await Promise.all([getBakery(), emailRepliesWork()]);
  return (
    <PanelFrame bakery={bakery} title="Ask us" focusId="name">
      <p className="text-sm text-stone-700">
        About an order, a pickup, our hours or what we bake. A person at the bakery reads every
        question and answers it.
      </p>
      <ResumeRemembered>
        <AskForm emailed={emailed} action={askFromWidget} where="panel" />
      </ResumeRemembered>
    </PanelFrame>
  );
}
