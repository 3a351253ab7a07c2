import { useEffect, useRef, useSyncExternalStore } from 'react';

// Every action of the console is a command: the palette lists them all, the `?` sheet lists those with keys,
// and the key handler runs them. Pages register their commands while mounted; the latest registration wins a
// shared key (the ticket's `s` beats nothing, the queue's `e` is not the ticket's `e`).

export interface Command {
  id: string;
  title: string;
  group: string;
  /** `j`, `?`, `mod+k` (Ctrl or ⌘), `mod+enter`; works inside text fields only with `mod`. */
  keys?: string;
  run: () => void;
  /** Hidden from the palette (e.g. j/k, which only make sense as keys). */
  paletteHidden?: boolean;
}

let layers: { token: symbol; commands: Command[] }[] = [];
let snapshot: Command[] = [];
const listeners = new Set<() => void>();

function publish() {
  const seen = new Set<string>();
  snapshot = [];
  for (const layer of [...layers].reverse())
    for (const command of layer.commands)
      if (!seen.has(command.id)) {
        seen.add(command.id);
        snapshot.push(command);
      }
  for (const listener of listeners) listener();
}

export function registerCommands(commands: Command[]): () => void {
  const token = Symbol('commands');
  layers.push({ token, commands });
  publish();
  return () => {
    layers = layers.filter((layer) => layer.token !== token);
    publish();
  };
}

/** Registers the commands while the component is mounted; `run` always calls the latest closure. */
export function useCommands(commands: Command[]) {
  const latest = useRef(commands);
  latest.current = commands;
  const signature = commands.map((c) => `${c.id}|${c.title}|${c.keys ?? ''}`).join(';');
  useEffect(
    () =>
      registerCommands(
        latest.current.map((c) => ({
          ...c,
          run: () => latest.current.find((now) => now.id === c.id)?.run(),
        })),
      ),
    [signature],
  );
}

export const useAllCommands = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export const keyLabel = (keys: string) =>
  keys
    .split('+')
    .map((part) => (part === 'mod' ? (isMac ? '⌘' : 'Ctrl') : part === 'enter' ? 'Enter' : part))
    .join(isMac ? '' : '+');

function editable(target: EventTarget | null) {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

export function matches(keys: string, event: KeyboardEvent): boolean {
  const mod = keys.startsWith('mod+');
  const key = mod ? keys.slice(4) : keys;
  if (mod !== (event.ctrlKey || event.metaKey)) return false;
  if (!mod && event.altKey) return false;
  return event.key.toLowerCase() === key.toLowerCase();
}

/** The document-wide key handler (installed once by the shell). */
export function handleKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  // A key typed in an open dialog belongs to the dialog (the palette has its own handling).
  if ((event.target as HTMLElement | null)?.closest?.('[role="dialog"], [role="alertdialog"], [role="menu"]'))
    return false;
  const inField = editable(event.target);
  // Escape leaves a text field, so the single-key shortcuts work again.
  if (inField && event.key === 'Escape') {
    (event.target as HTMLElement).blur();
    return true;
  }
  // Enter on a focused link or button is that control's own action.
  const onControl = !!(event.target as HTMLElement | null)?.closest?.('a, button, summary');
  for (const command of snapshot) {
    if (!command.keys) continue;
    if (inField && !command.keys.startsWith('mod+')) continue;
    if (onControl && event.key === 'Enter') continue;
    if (matches(command.keys, event)) {
      event.preventDefault();
      command.run();
      return true;
    }
  }
  return false;
}
