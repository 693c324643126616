import type { ReactNode } from 'react';
import type { Bakery } from '@/db/schema';
import { currentWidgetOrigins } from '@/server/widget-origins';
import { ClosePanelButton, PanelBridge } from './panel-bridge';

/**
 * The "Ask us" panel's frame: the bakery's name, the step's heading, Close, and the bridge to
 * the loader on the bakery's website. `focusId` is what takes the focus when the panel opens.
 */
export async function PanelFrame({
  bakery,
  title,
  focusId = 'panel-title',
  children,
}: {
  bakery: Bakery;
  title: string;
  focusId?: string;
  children: ReactNode;
}) {
  const allowed = await currentWidgetOrigins();
  return (
    <main className="flex min-h-screen flex-col gap-4 bg-stone-50 p-4">
      <header className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
          <h1 id="panel-title" tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            {title}
          </h1>
        </div>
        <ClosePanelButton allowed={allowed} />
      </header>
      {children}
      <PanelBridge allowed={allowed} focusId={focusId} />
    </main>
  );
}
