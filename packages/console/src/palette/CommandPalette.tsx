import * as Dialog from '@radix-ui/react-dialog';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { type Command, keyLabel, useAllCommands } from '../shortcuts/commands';

// Ctrl/⌘+K: every command of the current page and the shell, filtered as you type; ↑/↓ and Enter.
export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const all = useAllCommands();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return all
      .filter((c) => !c.paletteHidden)
      .filter((c) => words.every((w) => `${c.group} ${c.title}`.toLowerCase().includes(w)));
  }, [all, query]);

  const run = (command: Command | undefined) => {
    if (!command) return;
    onOpenChange(false);
    setQuery('');
    // After the dialog has closed and given focus back, so the command can move focus itself.
    setTimeout(() => command.run(), 0);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') run(shown[active]);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setQuery('');
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog palette" aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
          <input
            className="palette-input"
            aria-label="Command"
            placeholder="Type a command…"
            role="combobox"
            aria-expanded="true"
            aria-controls="palette-list"
            aria-activedescendant={shown[active] ? `cmd-${shown[active].id}` : undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKey}
          />
          <div id="palette-list" role="listbox" aria-label="Commands" className="palette-list">
            {shown.map((command, i) => (
              <div
                key={command.id}
                tabIndex={-1}
                id={`cmd-${command.id}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseEnter={() => setActive(i)}
                onClick={() => run(command)}
                onKeyDown={(e) => e.key === 'Enter' && run(command)}
              >
                <span className="palette-group">{command.group}</span> {command.title}
                {command.keys && <kbd>{keyLabel(command.keys)}</kbd>}
              </div>
            ))}
            {shown.length === 0 && <p className="muted">No command matches</p>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
