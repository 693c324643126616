import 'server-only';
import { getWidgetOrigins } from '@/db/widget-origins';
import { env } from '@/lib/env';
import { allowedWidgetOrigins } from '@/lib/widget/origins';

/** The websites allowed to show the "Ask us" panel now: WIDGET_ORIGINS and the owner's list. */
export async function currentWidgetOrigins(): Promise<string[]> {
  return allowedWidgetOrigins({
    environment: env().widgetOrigins,
    saved: await getWidgetOrigins(),
  });
}
