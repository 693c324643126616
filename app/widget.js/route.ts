import { WIDGET_LOADER_SCRIPT } from '@/lib/widget/loader-script';

/**
 * Anyone, by design: the loader the bakery's website includes. It carries no data; the panel
 * it opens is what the allowed websites decide. Cached an hour by browsers, so a change to it
 * reaches returning customers within the hour.
 */
export function GET(): Response {
  return new Response(WIDGET_LOADER_SCRIPT, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
