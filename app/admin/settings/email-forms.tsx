'use client';

import { type ReactNode, useRef, useState, useTransition } from 'react';
import {
  MAIL_PRESETS,
  MAIL_SECURITY_LABELS,
  type MailSecurity,
  mailPreset,
} from '@/lib/mail/presets';
import { SaveStatus, useAnswerFocus } from '../../_components/action-form';
import { buttonClass, FormMessage, TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import {
  saveIncomingMail,
  saveOutgoingMail,
  testIncomingMail,
  testOutgoingMail,
} from './email-actions';

/** What the page tells a form: the saved settings (never a password) and what the server sets. */
export type SavedEnd = {
  provider: string;
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
};

export type PasswordState = {
  /** The saved password's last characters, or null when none is saved. */
  ending: string | null;
  /** Saved, but sealed under a key this desk no longer has. */
  unreadable: boolean;
};

type Check = { ok: boolean; words: string };
type TestAction = (
  previous: unknown,
  formData: FormData,
) => Promise<{
  ok: boolean;
  message?: string;
  check?: Check;
  errors?: Partial<Record<string, string>>;
}>;

const secondaryButton =
  'rounded-md border border-amber-700 px-4 py-2 font-medium text-amber-900 hover:bg-amber-50 disabled:opacity-60';
const selectClass = 'rounded-md border border-stone-300 bg-white px-3 py-2';

/** Shown instead of a field the server's environment sets. */
function FromEnvironment({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1" data-testid="set-by-environment">
      <span className="font-medium">{label}</span>
      <span className="break-all text-stone-800">{value}</span>
      <span className="text-sm text-stone-600">Set by the server’s environment</span>
    </div>
  );
}

function Select({
  name,
  label,
  options,
  defaultValue,
  hint,
  error,
  idPrefix,
  onChange,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue: string;
  hint?: string;
  error?: string;
  idPrefix: string;
  onChange?: (value: string) => void;
}) {
  const id = `${idPrefix}${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className={selectClass}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const SECURITY_OPTIONS = (Object.keys(MAIL_SECURITY_LABELS) as MailSecurity[]).map((value) => ({
  value,
  label: MAIL_SECURITY_LABELS[value],
}));

/**
 * The password as the owner sees it: never its text. Saved, it says how it ends, with Replace
 * (a field for the new one) and Remove; unreadable, it asks for it again.
 */
function PasswordPart({
  password,
  idPrefix,
  error,
  pending,
}: {
  password: PasswordState;
  idPrefix: string;
  error?: string;
  pending: boolean;
}) {
  const [replacing, setReplacing] = useState(false);
  const field = (
    <TextField
      name="password"
      idPrefix={idPrefix}
      label={password.ending && !password.unreadable ? 'New password' : 'Password'}
      type="password"
      autoComplete="new-password"
      error={error}
      hint="An app password if your provider asks for one. Stored encrypted; never shown again."
      defaultValue=""
    />
  );
  if (password.unreadable) {
    return (
      <div className="flex flex-col gap-2">
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          The saved password can’t be read any more (the desk’s secret key changed): enter it again.
        </p>
        {field}
      </div>
    );
  }
  if (!password.ending || replacing) return field;
  return (
    <div className="flex flex-col gap-2">
      <span className="font-medium">Password</span>
      <p data-testid="password-state">Set, ends in …{password.ending}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => setReplacing(true)}>
          Replace
        </button>
        <button
          type="submit"
          name="removePassword"
          value="on"
          className={secondaryButton}
          disabled={pending}
        >
          Remove
        </button>
      </div>
    </div>
  );
}

/** The result of a check, beside its button, announced where the owner is looking. */
function CheckResult({ result, testId }: { result: Check | undefined; testId: string }) {
  return (
    <p
      role="status"
      data-testid={testId}
      data-ok={result ? String(result.ok) : undefined}
      className={
        result
          ? `rounded-md px-3 py-2 ${result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`
          : 'sr-only'
      }
    >
      {result?.words ?? ''}
    </p>
  );
}

/**
 * A form that saves (a form action: errors beside their fields, what was typed kept) and
 * checks what is typed without saving it (called directly, so the form keeps every field,
 * the password too).
 */
function MailForm({
  label,
  save,
  test,
  testLabel,
  testBusy,
  testId,
  editable,
  children,
}: {
  label: string;
  save: typeof saveOutgoingMail;
  test: TestAction;
  testLabel: string;
  testBusy: string;
  testId: string;
  editable: boolean;
  children: (form: {
    errors: Record<string, string>;
    value: (name: string, initial: string) => string;
    pending: boolean;
  }) => ReactNode;
}) {
  const form = useFormAction(save);
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useAnswerFocus(formRef, statusRef, form);
  const [checking, startCheck] = useTransition();
  const [checked, setChecked] = useState<{
    check?: Check;
    errors?: Partial<Record<string, string>>;
  }>();
  const values = form.values as Record<string, string> | undefined;
  // Each answer from the server draws the fields afresh from what it says (the typed values
  // after a refusal, the saved ones after a save): a select keeps its first default otherwise.
  const [generation, setGeneration] = useState({ state: form.state, count: 0 });
  if (generation.state !== form.state) {
    setGeneration({ state: form.state, count: generation.count + 1 });
  }
  const errors = {
    ...(checked?.errors ?? {}),
    ...(form.errors as Record<string, string>),
  } as Record<string, string>;

  const runCheck = () => {
    const element = formRef.current;
    if (!element) return;
    const data = new FormData(element);
    startCheck(async () => {
      const answer = await test(undefined, data);
      setChecked(
        answer.check
          ? { check: answer.check }
          : {
              check: { ok: false, words: answer.message ?? 'Check the fields marked above.' },
              errors: answer.errors,
            },
      );
    });
  };

  return (
    <form
      ref={formRef}
      action={form.formAction}
      aria-label={label}
      noValidate
      className="flex flex-col gap-4"
    >
      <div key={generation.count} className="flex flex-col gap-4">
        {children({
          errors,
          value: (name, initial) => (values ? (values[name] ?? '') : initial),
          pending: form.pending,
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {editable ? (
          <button type="submit" className={buttonClass} disabled={form.pending}>
            {form.pending ? 'Saving…' : 'Save'}
          </button>
        ) : null}
        <button type="button" className={secondaryButton} disabled={checking} onClick={runCheck}>
          {checking ? testBusy : testLabel}
        </button>
        <SaveStatus ref={statusRef} saved={form.saved} problem={form.problem} />
      </div>
      <FormMessage message={form.message} />
      <CheckResult result={checked?.check} testId={testId} />
    </form>
  );
}

function ProviderPicker({
  idPrefix,
  initial,
  onPick,
}: {
  idPrefix: string;
  initial: string;
  onPick: (id: string) => void;
}) {
  const [picked, setPicked] = useState(initial);
  const preset = mailPreset(picked);
  return (
    <div className="flex flex-col gap-1">
      <Select
        name="provider"
        idPrefix={idPrefix}
        label="Your email provider"
        defaultValue={initial}
        options={[
          { value: 'other', label: 'Another provider (fill in the server below)' },
          ...MAIL_PRESETS.map((p) => ({ value: p.id, label: p.label })),
        ]}
        hint="Choosing one fills in its server, port and security."
        onChange={(id) => {
          setPicked(id);
          onPick(id);
        }}
      />
      {preset ? (
        <p
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="preset-hint"
        >
          {preset.hint}
        </p>
      ) : null}
    </div>
  );
}

/** Fills host, port and security from a preset, as if the owner had typed them. */
function fillFromPreset(
  form: HTMLFormElement | null,
  idPrefix: string,
  channel: 'smtp' | 'imap',
  id: string,
) {
  const preset = mailPreset(id);
  if (!form || !preset) return;
  const end = preset[channel];
  const set = (name: string, value: string) => {
    const control = form.querySelector<HTMLInputElement | HTMLSelectElement>(`#${idPrefix}${name}`);
    if (control) control.value = value;
  };
  set('host', end.host);
  set('port', String(end.port));
  set('security', end.security);
}

function ServerFields({
  channel,
  idPrefix,
  saved,
  errors,
  value,
  userRequired,
}: {
  channel: 'smtp' | 'imap';
  idPrefix: string;
  saved: SavedEnd | undefined;
  errors: Record<string, string>;
  value: (name: string, initial: string) => string;
  userRequired: boolean;
}) {
  const holder = useRef<HTMLDivElement>(null);
  return (
    <div ref={holder} className="flex flex-col gap-4">
      <ProviderPicker
        idPrefix={idPrefix}
        initial={value('provider', saved?.provider ?? 'other')}
        onPick={(id) =>
          fillFromPreset(holder.current?.closest('form') ?? null, idPrefix, channel, id)
        }
      />
      <TextField
        name="host"
        idPrefix={idPrefix}
        label="Server"
        hint={channel === 'smtp' ? 'Such as smtp.gmail.com.' : 'Such as imap.gmail.com.'}
        defaultValue={value('host', saved?.host ?? '')}
        error={errors.host}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        name="port"
        idPrefix={idPrefix}
        label="Port"
        inputMode="numeric"
        defaultValue={value(
          'port',
          saved ? String(saved.port) : channel === 'smtp' ? '587' : '993',
        )}
        error={errors.port}
        className="w-32"
      />
      <Select
        name="security"
        idPrefix={idPrefix}
        label="Security"
        defaultValue={value(
          'security',
          saved?.security ?? (channel === 'smtp' ? 'starttls' : 'tls'),
        )}
        options={SECURITY_OPTIONS}
        error={errors.security}
      />
      <TextField
        name="user"
        idPrefix={idPrefix}
        label={userRequired ? 'User name' : 'User name (if the server asks for one)'}
        hint="Usually your full email address."
        defaultValue={value('user', saved?.user ?? '')}
        error={errors.user}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}

export function OutgoingMailForm({
  envServer,
  envFrom,
  envPublicAddress,
  saved,
  savedFrom,
  savedPublicAddress,
  suggestedPublicAddress,
  password,
}: {
  envServer: string | null;
  envFrom: string | null;
  envPublicAddress: string | null;
  saved: SavedEnd | undefined;
  savedFrom: string | undefined;
  savedPublicAddress: string | undefined;
  suggestedPublicAddress: string | undefined;
  password: PasswordState;
}) {
  const idPrefix = 'smtp-';
  return (
    <MailForm
      label="Replies by email"
      save={saveOutgoingMail}
      test={testOutgoingMail}
      testLabel="Send a test email to me"
      testBusy="Sending a test email…"
      testId="smtp-check"
      editable={envServer === null}
    >
      {({ errors, value, pending }) => (
        <>
          {envServer ? (
            <FromEnvironment label="Server" value={envServer} />
          ) : (
            <>
              <ServerFields
                channel="smtp"
                idPrefix={idPrefix}
                saved={saved}
                errors={errors}
                value={value}
                userRequired={false}
              />
              <PasswordPart
                password={password}
                idPrefix={idPrefix}
                error={errors.password}
                pending={pending}
              />
            </>
          )}
          {envFrom ? (
            <FromEnvironment label="Replies come from" value={envFrom} />
          ) : (
            <TextField
              name="from"
              idPrefix={idPrefix}
              label="Replies come from"
              hint="The address customers see and answer to, such as “Juniper Bakery <hello@juniper.example>”."
              defaultValue={value('from', savedFrom ?? '')}
              error={errors.from}
              autoComplete="off"
            />
          )}
          {envPublicAddress ? (
            <FromEnvironment label="The desk’s public address" value={envPublicAddress} />
          ) : (
            <TextField
              name="publicBaseUrl"
              idPrefix={idPrefix}
              label="The desk’s public address"
              hint={
                savedPublicAddress || !suggestedPublicAddress
                  ? 'Where customers open the link in each emailed reply, such as https://desk.juniper.example.'
                  : `Suggested from the address you are using now. Customers open the link in each emailed reply here, so it must work from their phones too.`
              }
              defaultValue={value(
                'publicBaseUrl',
                savedPublicAddress ?? suggestedPublicAddress ?? '',
              )}
              error={errors.publicBaseUrl}
              inputMode="url"
              spellCheck={false}
            />
          )}
        </>
      )}
    </MailForm>
  );
}

export function IncomingMailForm({
  envServer,
  envDoneFolder,
  saved,
  savedFolder,
  savedDoneFolder,
  password,
}: {
  envServer: string | null;
  envDoneFolder: string | null;
  saved: SavedEnd | undefined;
  savedFolder: string | undefined;
  savedDoneFolder: string | undefined;
  password: PasswordState;
}) {
  const idPrefix = 'imap-';
  return (
    <MailForm
      label="Customers’ emails"
      save={saveIncomingMail}
      test={testIncomingMail}
      testLabel="Check the mailbox"
      testBusy="Checking the mailbox…"
      testId="imap-check"
      editable={envServer === null}
    >
      {({ errors, value, pending }) => (
        <>
          {envServer ? (
            <FromEnvironment label="Mailbox" value={envServer} />
          ) : (
            <>
              <ServerFields
                channel="imap"
                idPrefix={idPrefix}
                saved={saved}
                errors={errors}
                value={value}
                userRequired
              />
              <PasswordPart
                password={password}
                idPrefix={idPrefix}
                error={errors.password}
                pending={pending}
              />
              <TextField
                name="folder"
                idPrefix={idPrefix}
                label="Folder to read"
                hint="Where customers’ emails arrive; INBOX unless you sort them elsewhere."
                defaultValue={value('folder', savedFolder ?? 'INBOX')}
                error={errors.folder}
              />
            </>
          )}
          {envDoneFolder ? (
            <FromEnvironment label="Handled emails go to" value={envDoneFolder} />
          ) : envServer ? null : (
            <TextField
              name="doneFolder"
              idPrefix={idPrefix}
              label="Move handled emails to (optional)"
              hint="A folder the desk moves each email to once it has it, made when first needed. Blank: they are only marked as read."
              defaultValue={value('doneFolder', savedDoneFolder ?? '')}
              error={errors.doneFolder}
            />
          )}
        </>
      )}
    </MailForm>
  );
}
