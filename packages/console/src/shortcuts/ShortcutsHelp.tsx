import * as Dialog from '@radix-ui/react-dialog';
import { keyLabel, useAllCommands } from './commands';

// `?`: the keys of the current page, grouped, generated from the same commands the keys run.
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const commands = useAllCommands().filter((c) => c.keys);
  const groups = [...new Set(commands.map((c) => c.group))];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="muted">
            Keys without Ctrl/⌘ work when no text field has focus.
          </Dialog.Description>
          {groups.map((group) => (
            <section key={group}>
              <h3>{group}</h3>
              <dl className="shortcuts">
                {commands
                  .filter((c) => c.group === group)
                  .map((c) => (
                    <div key={c.id}>
                      <dt>
                        <kbd>{keyLabel(c.keys!)}</kbd>
                      </dt>
                      <dd>{c.title}</dd>
                    </div>
                  ))}
              </dl>
            </section>
          ))}
          <Dialog.Close className="button">Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
