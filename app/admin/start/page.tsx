import type { Metadata } from 'next';
import Link from 'next/link';
import { getBakery } from '@/db/bakery';
import { countExampleQuestions } from '@/db/first-run';
import { listWeeklyHours } from '@/db/hours';
import { listMenuItems } from '@/db/menu';
import { listOpenInvites } from '@/db/staff-invites';
import { weekdays } from '@/lib/bakery-facts/schemas';
import { knownTimezones } from '@/lib/bakery-facts/timezone';
import { currencyChoices, localeChoices } from '@/lib/first-run/choices';
import {
  besideStep,
  type GuidedStep,
  guidedStepHref,
  guidedStepOf,
  guidedSteps,
} from '@/lib/first-run/steps';
import { requireUser } from '@/server/session';
import { ActionButton } from '../../_components/action-button';
import { AppShell } from '../../_shell/app-shell';
import { HoursForm } from '../hours/hours-form';
import { finishGuidedStart } from './actions';
import { BakeryStep } from './bakery-step';
import { ColleagueForm } from './colleague-form';
import { ExamplesStep } from './examples-step';
import { MenuStep } from './menu-step';
import { OpenInvites } from './open-invites';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Guided start' };

/**
 * The guided start: a few steps after setup, each saving through the admin pages' own
 * functions, each one skippable, the whole skippable too. Settings opens it again.
 */
export default async function GuidedStartPage({
  searchParams,
}: {
  searchParams: Promise<{ step?: string | string[] }>;
}) {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/start' });
  const step = guidedStepOf((await searchParams).step);
  const { previous, next, number } = besideStep(step.id);
  return (
    <AppShell user={user} guidedStartLink={false}>
      <div className="flex flex-col gap-1">
        <p className="text-sm text-stone-700">Guided start</p>
        <h1 className="text-2xl font-semibold">
          Step {number} of {guidedSteps.length}: {step.title}
        </h1>
      </div>
      <nav aria-label="Guided start steps">
        <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {guidedSteps.map((s, index) => (
            <li key={s.id}>
              <Link
                href={guidedStepHref(s.id)}
                aria-current={s.id === step.id ? 'step' : undefined}
                className={s.id === step.id ? 'font-semibold' : 'underline'}
              >
                {index + 1}. {s.title}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <section aria-label={step.title} className="flex flex-col gap-4">
        <StepContent step={step} />
      </section>
      <div className="flex flex-wrap items-center gap-4 border-t border-stone-200 pt-4">
        {previous ? (
          <Link href={guidedStepHref(previous.id)} className="underline">
            Back: {previous.title}
          </Link>
        ) : null}
        {next ? (
          <Link
            href={guidedStepHref(next.id)}
            className="rounded-md border border-stone-400 px-4 py-2 font-medium"
          >
            {step.id === 'bakery' ? 'Leave as it is' : 'Continue'}: {next.title}
          </Link>
        ) : (
          <ActionButton
            action={finishGuidedStart}
            fields={{}}
            className="rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800"
          >
            Finish the guided start
          </ActionButton>
        )}
        {next ? (
          <ActionButton action={finishGuidedStart} fields={{}} className="ml-auto underline">
            Skip the guided start
          </ActionButton>
        ) : null}
      </div>
    </AppShell>
  );
}

async function StepContent({ step }: { step: GuidedStep }) {
  switch (step.id) {
    case 'bakery': {
      const bakery = await getBakery();
      return (
        <>
          <p className="text-stone-700">
            What customers see in replies, and how dates, times and prices are worded.
          </p>
          <BakeryStep
            current={{
              name: bakery.name,
              contact: bakery.contact,
              timezone: bakery.timezone,
              locale: bakery.locale,
              currency: bakery.currency,
            }}
            zones={knownTimezones()}
            locales={localeChoices(bakery.locale)}
            currencies={currencyChoices(bakery.currency)}
          />
        </>
      );
    }
    case 'hours': {
      const rows = await listWeeklyHours();
      const week = weekdays.map(
        (weekday) =>
          rows.find((row) => row.weekday === weekday) ?? { weekday, opens: null, closes: null },
      );
      return (
        <>
          <p className="text-stone-700">
            Your usual week. Holidays and one-off hours can be added later under Holidays &amp;
            special hours.
          </p>
          <HoursForm week={week} />
        </>
      );
    }
    case 'menu': {
      const menu = await listMenuItems();
      return (
        <>
          <p className="text-stone-700" data-testid="menu-now">
            {menu.length === 0
              ? 'The menu is empty.'
              : `The menu holds ${menu.length} ${menu.length === 1 ? 'item' : 'items'}: ${menu.map((item) => item.name).join(', ')}.`}{' '}
            To keep it, continue; items can be changed any time on the Menu page.
          </p>
          <MenuStep />
        </>
      );
    }
    case 'staff': {
      const bakery = await getBakery();
      const invites = await listOpenInvites({ now: new Date() });
      return (
        <>
          <p className="text-stone-700">
            Staff work the inbox: they read drafts, edit them and send replies. They cannot change
            the menu, hours or settings.
          </p>
          <div className="max-w-md">
            <ColleagueForm />
          </div>
          <h2 className="text-lg font-semibold">Invite links waiting to be used</h2>
          <OpenInvites invites={invites} timezone={bakery.timezone} />
        </>
      );
    }
    case 'connect':
      return (
        <>
          <p className="text-stone-700">
            Both can wait: drafts are written offline, and replies are sent from the ticket page,
            until you connect them.
          </p>
          <ul className="flex flex-col gap-3">
            <li>
              <Link href="/admin/settings#model-heading" className="font-semibold underline">
                Connect a model in Settings
              </Link>
              <p className="text-sm text-stone-700">
                Claude or an OpenAI-compatible model writes better drafts, in the customer’s
                language.
              </p>
            </li>
            <li>
              <Link href="/admin/settings#mail-heading" className="font-semibold underline">
                Connect email in Settings
              </Link>
              <p className="text-sm text-stone-700">
                Customers’ emails arrive in the inbox, and replies go out by email.
              </p>
            </li>
          </ul>
        </>
      );
    case 'examples':
      return (
        <>
          <p className="text-stone-700">
            A new desk starts with a few example questions from made-up customers.
          </p>
          <ExamplesStep count={await countExampleQuestions()} />
        </>
      );
  }
}
