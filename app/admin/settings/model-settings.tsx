'use client';

import { useEffect, useRef, useState } from 'react';
import type { DraftModelKind } from '@/lib/agent/config';
import type { KeyAction } from '@/lib/model-settings/form';
import { modelSettingsInput } from '@/lib/model-settings/form';
import type { ModelSettingsView } from '@/lib/model-settings/view';
import { SaveStatus, useAnswerFocus } from '../../_components/action-form';
import { buttonClass, FormMessage, TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveModelSettings } from './model-actions';
import { testModel } from './model-check-action';

const providerChoices: { value: DraftModelKind; label: string; hint: string }[] = [
  {
    value: 'offline',
    label: 'Offline drafter',
    hint: 'Writes drafts on this computer, in English, at no cost. Needs nothing.',
  },
  {
    value: 'claude',
    label: 'Claude (Anthropic)',
    hint: 'Needs an API key from the Anthropic console. Answers in the customer’s language.',
  },
  {
    value: 'openai',
    label: 'OpenAI-compatible',
    hint: 'OpenAI’s own API with a key, or a server of your own (such as Ollama) at its address.',
  },
];

const providerName = (provider: DraftModelKind) =>
  providerChoices.find((choice) => choice.value === provider)?.label ?? provider;

const FROM_ENVIRONMENT = 'Set by the server’s environment';
const secondaryButton =
  'rounded-md border border-stone-400 px-3 py-1 text-sm font-medium text-stone-800 hover:bg-stone-100';

/**
 * "Drafting model": who writes the drafts, connected from the browser. The key is never sent
 * back here: a saved one shows only as "Set, ends in …abcd", with Replace and Remove. What the
 * server's environment sets is shown read-only, since it wins. "Test the model" tries the
 * values in the form with one real request and says the outcome beside the button.
 */
export function ModelSettings({ view }: { view: ModelSettingsView }) {
  const save = useFormAction(saveModelSettings, { check: modelSettingsInput, idPrefix: 'model-' });
  const test = useFormAction(testModel, { check: modelSettingsInput, idPrefix: 'model-' });
  const [last, setLast] = useState<'save' | 'test'>('save');
  const form = last === 'save' ? save : test;
  const [provider, setProvider] = useState<DraftModelKind>(view.provider);
  const [keyAction, setKeyAction] = useState<KeyAction>(
    view.key.state === 'unreadable' ? 'replace' : 'keep',
  );
  const pending = save.pending || test.pending;
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useAnswerFocus(formRef, statusRef, save);

  // Once saved, the page shows the new key's ending: the typed key is gone from the form.
  useEffect(() => {
    if (save.state?.ok) setKeyAction('keep');
  }, [save.state]);

  const env = view.environment;
  const keyFromEnv =
    provider === 'claude' ? env.claude.apiKey : provider === 'openai' ? env.openai.apiKey : false;
  const modelFromEnv =
    provider === 'claude' ? env.claude.model : provider === 'openai' ? env.openai.model : false;
  const savedKeyHere = view.key.state !== 'none' && view.key.forProvider === provider;
  const verdict = test.state && 'verdict' in test.state ? test.state : undefined;

  return (
    <section className="flex max-w-xl flex-col gap-3" aria-labelledby="model-heading">
      <h2 id="model-heading" className="text-lg font-semibold">
        Drafting model
      </h2>
      <p className="text-sm text-stone-700" data-testid="drafter">
        Drafts are written by {view.drafter}.
      </p>
      {view.problem === 'unreadableKey' ? (
        <p
          className="rounded-md bg-red-50 px-3 py-2 text-red-800"
          data-testid="model-key-unreadable"
        >
          The saved key can’t be read any more — enter it again. Until then drafts are written by
          the offline drafter.
        </p>
      ) : null}
      <form
        ref={formRef}
        action={save.formAction}
        onSubmit={form.onSubmit}
        className="flex flex-col gap-4"
        aria-label="Drafting model"
        noValidate
      >
        {env.provider ? (
          <p>
            <span className="font-medium">Provider:</span> {providerName(provider)}{' '}
            <span className="text-sm text-stone-600">({FROM_ENVIRONMENT})</span>
          </p>
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">Provider</legend>
            {providerChoices.map((choice) => (
              <label key={choice.value} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="provider"
                  value={choice.value}
                  checked={provider === choice.value}
                  onChange={() => setProvider(choice.value)}
                  className="mt-1"
                />
                <span>
                  {choice.label}
                  <span className="block text-sm text-stone-600">{choice.hint}</span>
                </span>
              </label>
            ))}
            {form.errors.provider ? (
              <p className="text-sm text-red-700">{form.errors.provider}</p>
            ) : null}
          </fieldset>
        )}

        {provider === 'offline' ? null : (
          <>
            <KeyField
              fromEnvironment={keyFromEnv}
              saved={savedKeyHere ? view.key : null}
              action={keyAction}
              setAction={setKeyAction}
              error={form.errors.secret}
              optional={provider === 'openai'}
            />
            {modelFromEnv ? (
              <p>
                <span className="font-medium">Model:</span> {view.model[provider]}{' '}
                <span className="text-sm text-stone-600">({FROM_ENVIRONMENT})</span>
              </p>
            ) : (
              <TextField
                key={provider}
                {...form.field('model')}
                defaultValue={form.values?.model ?? view.model[provider]}
                label="Model"
                hint={`The model’s name as the provider writes it. Blank: ${view.defaults[provider]}.`}
                autoComplete="off"
                spellCheck={false}
              />
            )}
            {provider === 'openai' ? (
              env.openai.baseUrl ? (
                <p>
                  <span className="font-medium">Server address:</span> {view.baseUrl}{' '}
                  <span className="text-sm text-stone-600">({FROM_ENVIRONMENT})</span>
                </p>
              ) : (
                <TextField
                  {...form.field('baseUrl')}
                  defaultValue={form.values?.baseUrl ?? view.baseUrl}
                  label="Server address (base URL)"
                  hint={`Blank: OpenAI’s own API (${view.defaults.baseUrl}). A server of your own, e.g. http://127.0.0.1:11434/v1 for Ollama.`}
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                />
              )
            ) : null}
          </>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className={buttonClass}
            disabled={pending}
            onClick={() => setLast('save')}
          >
            {save.pending ? 'Saving…' : 'Save the model'}
          </button>
          <button
            type="submit"
            formAction={test.formAction}
            className={secondaryButton}
            disabled={pending}
            onClick={() => setLast('test')}
            aria-describedby="model-test-hint"
          >
            {test.pending ? 'Testing… (one real request)' : 'Test the model'}
          </button>
          <SaveStatus
            ref={statusRef}
            saved={last === 'save' ? save.saved : undefined}
            problem={form.problem}
          />
          <div aria-live="polite" className="basis-full">
            {verdict && !test.pending ? (
              <p
                role="status"
                data-testid="model-check-verdict"
                data-ok={verdict.ok}
                className={`rounded-md px-3 py-2 ${verdict.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
              >
                {verdict.verdict}
              </p>
            ) : null}
          </div>
        </div>
        <FormMessage message={form.message} />
        <p id="model-test-hint" className="text-sm text-stone-600">
          “Test the model” sends one short question with the desk’s real tools to the model above
          (as typed here, before you save) and says what happened. It costs a fraction of a cent and
          changes nothing.
        </p>
      </form>
    </section>
  );
}

function KeyField({
  fromEnvironment,
  saved,
  action,
  setAction,
  error,
  optional,
}: {
  fromEnvironment: boolean;
  saved: ModelSettingsView['key'] | null;
  action: KeyAction;
  setAction: (action: KeyAction) => void;
  error?: string;
  optional: boolean;
}) {
  if (fromEnvironment) {
    return (
      <p>
        <span className="font-medium">API key:</span> {FROM_ENVIRONMENT}
      </p>
    );
  }
  const hint = optional
    ? 'Needed for OpenAI’s own API; a server of your own usually needs none.'
    : 'From the Anthropic console. It is stored encrypted and never shown again.';
  if (!saved) {
    return (
      <>
        <input type="hidden" name="keyAction" value="keep" />
        <TextField
          name="secret"
          idPrefix="model-"
          label={optional ? 'API key (if needed)' : 'API key'}
          type="password"
          autoComplete="off"
          spellCheck={false}
          hint={hint}
          error={error}
        />
      </>
    );
  }
  const unreadable = saved.state === 'unreadable';
  return (
    <div className="flex flex-col gap-2">
      <input type="hidden" name="keyAction" value={action} />
      <p data-testid="model-key-state">
        <span className="font-medium">API key:</span>{' '}
        {unreadable
          ? 'Saved, but it can’t be read any more — enter it again.'
          : `Set, ends in …${saved.ending ?? ''}`}
        {action === 'remove' ? ' — removed when you save.' : ''}
      </p>
      {action === 'keep' ? (
        <div className="flex gap-2">
          <button type="button" className={secondaryButton} onClick={() => setAction('replace')}>
            Replace
          </button>
          <button type="button" className={secondaryButton} onClick={() => setAction('remove')}>
            Remove
          </button>
        </div>
      ) : null}
      {action === 'replace' ? (
        <TextField
          name="secret"
          idPrefix="model-"
          label="New API key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          hint={hint}
          error={error}
        />
      ) : null}
      {action !== 'keep' && !unreadable ? (
        <button
          type="button"
          className={`${secondaryButton} self-start`}
          onClick={() => setAction('keep')}
        >
          Keep the saved key
        </button>
      ) : null}
      {unreadable && action === 'replace' ? (
        <button
          type="button"
          className={`${secondaryButton} self-start`}
          onClick={() => setAction('remove')}
        >
          Remove it
        </button>
      ) : null}
    </div>
  );
}
