/**
 * Who may use every page, server action and route handler. The suite enumerates app/ (and
 * every 'use server' file) and fails on anything missing here, so a new page, action or route
 * cannot ship without a decision and a check.
 *
 * To add a row: put the page's route pattern, the action's `file#export`, or the route's
 * `METHOD /path` under its table with the least role that may use it. `public` needs a
 * `why`. Checked by tests/access/matrix.test.ts (actions, real sessions) and
 * e2e/access-matrix.spec.ts (pages and routes over HTTP).
 */
export type Access = 'public' | 'staff' | 'owner';
export type Caller = 'anonymous' | 'staff' | 'owner';

type Row = {
  access: Access;
  /** Required for public rows: why no sign-in is needed. */
  why?: string;
  /** Exact HTTP statuses where the default expectation does not fit (own auth, e.g. a bearer key). */
  expect?: Partial<Record<Caller, number>>;
};

export type PageRow = Row & {
  /** A concrete URL for a pattern with dynamic segments, e.g. '/t/some-token'. */
  path?: string;
};

export type RouteRow = Row & { path?: string; body?: unknown };

export type ActionRow = Row & {
  /** The one thing someone signed in with a temporary password may do first. */
  temporaryPassword?: 'allowed';
};

export const pages: Record<string, PageRow> = {
  '/': { access: 'public', why: 'the bakery’s public page' },
  '/login': { access: 'public', why: 'where anyone signs in' },
  '/setup': {
    access: 'public',
    why: 'creates the first owner while no account exists; a 404 ever after',
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  '/login/code': {
    access: 'public',
    why: 'the second step of a sign-in: needs the cookie a right password set, else goes to /login',
    expect: { anonymous: 307, staff: 307, owner: 307 },
  },
  '/ask': { access: 'public', why: 'customers ask their questions here' },
  '/t/[token]': {
    access: 'public',
    why: 'a customer’s ticket: the unguessable token in the URL is the only key',
    path: '/t/no-such-ticket-token-000000000000',
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  '/t/[token]/feedback/[reply]': {
    access: 'public',
    why: 'an email’s “Did this answer your question?” link: the ticket token is the only key; it shows a confirmation and records nothing',
    path: '/t/no-such-ticket-token-000000000000/feedback/1',
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  '/widget': {
    access: 'public',
    why: 'the “Ask us” panel the bakery’s website frames: customers ask there as on /ask',
  },
  '/widget/t/[token]': {
    access: 'public',
    why: 'a customer’s conversation inside the “Ask us” panel: the ticket token is the only key, as on its page',
    path: '/widget/t/no-such-ticket-token-000000000000',
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  '/floor/empty': {
    access: 'public',
    why: 'an empty page that answers 404 unless BENCH_FLOOR=on: the page-weight benchmark weighs Next.js with it',
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  '/floor/unlabeled-field': {
    access: 'public',
    why: 'a page with a field nobody could name, 404 unless BENCH_FLOOR=on: the browser suite shows its accessibility check failing on it',
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  '/floor/broken': {
    access: 'public',
    why: 'a page that fails on the server, 404 unless BENCH_FLOOR=on: the browser suite shows the error page with the request id to quote',
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  '/join/[token]': {
    access: 'public',
    why: 'a new colleague’s invite link: the unguessable token is the only key, used once; any other token gets a page saying the link does not open',
    path: '/join/no-such-invite-token',
  },
  '/account': { access: 'staff' },
  '/inbox': { access: 'staff' },
  '/inbox/[id]': { access: 'staff', path: '/inbox/1' },
  '/inbox/stats': { access: 'staff' },
  '/inbox/snippets': { access: 'staff' },
  '/admin': { access: 'owner' },
  '/admin/staff': { access: 'owner' },
  '/admin/settings': { access: 'owner' },
  '/admin/labels': { access: 'owner' },
  '/admin/menu': { access: 'owner' },
  '/admin/hours': { access: 'owner' },
  '/admin/exceptions': { access: 'owner' },
  '/admin/knowledge': { access: 'owner' },
  '/admin/audit': { access: 'owner' },
  '/admin/insights': { access: 'owner' },
  '/admin/data': { access: 'owner' },
  '/admin/start': { access: 'owner' },
};

export const actions: Record<string, ActionRow> = {
  'app/login/actions.ts#signIn': { access: 'public', why: 'how anyone becomes signed in' },
  'app/setup/actions.ts#createOwner': {
    access: 'public',
    why: 'works only while the database has no account at all',
  },
  'app/login/code/actions.ts#verifySignInCode': {
    access: 'public',
    why: 'the second step of a sign-in: does nothing without the cookie a right password set',
  },
  'app/_shell/error-reference-action.ts#errorReference': {
    access: 'public',
    why: 'the error page asks which request failed, by the digest it was shown; it tells only a request id',
  },
  'app/_shell/actions.ts#signOut': {
    access: 'public',
    why: 'ends the caller’s own session; harmless without one',
  },
  'app/ask/actions.ts#submitQuestion': { access: 'public', why: 'anyone may ask a question' },
  'app/t/[token]/actions.ts#writeBack': {
    access: 'public',
    why: 'the ticket token is the customer’s only key; an unknown token writes nothing',
  },
  'app/widget/actions.ts#askFromWidget': {
    access: 'public',
    why: 'anyone may ask a question, from the “Ask us” panel as from /ask',
  },
  'app/widget/actions.ts#writeBackFromWidget': {
    access: 'public',
    why: 'the ticket token is the customer’s only key; an unknown token writes nothing',
  },
  'app/t/[token]/feedback-actions.ts#answerReply': {
    access: 'public',
    why: 'the ticket token is the customer’s only key; a reply of another conversation or an unknown token writes nothing',
  },
  'app/join/[token]/actions.ts#acceptInvite': {
    access: 'public',
    why: 'the invite link’s token is the only key; an unknown, used, expired or revoked one writes nothing',
  },
  'app/account/actions.ts#changePasswordAction': { access: 'staff', temporaryPassword: 'allowed' },
  'app/account/actions.ts#endSessionAction': { access: 'staff' },
  'app/account/actions.ts#signOutEverywhereAction': { access: 'staff' },
  'app/account/actions.ts#startTwoFactorAction': { access: 'owner' },
  'app/account/actions.ts#confirmTwoFactorAction': { access: 'owner' },
  'app/account/actions.ts#disableTwoFactorAction': { access: 'owner' },
  'app/account/preference-actions.ts#saveAlertPreferencesAction': { access: 'staff' },
  'app/account/preference-actions.ts#setNotificationsAction': { access: 'staff' },
  'app/inbox/[id]/actions.ts#sendReplyAction': { access: 'staff' },
  'app/inbox/[id]/next-action.ts#nextAfterSendAction': { access: 'staff' },
  'app/inbox/[id]/actions.ts#saveDraftAction': { access: 'staff' },
  'app/inbox/[id]/actions.ts#redraftAction': { access: 'staff' },
  'app/inbox/[id]/actions.ts#discardAction': { access: 'staff' },
  'app/inbox/[id]/actions.ts#retryAction': { access: 'staff' },
  'app/inbox/[id]/actions.ts#newTicketLinkAction': { access: 'staff' },
  'app/inbox/[id]/actions.ts#resendEmailAction': { access: 'staff' },
  'app/inbox/[id]/actions.ts#mergeConversationAction': { access: 'staff' },
  'app/inbox/_undo/undo-send-actions.ts#undoSendAction': { access: 'staff' },
  // Any staff member labels conversations and acts on many at once; labels are the owner's to define.
  'app/inbox/_labels/actions.ts#addLabelAction': { access: 'staff' },
  'app/inbox/_labels/actions.ts#removeLabelAction': { access: 'staff' },
  'app/inbox/_labels/actions.ts#bulkDiscardAction': { access: 'staff' },
  'app/inbox/_labels/actions.ts#bulkLabelAction': { access: 'staff' },
  'app/inbox/_labels/actions.ts#bulkAssignAction': { access: 'staff' },
  'app/admin/labels/actions.ts#createLabelAction': { access: 'owner' },
  'app/admin/labels/actions.ts#updateLabelAction': { access: 'owner' },
  'app/admin/labels/actions.ts#deleteLabelAction': { access: 'owner' },
  'app/inbox/[id]/note-actions.ts#addNoteAction': { access: 'staff' },
  // Any staff member may take a conversation, hand it to a colleague or let it go.
  'app/inbox/[id]/assign-actions.ts#assignAction': { access: 'staff' },
  // Takes an unassigned question as its page opens, only with the owner's assign on open.
  'app/inbox/[id]/assign-actions.ts#takeOnOpenAction': { access: 'staff' },
  'app/inbox/[id]/snippet-actions.ts#fillSnippetAction': { access: 'staff' },
  // Staff keep their own; the work refuses another's personal snippet and shared ones to staff.
  'app/inbox/snippets/actions.ts#createSnippetAction': { access: 'staff' },
  'app/inbox/snippets/actions.ts#updateSnippetAction': { access: 'staff' },
  'app/inbox/snippets/actions.ts#deleteSnippetAction': { access: 'staff' },
  'app/admin/staff/actions.ts#addStaff': { access: 'owner' },
  'app/admin/staff/actions.ts#removeStaff': { access: 'owner' },
  'app/admin/audit/actions.ts#unlockAccount': { access: 'owner' },
  'app/admin/settings/actions.ts#saveSettings': { access: 'owner' },
  'app/admin/settings/undo-send-actions.ts#saveUndoSend': { access: 'owner' },
  'app/admin/settings/backup-actions.ts#saveBackupTime': { access: 'owner' },
  'app/admin/settings/widget-actions.ts#saveWidgetSites': { access: 'owner' },
  'app/admin/settings/assign-on-open-actions.ts#saveAssignOnOpen': { access: 'owner' },
  'app/admin/settings/model-check-action.ts#testModel': { access: 'owner' },
  'app/admin/settings/model-actions.ts#saveModelSettings': { access: 'owner' },
  'app/admin/settings/email-actions.ts#saveOutgoingMail': { access: 'owner' },
  'app/admin/settings/email-actions.ts#saveIncomingMail': { access: 'owner' },
  'app/admin/settings/email-actions.ts#testOutgoingMail': { access: 'owner' },
  'app/admin/settings/email-actions.ts#testIncomingMail': { access: 'owner' },
  'app/admin/start/actions.ts#saveBakeryBasics': { access: 'owner' },
  'app/admin/start/actions.ts#importMenu': { access: 'owner' },
  'app/admin/start/actions.ts#startEmptyMenu': { access: 'owner' },
  'app/admin/start/actions.ts#addColleague': { access: 'owner' },
  'app/admin/start/actions.ts#revokeInvite': { access: 'owner' },
  'app/admin/start/actions.ts#removeExamples': { access: 'owner' },
  'app/admin/start/actions.ts#finishGuidedStart': { access: 'owner' },
  'app/admin/data/actions.ts#saveRetention': { access: 'owner' },
  'app/admin/data/actions.ts#eraseNow': { access: 'owner' },
  'app/admin/menu/actions.ts#addItem': { access: 'owner' },
  'app/admin/menu/actions.ts#saveItem': { access: 'owner' },
  'app/admin/menu/actions.ts#setItemAvailability': { access: 'owner' },
  'app/admin/menu/actions.ts#removeItem': { access: 'owner' },
  'app/admin/hours/actions.ts#saveHours': { access: 'owner' },
  'app/admin/exceptions/actions.ts#addException': { access: 'owner' },
  'app/admin/exceptions/actions.ts#saveException': { access: 'owner' },
  'app/admin/exceptions/actions.ts#removeException': { access: 'owner' },
  'app/admin/knowledge/actions.ts#addEntry': { access: 'owner' },
  'app/admin/knowledge/actions.ts#saveEntry': { access: 'owner' },
  'app/admin/knowledge/actions.ts#switchEntry': { access: 'owner' },
  'app/admin/knowledge/actions.ts#removeEntry': { access: 'owner' },
  'app/admin/knowledge/actions.ts#saveHandover': { access: 'owner' },
};

export const routes: Record<string, RouteRow> = {
  'GET /api/health': { access: 'public', why: 'load balancers ask it; it tells nothing private' },
  'GET /api/ready': {
    access: 'public',
    why: 'load balancers ask it; it names states (database, migrations, mail), never a server or an error',
  },
  'POST /api/questions': {
    access: 'public',
    why: 'machine intake, authorised by its own bearer key (INTAKE_API_KEY), not a session',
    body: {},
    expect: { anonymous: 401, staff: 401, owner: 401 },
  },
  // Signed-in callers without `Accept: text/event-stream` get 406 rather than an endless stream.
  'GET /api/inbox/events': { access: 'staff' },
  'GET /api/inbox/alerts': { access: 'staff' },
  'GET /t/[token]/events': {
    access: 'public',
    why: 'a ticket page’s live news, keyed by its token alone as the page is; an unknown token gets 404 and no stream',
    path: '/t/no-such-ticket-token-000000000000/events',
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  // A question page's heartbeat; an empty body is refused with 400 once the caller is known.
  'POST /api/inbox/presence': { access: 'staff', body: {} },
  'GET /admin/insights/export': { access: 'owner' },
  // An email's original MIME; the e2e journey opens a real one.
  'GET /inbox/[id]/emails/[emailId]': { access: 'staff', path: '/inbox/1/emails/1' },
  'GET /metrics': {
    access: 'public',
    why: 'Prometheus metrics, no session: answered to this machine or with METRICS_TOKEN, 403 to anyone else (tests/server/metrics-scrape.test.ts)',
    // The browser suite's desk trusts 127.0.0.1 as a proxy, which forwards strangers: without
    // the token even this machine is refused there, signed in or not.
    expect: { anonymous: 403, staff: 403, owner: 403 },
  },
  'GET /widget.js': {
    access: 'public',
    why: 'the “Ask us” loader the bakery’s website includes: plain JavaScript, no data',
  },
  'POST /api/bench-floor': {
    access: 'public',
    why: 'an empty route that answers 404 unless BENCH_FLOOR=on: the benchmarks measure Next.js with it',
    body: {},
    expect: { anonymous: 404, staff: 404, owner: 404 },
  },
  'POST /api/auth/sign-in': {
    access: 'public',
    why: 'sign-in for scripts, limited like the form',
    body: {},
  },
};
