import { ApiError, type Conversation, createApi, type VisitorMessage } from './api.js';
import { renderAssistant, type Turn } from './assistant.js';
import { buildView, renderList, renderThread, trapFocus } from './view.js';

// The chat widget: started by the script tag the site pastes (<script src=".../widget.js" data-key="wk_…">,
// whose loader adds this script with data-key and data-api). The visitor token is kept in this site's
// localStorage, so a returning visitor finds their conversations; a session is opened only when the
// visitor first opens the chat. HelpdeskWidget('identify', { token }) identifies a signed-in user.
// When the organization has published articles, a new conversation starts with its assistant; "Talk
// to a person" hands it to support. The thread on screen is reported seen, so replies the visitor saw
// here are not mailed to them as well.

type Command = [string, ...unknown[]];
interface Stored {
  token: string;
  sub: string | null;
  expires: number;
  assistant?: boolean;
}

const script = document.currentScript as HTMLScriptElement | null;
const key = script?.getAttribute('data-key') ?? '';
const base = script?.getAttribute('data-api') ?? (script ? new URL(script.src).origin : '');
const storageKey = `helpdesk-widget:${key}`;

function readStored(): Stored | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Stored | null;
    return stored && stored.expires > Date.now() ? stored : null;
  } catch {
    return null;
  }
}
function writeStored(value: Stored | null): void {
  try {
    if (value) localStorage.setItem(storageKey, JSON.stringify(value));
    else localStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode, blocked): the session lasts as long as the page.
  }
}
/** The `sub` of an identity token (unverified: only to tell whether the stored session is this user's). */
function subOf(jwt: string): string | null {
  try {
    return JSON.parse(atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sub ?? null;
  } catch {
    return null;
  }
}

function start(): void {
  if (!key || document.querySelector('[data-helpdesk-widget]')) return;
  const api = createApi(base, key);
  const view = buildView();
  document.body.append(view.host);
  let stored = readStored();
  api.token = stored?.token ?? null;
  let identity: string | null = null;
  let knownEmail = false;
  let conversations: Conversation[] = [];
  let current: Conversation | null = null;
  let unread = 0;
  let lastId: string | null = null;
  let source: EventSource | null = null;
  let typing: { name: string; until: number } | null = null;
  // The assistant: on unless the session said otherwise (null: not known yet, asked anyway).
  let assistantOn: boolean | null = stored?.assistant ?? null;
  let turns: Turn[] = [];
  let assistantId: string | null = null;
  const seenSent = new Map<string, string>();

  const isOpen = () => !view.panel.hidden;
  const setError = (text: string) => {
    view.error.textContent = text;
  };
  const describe = (err: unknown) => {
    if (err instanceof ApiError && err.status === 429) {
      return `You are sending too much at once. Please try again in ${err.retryAfter ?? 60} seconds.`;
    }
    if (err instanceof ApiError && err.code === 'identity_required') return 'Please sign in to chat with us.';
    return err instanceof ApiError ? err.message : 'Something went wrong.';
  };
  const setBadge = () => {
    view.badge.textContent = String(unread);
    view.badge.hidden = unread === 0;
  };

  async function ensureSession(): Promise<void> {
    const sub = identity ? subOf(identity) : null;
    if (api.token && (!identity || stored?.sub === sub)) return;
    const session = await api.openSession(identity ?? undefined);
    api.token = session.token;
    knownEmail = session.visitor.email !== null;
    assistantOn = session.assistant;
    const lifetime = identity ? 23 * 3_600_000 : 29 * 86_400_000;
    stored = { token: session.token, sub, expires: Date.now() + lifetime, assistant: session.assistant };
    writeStored(stored);
    openStream(true);
  }

  /** Runs a call with a session, opening a new one once when the stored one is no longer valid. */
  async function withSession<T>(fn: () => Promise<T>): Promise<T> {
    await ensureSession();
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401 || err.code !== 'unauthorized') throw err;
      api.token = null;
      writeStored(null);
      await ensureSession();
      return fn();
    }
  }

  function openStream(restart = false): void {
    if (!api.token || (source && !restart)) return;
    source?.close();
    const es = new EventSource(api.streamUrl(lastId));
    source = es;
    es.addEventListener('message.created', (e) => {
      const event = e as MessageEvent<string>;
      lastId = event.lastEventId || lastId;
      onMessage(JSON.parse(event.data));
    });
    es.addEventListener('ticket.updated', (e) => {
      const event = e as MessageEvent<string>;
      lastId = event.lastEventId || lastId;
      const data = JSON.parse(event.data) as { id: string; status: string };
      for (const c of [...conversations, current]) if (c && c.id === data.id) c.status = data.status;
    });
    es.addEventListener('presence', (e) => {
      const data = JSON.parse((e as MessageEvent<string>).data);
      if (data.state !== 'typing' || current?.id !== data.ticket_id) return;
      typing = { name: data.agent?.name ?? 'Support', until: Date.parse(data.expires_at) };
      if (current) renderThread(view, current, `${typing.name} is typing…`);
    });
    // A stream refused or dropped for good (the browser gives up): a new one in a while, from the last id.
    es.onerror = () => {
      if (es.readyState !== EventSource.CLOSED || source !== es) return;
      source = null;
      setTimeout(() => openStream(), 5_000);
    };
  }

  function onMessage(m: VisitorMessage & { ticket_id: string }): void {
    const target = current?.id === m.ticket_id ? current : conversations.find((c) => c.id === m.ticket_id);
    if (target && !target.messages.some((x) => x.id === m.id)) target.messages.push(m);
    if (m.author.type !== 'agent') return;
    typing = null;
    const viewing = isOpen() && current?.id === m.ticket_id;
    if (viewing && current) {
      renderThread(view, current, null);
      reportSeen();
    } else {
      unread++;
      setBadge();
    }
    view.live.textContent = `New reply from ${m.author.name ?? 'Support'}: ${m.content.slice(0, 200)}`;
  }

  /** Tells the server the visitor has the thread on screen up to its last message (once per message). */
  function reportSeen(): void {
    const last = current?.messages[current.messages.length - 1];
    if (!current || !last || !isOpen() || document.visibilityState === 'hidden') return;
    if (seenSent.get(current.id) === last.id) return;
    const id = current.id;
    seenSent.set(id, last.id);
    api.seen(id, last.id).catch(() => seenSent.delete(id));
  }

  const validEmail = () => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(view.email.value.trim());

  async function handoff(): Promise<void> {
    if (!assistantId) return;
    if (!knownEmail && !validEmail()) return setError('Please give your email address so we can reach you.');
    const id = assistantId;
    renderAssistant(view, turns, handoff, true);
    try {
      current = await withSession(() => api.handoff(id, knownEmail ? {} : { email: view.email.value.trim() }));
      knownEmail = true;
      conversations = [current, ...conversations.filter((c) => c.id !== current?.id)];
      turns = [];
      assistantId = null;
      show('thread');
      view.message.focus();
    } catch (err) {
      renderAssistant(view, turns, handoff, false);
      setError(describe(err));
    }
  }

  /** Asks the assistant; false when it is not available (the question then goes to a person). */
  async function ask(text: string): Promise<boolean> {
    try {
      const answer = await withSession(() => api.ask(text, assistantId));
      turns.push({ question: text, answer: answer.answer });
      assistantId = answer.conversation_id;
      renderAssistant(view, turns, handoff, false);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        assistantOn = false;
        return false;
      }
      throw err;
    }
  }

  function show(mode: 'list' | 'thread' | 'new'): void {
    setError('');
    view.back.hidden = mode === 'list' || conversations.length === 0;
    view.form.hidden = mode === 'list';
    view.emailRow.hidden = !(mode === 'new' && !knownEmail);
    if (mode === 'thread' && current) {
      renderThread(view, current, typing && typing.until > Date.now() ? `${typing.name} is typing…` : null);
      unread = 0;
      setBadge();
      reportSeen();
    } else if (mode === 'list') {
      renderList(
        view,
        conversations,
        (c) => void openConversation(c.id),
        () => {
          current = null;
          show('new');
        },
      );
    } else {
      view.body.replaceChildren();
      current = null;
      turns = [];
      assistantId = null;
    }
  }

  async function openConversation(id: string): Promise<void> {
    try {
      current = await withSession(() => api.get(id));
      show('thread');
      view.message.focus();
    } catch (err) {
      setError(describe(err));
    }
  }

  async function openPanel(): Promise<void> {
    view.panel.hidden = false;
    view.launcher.setAttribute('aria-expanded', 'true');
    view.launcher.hidden = true;
    try {
      conversations = await withSession(() => api.list());
      knownEmail ||= conversations.length > 0;
      if (conversations.length === 0) show('new');
      else show('list');
      openStream();
    } catch (err) {
      show('new');
      setError(describe(err));
    }
    // The composer shows while the list loads, and a visitor may have begun typing in it: what they
    // type stays where they put it. Otherwise the focus goes to the first thing to fill in.
    const active = view.root.activeElement as HTMLElement | null;
    if (active && view.form.contains(active) && !active.closest('[hidden]')) return;
    (view.form.hidden ? view.close : view.emailRow.hidden ? view.message : view.email).focus();
  }

  function closePanel(): void {
    view.panel.hidden = true;
    view.launcher.hidden = false;
    view.launcher.setAttribute('aria-expanded', 'false');
    view.launcher.focus();
  }

  view.launcher.addEventListener('click', () => void openPanel());
  view.close.addEventListener('click', closePanel);
  view.back.addEventListener('click', () => {
    current = null;
    show('list');
  });
  view.panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closePanel();
    else trapFocus(view, event);
  });
  // Agents see the visitor typing (the server passes a report on at most every few seconds).
  let typedAt = 0;
  view.message.addEventListener('input', () => {
    if (!current || !api.token || Date.now() - typedAt < 5_000) return;
    typedAt = Date.now();
    api.typing(current.id).catch(() => undefined);
  });
  view.form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = view.message.value.trim();
    if (!text) return setError('Please write a message.');
    const email = view.email.value.trim();
    const assisted = !current && (assistantId !== null || assistantOn !== false);
    if (!current && !assisted && !knownEmail && !validEmail()) {
      return setError('Please give your email address so we can reach you.');
    }
    view.send.disabled = true;
    setError('');
    try {
      if (assisted && (await ask(text))) {
        view.message.value = '';
        view.message.focus();
      } else if (!current && !knownEmail && !validEmail()) {
        setError('Please give your email address so we can reach you.');
      } else if (current) {
        const id = current.id;
        const sent = await withSession(() => api.send(id, text));
        if (!current.messages.some((m) => m.id === sent.id)) current.messages.push(sent);
      } else {
        current = await withSession(() => api.create({ message: text, ...(knownEmail ? {} : { email }) }));
        knownEmail = true;
        conversations = [current, ...conversations];
      }
      if (current) {
        view.message.value = '';
        show('thread');
        view.message.focus();
      }
    } catch (err) {
      setError(describe(err));
    } finally {
      view.send.disabled = false;
    }
  });
  document.addEventListener('visibilitychange', reportSeen);

  // Returning visitors hear replies that arrive while the chat is closed (the unread badge).
  if (api.token) openStream();

  const commands: Record<string, (arg?: unknown) => void> = {
    identify: (arg) => {
      const token = (arg as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string') return;
      identity = token;
      if (stored && stored.sub !== subOf(token)) {
        api.token = null;
        stored = null;
      }
    },
    open: () => void openPanel(),
    close: closePanel,
  };
  const run = ([name, arg]: Command) => commands[name]?.(arg);
  const queued = (window as unknown as { HelpdeskWidget?: { q?: Command[] } }).HelpdeskWidget?.q ?? [];
  (window as unknown as { HelpdeskWidget: (...args: Command) => void }).HelpdeskWidget = (...args: Command) =>
    run(args);
  for (const args of queued) run(args);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
