// bench:capacity's pages (issue 38 items 1 and 2): what a client's and a coach's pages ask the
// server, call by call, and the floor's query for each call. One list, read by the load
// generator (capacity-load.ts) and by the floor's routes (capacity-floor.ts), so the floor always
// answers the same calls the product is measured on.
//
// Read from the portal and ui code (the SWR hooks each screen mounts, keys deduplicated as SWR
// does within its 2 s):
//   a full page load: GET /auth/me (useSession), then the page's own calls, then the shell's
//   once the page is usable (AppShell: useNotifications — the bell's count, shared with
//   /overview — and useUnreadCount — the widget's unread badge, a count without the list since
//   issue 38; ADMIN's counts are not asked for USER or STAFF);
//   /overview: notifications (OverviewScreen);
//   /lab-results: lab-results?userId (LabResultsScreen; the portal's preload starts it right after
//   the session is known);
//   a conversation in the widget: the conversation, then a PUT per unread message to her
//   (useMarkReadOnView);
//   /clients (STAFF): the page of 25 by name (useClientPage) and her emergency accesses
//   (useMyEmergencyAccesses);
//   a client's page /clients/:id (in the app, not a reload): the client, then, once she is
//   drawn, the emergency banner, her conversation with the client (useClientConversation: the
//   list filtered by `?partnerId=`, issue 38), the overview
//   tab's latest signed note, open questionnaires and meetings;
//   the Journal tab: forms, journal settings, the client's journal and questionnaire answers;
//   the Lab Resultat tab: the client's values (the files' history stays closed);
//   a message: POST …/conversations/:id/messages.
// The live connection (/ws) each page also opens is not part of this load.
//
// Each call also says how many activity-log rows the product writes for it (design §4.14: a
// client's own reads none; a staff read one row per client it shows), so lost rows are counted.

export type Role = 'USER' | 'STAFF';

/** A signed-in virtual user and the ids her pages use. */
export interface Person {
  userId: number;
  role: Role;
  token: string;
  /** USER: her conversation with her coach. */
  conversationId?: number;
  /** STAFF: her care team's clients, and her conversation with each. */
  clients?: number[];
  conversationOf?: Map<number, number>;
}

/** One visit's ids: whose page it is, the client a coach opened, a message to mark read. */
export interface Visit {
  person: Person;
  client?: number;
  messageId?: number;
}

/** What the floor's route gets: the path's parameters, the query and the caller's id. */
export interface FloorInput {
  params: Record<string, string>;
  query: URLSearchParams;
  user: number;
}

export interface Call {
  method: 'GET' | 'PUT' | 'POST';
  /** The contract's path (the report names a call by method and path). */
  path: string;
  url: (v: Visit) => string;
  body?: (v: Visit) => unknown;
  /** Activity rows the product writes for a 2xx answer. */
  logRows: (v: Visit, answer: unknown) => number;
  /** The floor: one indexed query of the same rows (its own log row is written beside it). */
  floor: { sql: string; params: (f: FloorInput) => unknown[]; wrap?: string };
}

const staffRow = (v: Visit) => (v.person.role === 'STAFF' ? 1 : 0);
const none = () => 0;
const clientOf = (v: Visit) => {
  if (v.client === undefined) throw new Error('ingen klient vald');
  return v.client;
};
const conversationOf = (v: Visit) => {
  const id =
    v.person.role === 'USER' ? v.person.conversationId : v.person.conversationOf?.get(clientOf(v));
  if (id === undefined) throw new Error('ingen konversation');
  return id;
};

export const CALLS = {
  me: {
    method: 'GET',
    path: '/api/v1/auth/me',
    url: () => '/api/v1/auth/me',
    logRows: none,
    floor: {
      sql: 'select id, email, role, first_name, last_name from users where id = $1',
      params: (f) => [f.user],
    },
  },
  notifications: {
    method: 'GET',
    path: '/api/v1/user/notifications',
    url: () => '/api/v1/user/notifications',
    logRows: none,
    floor: {
      sql: 'select * from notifications where user_id = $1 order by created_at desc limit 100',
      params: (f) => [f.user],
    },
  },
  /** The widget button's badge on every full page (AppShell's useUnreadCount, issue 38). */
  unreadCount: {
    method: 'GET',
    path: '/api/v1/user/messaging/unread-count',
    url: () => '/api/v1/user/messaging/unread-count',
    // A number, no message text: nothing is logged (messaging/routes.ts).
    logRows: none,
    floor: {
      sql: 'select count(*)::int as "unreadMessages" from messages where receiver_id = $1 and not is_read',
      params: (f) => [f.user],
    },
  },
  /** A coach's conversation with the client whose page she opened (useClientConversation). */
  clientConversation: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations',
    url: (v) => `/api/v1/user/messaging/conversations?partnerId=${v.client}`,
    // STAFF: one CONVERSATION_LIST_VIEWED row when it shows the client's latest message
    // (messaging/preview-audit.ts); every partner of a bench coach is a client.
    logRows: (v, answer) =>
      v.person.role === 'STAFF'
        ? (answer as { lastMessage: unknown }[]).filter((c) => c.lastMessage !== null).length
        : 0,
    floor: {
      sql:
        'select c.id, c.user_low_id, c.user_high_id, c.last_message_at, m.content from conversations c ' +
        'left join lateral (select content from messages where conversation_id = c.id ' +
        'order by created_at desc limit 1) m on true ' +
        'where (c.user_low_id = $1 and c.user_high_id = $2) or (c.user_low_id = $2 and c.user_high_id = $1)',
      params: (f) => [f.user, f.query.get('partnerId')],
    },
  },
  labResults: {
    method: 'GET',
    path: '/api/v1/user/lab-results',
    url: (v) => `/api/v1/user/lab-results?userId=${v.person.userId}`,
    logRows: none,
    floor: {
      sql: 'select * from lab_values where subject_user_id = $1 order by sampled_on',
      params: (f) => [f.query.get('userId')],
    },
  },
  conversation: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id',
    url: (v) => `/api/v1/user/messaging/conversations/${conversationOf(v)}`,
    logRows: staffRow,
    floor: {
      sql:
        'select id, receiver_id as receiver, is_read as "isRead", content, created_at ' +
        'from messages where conversation_id = $1 order by created_at',
      params: (f) => [f.params.id],
      wrap: 'messages',
    },
  },
  markRead: {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/messages/:messageId',
    url: (v) => `/api/v1/user/messaging/conversations/messages/${v.messageId}`,
    // Only a coach's read of a client's message is logged; the bench's readers are clients.
    logRows: none,
    floor: {
      sql: 'update messages set is_read = true where id = $1 and receiver_id = $2',
      params: (f) => [f.params.messageId, f.user],
    },
  },
  clients: {
    method: 'GET',
    path: '/api/v1/admin/clients',
    url: () => '/api/v1/admin/clients?page=1&size=25&sort=name',
    // One CLIENT_LIST_VIEWED row per client on the page, one without a client when it is empty.
    logRows: (_v, answer) => Math.max(1, (answer as { items: unknown[] }).items.length),
    floor: {
      sql:
        'select u.id, u.first_name, u.last_name, u.email, u.personal_number, u.registration_status ' +
        'from care_team_members m join users u on u.id = m.client_id where m.staff_id = $1 ' +
        'order by lower(u.last_name), lower(u.first_name), u.id limit 25',
      params: (f) => [f.user],
    },
  },
  emergencyAccess: {
    method: 'GET',
    path: '/api/v1/admin/emergency-access',
    url: () => '/api/v1/admin/emergency-access',
    logRows: none,
    floor: {
      sql: 'select * from emergency_accesses where staff_id = $1 and expires_at > now()',
      params: (f) => [f.user],
    },
  },
  client: {
    method: 'GET',
    path: '/api/v1/admin/clients/:id',
    url: (v) => `/api/v1/admin/clients/${clientOf(v)}`,
    logRows: staffRow,
    floor: {
      sql:
        'select id, email, first_name, last_name, personal_number, registration_status, created_at ' +
        'from users where id = $1',
      params: (f) => [f.params.id],
    },
  },
  latestSignedNote: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal/daily-notes/latest-signed',
    url: (v) => `/api/v1/admin/users/${clientOf(v)}/journal/daily-notes/latest-signed`,
    logRows: staffRow,
    floor: {
      sql:
        'select * from journal_notes where user_id = $1 and signed_at is not null ' +
        'order by signed_at desc limit 1',
      params: (f) => [f.params.id],
    },
  },
  clientQuestionnaires: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/questionnaires',
    url: (v) => `/api/v1/admin/users/${clientOf(v)}/questionnaires`,
    logRows: staffRow,
    floor: {
      sql: 'select * from questionnaires where client_user_id = $1 order by sent_at desc',
      params: (f) => [f.params.id],
    },
  },
  appointments: {
    method: 'GET',
    path: '/api/v1/user/appointments',
    // As the client page's 'Nästa möte' asks (issue 38: a page from a meeting's longest length
    // ago, APPOINTMENT_PAGE of them).
    url: (v) =>
      `/api/v1/user/appointments?userId=${clientOf(v)}&from=${encodeURIComponent(
        new Date(Date.now() - 240 * 60_000).toISOString(),
      )}`,
    logRows: staffRow,
    floor: {
      sql:
        'select * from appointments where client_user_id = $1 and starts_at >= $2 ' +
        'order by starts_at, id limit 20',
      params: (f) => [f.query.get('userId'), f.query.get('from')],
    },
  },
  formSummaries: {
    method: 'GET',
    path: '/api/v1/admin/forms/getSummaries',
    url: () => '/api/v1/admin/forms/getSummaries',
    logRows: none,
    floor: { sql: 'select id, title from forms order by id limit 200', params: () => [] },
  },
  journalSettings: {
    method: 'GET',
    path: '/api/v1/admin/journal/settings',
    url: () => '/api/v1/admin/journal/settings',
    logRows: none,
    floor: { sql: 'select * from journal_settings limit 1', params: () => [] },
  },
  clientJournal: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal',
    url: (v) => `/api/v1/admin/users/${clientOf(v)}/journal`,
    logRows: staffRow,
    floor: {
      sql: 'select * from journal_notes where user_id = $1 order by created_at desc',
      params: (f) => [f.params.id],
    },
  },
  clientLabResults: {
    method: 'GET',
    path: '/api/v1/admin/lab-results/:userId',
    url: (v) => `/api/v1/admin/lab-results/${clientOf(v)}`,
    logRows: staffRow,
    floor: {
      sql: 'select * from lab_values where subject_user_id = $1 order by sampled_on',
      params: (f) => [f.params.userId],
    },
  },
  sendMessage: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages',
    url: (v) => `/api/v1/user/messaging/conversations/${conversationOf(v)}/messages`,
    body: (v) => ({
      receiverId: clientOf(v),
      content: 'Hej! Dina provsvar är klara, hör av dig om du har frågor.',
      clientMessageId: crypto.randomUUID(),
    }),
    // A coach's message: no access row (a client's message to staff is MESSAGE_PUSHED).
    logRows: none,
    // The one durable write every message must make (bench:cluster's floor, issue 38 item 5).
    floor: {
      sql: 'insert into bench_floor_messages (key, body) values ($1, $2)',
      params: (f) => [f.params.id, 'Hej! Dina provsvar är klara.'],
    },
  },
} satisfies Record<string, Call>;

export type CallName = keyof typeof CALLS;

export interface Page {
  name: string;
  /** A full page load: /auth/me first, the shell's calls after the page's own. */
  full: boolean;
  /** Calls in a wave go together; the next wave starts when they have answered. */
  waves: CallName[][];
  /** After the waves: one call per id the first call's answer names (mark read). */
  fanOut?: { call: CallName; ids: (v: Visit, answer: unknown) => number[] };
  /** An action (a message sent), not a page: not counted in page loads. */
  action?: boolean;
}

const SHELL: CallName[] = ['notifications', 'unreadCount'];

export const PAGES = {
  overview: { name: '/overview', full: true, waves: [['notifications']] },
  labResults: { name: '/lab-results', full: true, waves: [['labResults']] },
  conversation: {
    name: 'samtal i widgeten',
    full: false,
    waves: [['conversation']],
    fanOut: {
      call: 'markRead',
      ids: (v, answer) =>
        (answer as { messages: { id: number; receiver: number; isRead: boolean }[] }).messages
          .filter((m) => m.receiver === v.person.userId && !m.isRead)
          .map((m) => m.id),
    },
  },
  clients: { name: '/clients', full: true, waves: [['clients', 'emergencyAccess']] },
  client: {
    name: '/clients/:id (översikt)',
    full: false,
    waves: [
      ['client'],
      [
        'emergencyAccess',
        'clientConversation',
        'latestSignedNote',
        'clientQuestionnaires',
        'appointments',
      ],
    ],
  },
  clientJournal: {
    name: '/clients/:id/journal',
    full: false,
    waves: [['formSummaries', 'journalSettings', 'clientJournal', 'clientQuestionnaires']],
  },
  clientLab: { name: '/clients/:id/lab-data', full: false, waves: [['clientLabResults']] },
  send: { name: 'skicka meddelande', full: false, waves: [['sendMessage']], action: true },
} satisfies Record<string, Page>;

export type PageName = keyof typeof PAGES;

/** What each role does, in order, with a think time after each. */
export const ROUNDS: Record<Role, PageName[]> = {
  USER: ['overview', 'labResults', 'conversation'],
  STAFF: ['clients', 'client', 'clientJournal', 'clientLab', 'send'],
};

/** A page's waves with /auth/me before and the shell's calls (not already asked) after. */
export function wavesOf(page: Page): CallName[][] {
  if (!page.full) return page.waves;
  const asked = new Set(page.waves.flat());
  const shell = SHELL.filter((c) => !asked.has(c));
  return [['me'], ...page.waves, ...(shell.length > 0 ? [shell] : [])];
}

const callsOf = (role: Role) =>
  new Set(
    ROUNDS[role].flatMap((name) => {
      const page: Page = PAGES[name];
      return [...wavesOf(page).flat(), ...(page.fanOut ? [page.fanOut.call] : [])];
    }),
  );
/** Calls both roles make (the shell's): the report gives each role's figures apart. */
const SHARED = new Set([...callsOf('USER')].filter((c) => callsOf('STAFF').has(c)));

/** The report's name of a call: method and path, and whose when both roles make it. */
export const callLabel = (name: CallName, role: Role): string =>
  `${CALLS[name].method} ${CALLS[name].path}${SHARED.has(name) ? (role === 'STAFF' ? ' (coach)' : ' (klient)') : ''}`;
