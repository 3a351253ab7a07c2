import type { Conversation, VisitorMessage } from './api.js';
import { applyStyles } from './styles.js';
import { renderText } from './text.js';

// The widget's DOM, inside an open shadow root: a launcher button, and a dialog with the conversation
// list, a thread and the composer. Every text goes in through textContent or text nodes.

type Attrs = Record<string, string | boolean>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  el.append(...children);
  return el;
}

export function buildView() {
  const host = h('div', { 'data-helpdesk-widget': '' });
  const root = host.attachShadow({ mode: 'open' });
  applyStyles(root);
  const badge = h('span', { class: 'badge', 'aria-hidden': 'true', hidden: true });
  const launcher = h(
    'button',
    { type: 'button', class: 'launcher', 'aria-label': 'Chat with us', 'aria-expanded': 'false' },
    'Chat with us',
    badge,
  );
  const title = h('h2', { id: 'hd-title' }, 'Chat with us');
  const back = h('button', { type: 'button', class: 'icon', hidden: true }, '← Conversations');
  const close = h('button', { type: 'button', class: 'icon', 'aria-label': 'Close chat' }, '✕');
  const body = h('div', { class: 'body' });
  const live = h('div', { class: 'sr', 'aria-live': 'polite' });
  const error = h('p', { class: 'error', role: 'alert' });
  const email = h('input', { id: 'hd-email', type: 'email', autocomplete: 'email', required: true });
  const emailRow = h('div', {}, h('label', { for: 'hd-email' }, 'Email'), email);
  const message = h('textarea', { id: 'hd-message', maxlength: '10000', required: true });
  const send = h('button', { type: 'submit', class: 'send' }, 'Send');
  const form = h(
    'form',
    { novalidate: true },
    emailRow,
    h('label', { for: 'hd-message' }, 'Message'),
    message,
    error,
    send,
  );
  const panel = h(
    'div',
    { class: 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'hd-title', hidden: true },
    h('header', {}, back, title, close),
    body,
    live,
    form,
  );
  root.append(launcher, panel);
  return {
    host,
    root,
    launcher,
    badge,
    panel,
    title,
    back,
    close,
    body,
    live,
    error,
    email,
    emailRow,
    message,
    send,
    form,
  };
}

export type View = ReturnType<typeof buildView>;

export function messageNode(m: VisitorMessage): HTMLElement {
  const mine = m.author.type === 'customer';
  const node = h('div', { class: `msg ${mine ? 'in' : 'out'}`, 'data-id': m.id });
  if (!mine) node.append(h('span', { class: 'who' }, m.author.name ?? 'Support'));
  node.append(renderText(m.content));
  return node;
}

export function renderThread(view: View, conversation: Conversation, typing: string | null): void {
  view.body.replaceChildren(...conversation.messages.map(messageNode));
  if (typing) view.body.append(h('p', { class: 'muted' }, typing));
  view.body.scrollTop = view.body.scrollHeight;
}

export function renderList(
  view: View,
  conversations: Conversation[],
  open: (c: Conversation) => void,
  start: () => void,
) {
  const items = conversations.map((c) => {
    const last = c.messages[c.messages.length - 1];
    const item = h(
      'button',
      { type: 'button', class: 'item' },
      c.subject,
      h('small', {}, `${c.status.toLowerCase()} · ${last ? last.content.slice(0, 60) : ''}`),
    );
    item.addEventListener('click', () => open(c));
    return item;
  });
  const fresh = h('button', { type: 'button', class: 'link' }, 'Start a new conversation');
  fresh.addEventListener('click', start);
  view.body.replaceChildren(...items, fresh);
}

/** Keeps Tab and Shift+Tab among the dialog's controls while it is open. */
export function trapFocus(view: View, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const focusable = [
    ...view.panel.querySelectorAll<HTMLElement>('button:not([hidden]), a[href], input, textarea'),
  ].filter((el) => !el.closest('[hidden]') && !(el as HTMLButtonElement).disabled);
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = view.root.activeElement;
  if (event.shiftKey && (active === first || !view.panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !view.panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
