import Link from 'next/link';
import { getBakery } from '@/db/bakery';
import { PanelFrame } from '../../panel-frame';
import { ForgetTicket } from '../../remembered-ticket';

/** A remembered conversation that no longer opens (replaced or erased): forgotten here. */
export default async function WidgetTicketNotFound() {
  const bakery = await getBakery();
  return (
    <PanelFrame bakery={bakery} title="This conversation is no longer here">
      <ForgetTicket />
      <p className="text-stone-700">
        The bakery may have sent you a newer link to it by email. You can also ask again.
      </p>
      <Link
        href="/widget"
        className="self-start font-medium text-amber-900 underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-700"
      >
        Ask a new question
      </Link>
    </PanelFrame>
  );
}
