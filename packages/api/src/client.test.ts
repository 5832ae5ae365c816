import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  call,
  request,
  setApiBase,
  toQueryString,
  UNAUTHORIZED_EVENT,
} from './client.ts';
import { upload, type UploadProgress } from './upload.ts';
import { clearSessionEnd, sessionEndNotice } from './auth/session-end.ts';

type FetchArgs = [input: string, init: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let windowTarget: EventTarget;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  windowTarget = new EventTarget();
  vi.stubGlobal('window', windowTarget);
  setApiBase('');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const lastCall = (): FetchArgs => {
  const args = fetchMock.mock.calls.at(-1);
  if (!args) throw new Error('fetch was not called');
  return args;
};

const caught = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('request: success', () => {
  it('sends cookies and reads JSON', async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 1 }));
    await expect(request('/api/v1/auth/me')).resolves.toEqual({ id: 1 });
    const [url, init] = lastCall();
    expect(url).toBe('/api/v1/auth/me');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
  });

  it('prefixes the base set with setApiBase', async () => {
    setApiBase('http://localhost:8080/');
    fetchMock.mockResolvedValueOnce(json([]));
    await request('/api/v1/user/notifications');
    expect(lastCall()[0]).toBe('http://localhost:8080/api/v1/user/notifications');
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(request('/api/v1/user/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('returns undefined for an empty 200 body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 200 }));
    await expect(request('/x', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('reads a blob when asked', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('a;b\n1;2', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const blob = await request<Blob>('/api/v1/admin/export-logs', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('a;b\n1;2');
  });

  it('reads text when asked', async () => {
    fetchMock.mockResolvedValueOnce(new Response('hej', { status: 200 }));
    await expect(request('/t', { responseType: 'text' })).resolves.toBe('hej');
  });

  it('sends a plain object as JSON', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'abc' }));
    await request('/api/v1/auth/authenticate', {
      method: 'POST',
      body: { email: 'anna@example.se', password: 'x' },
    });
    const [, init] = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"anna@example.se","password":"x"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends FormData as is, without a JSON content type', async () => {
    fetchMock.mockResolvedValueOnce(json({}));
    const form = new FormData();
    form.set('receiverId', '3');
    await request('/api/v1/user/messaging/conversations', { method: 'POST', body: form });
    const [, init] = lastCall();
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('encodes the query and leaves out empty values', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json([])));
    await request('/api/v1/user/lab-data', { query: { userId: 7, skip: undefined, none: null } });
    expect(lastCall()[0]).toBe('/api/v1/user/lab-data?userId=7');
    await request('/s', { query: { q: 'Åsa & Erik', tag: ['a b', 'c'], flag: false } });
    expect(lastCall()[0]).toBe('/s?q=%C3%85sa+%26+Erik&tag=a+b&tag=c&flag=false');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });

  it('validates JSON with a schema', async () => {
    const schema = z.object({ weekly: z.number() });
    fetchMock.mockResolvedValueOnce(json({ weekly: 3 }));
    await expect(request('/s', { schema })).resolves.toEqual({ weekly: 3 });
    fetchMock.mockResolvedValueOnce(json({ weekly: 'tre' }));
    const error = await caught(request('/s', { schema, fallback: 'Kunde inte hämta statistik' }));
    expect(error.message).toBe('Kunde inte hämta statistik');
    expect(error.status).toBe(200);
  });
});

describe('request: errors follow spec §8', () => {
  it('uses a JSON string body as the message', async () => {
    fetchMock.mockResolvedValueOnce(json('Ogiltig kod', 400));
    const error = await caught(request('/x', { fallback: 'Reserv' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Ogiltig kod');
    expect(error.body).toBe('Ogiltig kod');
  });

  it('uses a text/plain body as the message', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('Konto låst', {
        status: 423,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      }),
    );
    const error = await caught(request('/x', { fallback: 'Reserv' }));
    expect(error.message).toBe('Konto låst');
  });

  it("uses the body's message field", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ message: 'Ogiltig e-postadress eller lösenord.', code: 7 }, 400),
    );
    const error = await caught(request('/x', { fallback: 'Inloggning misslyckades' }));
    expect(error.message).toBe('Ogiltig e-postadress eller lösenord.');
    expect(error.body).toEqual({ message: 'Ogiltig e-postadress eller lösenord.', code: 7 });
  });

  it('falls back when the JSON body has no message', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'x' }, 500));
    const error = await caught(request('/x', { fallback: 'Kunde inte hämta konversationer' }));
    expect(error.message).toBe('Kunde inte hämta konversationer');
    expect(error.status).toBe(500);
  });

  it('falls back when message is not a string or empty', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 42 }, 500));
    expect((await caught(request('/x', { fallback: 'F' }))).message).toBe('F');
    fetchMock.mockResolvedValueOnce(json({ message: '' }, 500));
    expect((await caught(request('/x', { fallback: 'F' }))).message).toBe('F');
  });

  it('falls back when the body cannot be parsed', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>502 Bad Gateway</html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    const error = await caught(request('/x', { fallback: 'Utloggning misslyckades' }));
    expect(error.message).toBe('Utloggning misslyckades');
    fetchMock.mockResolvedValueOnce(
      new Response('{"message": "trasig', {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect((await caught(request('/x', { fallback: 'Utloggning misslyckades' }))).message).toBe(
      'Utloggning misslyckades',
    );
  });

  it('falls back on an empty error body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    expect((await caught(request('/x', { fallback: 'F' }))).message).toBe('F');
  });

  it("uses 'Något gick fel' when the call names no fallback", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    expect((await caught(request('/x'))).message).toBe('Något gick fel');
  });

  it('turns a network failure into ApiError status 0 with the fallback', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    const error = await caught(request('/x', { fallback: 'Kunde inte hämta klienter' }));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Kunde inte hämta klienter');
  });

  it('rethrows an abort as is', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(request('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fires the unAuthorized window event on 401', async () => {
    expect(UNAUTHORIZED_EVENT).toBe('unAuthorized');
    const listener = vi.fn();
    windowTarget.addEventListener('unAuthorized', listener);
    fetchMock.mockResolvedValueOnce(json({ message: 'Inte inloggad' }, 401));
    const error = await caught(
      request('/api/v1/auth/me', { fallback: 'Kunde inte hämta användarsession' }),
    );
    expect(error.status).toBe(401);
    expect(error.message).toBe('Inte inloggad');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not fire the event for other statuses', async () => {
    const listener = vi.fn();
    windowTarget.addEventListener('unAuthorized', listener);
    fetchMock.mockResolvedValueOnce(json({ message: 'Nej' }, 403));
    await caught(request('/x'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps the message of a 401 that says why the session ended (issue 13), before the event fires', async () => {
    clearSessionEnd();
    let atEvent: string | undefined;
    windowTarget.addEventListener('unAuthorized', () => (atEvent = sessionEndNotice()));
    fetchMock.mockResolvedValueOnce(json({ message: 'Nej', reason: 'PASSWORD_CHANGED' }, 403));
    await caught(request('/x'));
    fetchMock.mockResolvedValueOnce(json({ message: 'Du är inte inloggad.' }, 401));
    await caught(request('/x'));
    expect(sessionEndNotice()).toBeUndefined();
    fetchMock.mockResolvedValueOnce(json({ message: 'Lösenordet ändrades.', reason: 'X' }, 401));
    await caught(request('/x'));
    expect(atEvent).toBe('Lösenordet ändrades.');
    // A later 401 without a reason does not erase it before the login page has shown it.
    fetchMock.mockResolvedValueOnce(json({ message: 'Du är inte inloggad.' }, 401));
    await caught(request('/x'));
    expect(sessionEndNotice()).toBe('Lösenordet ändrades.');
    clearSessionEnd();
    expect(sessionEndNotice()).toBeUndefined();
  });

  it('does not crash on 401 without a window', async () => {
    vi.stubGlobal('window', undefined);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 401 }));
    expect((await caught(request('/x', { fallback: 'F' }))).status).toBe(401);
  });
});

describe('call (by endpoint name)', () => {
  it('uses the method, path, schema and fallback of the table', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ id: 1, firstName: 'Anna', lastName: 'Lindqvist', role: 'USER', imageUrl: null }),
    );
    const user = await call('me');
    expect(user.firstName).toBe('Anna');
    expect(lastCall()[0]).toBe('/api/v1/auth/me');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    expect((await caught(call('me'))).message).toBe('Kunde inte hämta användarsession');
  });

  it('fills path parameters and sends the body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await call('markNotificationRead', { params: { id: 12 } });
    expect(lastCall()[0]).toBe('/api/v1/user/notifications/12/read');
    expect(lastCall()[1].method).toBe('PATCH');

    fetchMock.mockResolvedValueOnce(json({ message: '2fa-id' }));
    await call('authenticate', { body: { email: 'a@b.se', password: 'p' } });
    expect(lastCall()[1].body).toBe('{"email":"a@b.se","password":"p"}');
  });

  it('reads blobs for download endpoints', async () => {
    fetchMock.mockResolvedValueOnce(new Response('pdf', { status: 200 }));
    const blob = await call('downloadLab', {
      params: { fileName: 'Blodprov_2026-10-12.pdf' },
      query: { userId: 4 },
    });
    expect(blob).toBeInstanceOf(Blob);
    expect(lastCall()[0]).toBe('/api/v1/user/download/lab-data/Blodprov_2026-10-12.pdf?userId=4');
  });
});

// ---- upload -------------------------------------------------------------------------------------

class FakeXhr {
  static last: FakeXhr | undefined;
  static respond: (xhr: FakeXhr) => void = () => {};
  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  sent: unknown;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  send(body: unknown) {
    this.sent = body;
    queueMicrotask(() => FakeXhr.respond(this));
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 } as ProgressEvent);
  }
  finish(status: number, text: string, contentType = 'application/json') {
    this.status = status;
    this.responseText = text;
    this.responseHeaders['Content-Type'] = contentType;
    this.onload?.();
  }
}

describe('upload', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('sends cookies, reports progress and parses the answer', async () => {
    FakeXhr.respond = (xhr) => {
      xhr.progress(50, 200);
      xhr.progress(200, 200);
      xhr.finish(
        200,
        JSON.stringify({ fileName: 'Blodprov_2026-10-12.pdf', timestamp: '2026-10-12T08:00:00Z' }),
      );
    };
    const seen: UploadProgress[] = [];
    const form = new FormData();
    const result = await upload('/api/v1/admin/upload-lab/4', {
      body: form,
      onProgress: (p) => seen.push(p),
    });
    expect(result).toEqual({
      fileName: 'Blodprov_2026-10-12.pdf',
      timestamp: '2026-10-12T08:00:00Z',
    });
    expect(FakeXhr.last?.withCredentials).toBe(true);
    expect(FakeXhr.last?.method).toBe('POST');
    expect(FakeXhr.last?.sent).toBe(form);
    expect(seen.map((p) => p.fraction)).toEqual([0.25, 1]);
  });

  it('follows the §8 rules on failure and fires the 401 event', async () => {
    const listener = vi.fn();
    windowTarget.addEventListener('unAuthorized', listener);
    FakeXhr.respond = (xhr) => xhr.finish(413, JSON.stringify({ message: 'Filen är för stor' }));
    let error = await caught(upload('/u', { body: new FormData(), fallback: 'Något gick fel' }));
    expect(error.status).toBe(413);
    expect(error.message).toBe('Filen är för stor');

    FakeXhr.respond = (xhr) => xhr.finish(500, 'oops', 'text/html');
    error = await caught(
      upload('/u', { body: new FormData(), fallback: 'Kunde inte ladda upp provsvar' }),
    );
    expect(error.message).toBe('Kunde inte ladda upp provsvar');

    FakeXhr.respond = (xhr) => xhr.finish(401, '');
    error = await caught(upload('/u', { body: new FormData(), fallback: 'F' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('F');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('returns undefined on 204 and fails with status 0 on a network error', async () => {
    FakeXhr.respond = (xhr) => xhr.finish(204, '');
    await expect(upload('/u', { body: new FormData() })).resolves.toBeUndefined();
    FakeXhr.respond = (xhr) => xhr.onerror?.();
    const error = await caught(upload('/u', { body: new FormData(), fallback: 'F' }));
    expect(error.status).toBe(0);
    expect(error.message).toBe('F');
  });

  it('includes the base and query in the URL', async () => {
    setApiBase('https://api.example.se');
    FakeXhr.respond = (xhr) => xhr.finish(204, '');
    await upload('/u', { body: new FormData(), query: { text: 'hej då' }, method: 'PUT' });
    expect(FakeXhr.last?.url).toBe('https://api.example.se/u?text=hej+d%C3%A5');
    expect(FakeXhr.last?.method).toBe('PUT');
  });
});
