import * as Menu from '@radix-ui/react-dropdown-menu';

export interface Choice {
  value: string;
  text: string;
}

// One ticket property as a button showing its value and a menu of choices (arrow keys, Enter, type-ahead).
// Opened by its button or by a shortcut (s, p, a) through `open`.
export function PropertyMenu(props: {
  name: string;
  value: string;
  choices: Choice[];
  onChoose: (value: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const current = props.choices.find((c) => c.value === props.value)?.text ?? '—';
  return (
    <div className="property">
      <span className="field-name" id={`prop-${props.name}`}>
        {props.name}
      </span>
      <Menu.Root open={props.open} onOpenChange={props.onOpenChange} modal={false}>
        <Menu.Trigger className="button property-trigger" aria-label={`${props.name}: ${current}`}>
          {current} <span aria-hidden="true">▾</span>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="menu" align="start" sideOffset={4} aria-labelledby={`prop-${props.name}`}>
            <Menu.RadioGroup value={props.value} onValueChange={props.onChoose}>
              {props.choices.map((choice) => (
                <Menu.RadioItem key={choice.value} value={choice.value} className="menu-item">
                  {choice.text}
                  <Menu.ItemIndicator className="menu-check" aria-hidden="true">
                    {' ✓'}
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}
