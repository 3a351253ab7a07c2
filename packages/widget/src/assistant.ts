import type { Answer } from './api.js';
import { renderText, safeHref } from './text.js';
import { h, type View } from './view.js';

// The assistant's side of the widget: the visitor's questions and its answers (text only, through text
// nodes), each answer's cited articles as links (http and https addresses only, in a new tab), and the
// "Talk to a person" button that hands the conversation to support.

export interface Turn {
  question: string;
  answer: Answer['answer'];
}

function answerNode(answer: Answer['answer']): HTMLElement {
  const node = h('div', { class: 'msg out', 'data-id': answer.id }, h('span', { class: 'who' }, 'Assistant'));
  node.append(renderText(answer.text));
  const links = answer.citations.flatMap((c) => {
    const href = safeHref(c.url);
    if (!href) return [];
    const a = h('a', { href, target: '_blank', rel: 'noopener noreferrer nofollow' }, c.title);
    return [h('li', {}, a)];
  });
  if (links.length > 0) node.append(h('ul', { class: 'cites', 'aria-label': 'Sources' }, ...links));
  return node;
}

export function renderAssistant(view: View, turns: Turn[], handoff: () => void, busy: boolean): void {
  const nodes: HTMLElement[] = [];
  for (const turn of turns) {
    nodes.push(h('div', { class: 'msg in' }, renderText(turn.question)), answerNode(turn.answer));
  }
  const person = h('button', { type: 'button', class: 'person', disabled: busy }, 'Talk to a person');
  person.addEventListener('click', handoff);
  view.body.replaceChildren(...nodes, person);
  view.body.scrollTop = view.body.scrollHeight;
}
