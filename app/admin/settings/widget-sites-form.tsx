'use client';

import { widgetOriginsInput } from '@/lib/widget/origins';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveWidgetSites } from './widget-actions';

/**
 * Settings' "Ask us" button: the bakery's own websites that may show it, and the line to paste
 * into them. Websites the environment allows (WIDGET_ORIGINS) are shown, not edited here.
 */
export function WidgetSitesForm({
  saved,
  fromEnvironment,
  loaderUrl,
}: {
  saved: string[];
  fromEnvironment: string[];
  loaderUrl: string;
}) {
  const form = useFormAction(saveWidgetSites, {
    check: widgetOriginsInput,
    initial: { origins: saved.join('\n') },
    idPrefix: 'widget-',
  });
  return (
    <section aria-labelledby="widget-title" className="flex max-w-xl flex-col gap-3">
      <h2 id="widget-title" className="text-lg font-semibold">
        Ask us button on your website
      </h2>
      <p className="text-sm text-stone-700">
        Put this line into your website’s pages, and list the website below. Customers then ask from
        a button in the corner of your pages, and read the answer there.
      </p>
      <pre
        className="whitespace-pre-wrap break-all rounded bg-stone-100 p-3 text-sm"
        data-testid="widget-snippet"
      >
        {`<script src="${loaderUrl}" async></script>`}
      </pre>
      {fromEnvironment.length > 0 ? (
        <p className="text-sm text-stone-700" data-testid="widget-env-origins">
          Also allowed by the server’s setup (WIDGET_ORIGINS): {fromEnvironment.join(', ')}
        </p>
      ) : null}
      <ActionForm form={form} submit="Save websites" label="Ask us button on your website">
        <TextField
          {...form.field('origins')}
          multiline
          rows={3}
          label="Your websites"
          hint="One per line, as it starts in the address bar, such as https://juniper.example. No other website can show the button."
          className="w-full bg-white"
        />
      </ActionForm>
    </section>
  );
}
