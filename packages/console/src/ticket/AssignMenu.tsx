import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Choice } from './PropertyMenu';

export const NONE = 'none';

// Who works the ticket, in one menu opened by its button or by `a`: a person (Me first, Unassigned, then
// everyone of the organization) and a team (any team, or none). Each group is a radio group, so a screen
// reader hears the current choice; arrows move across both groups, Enter chooses, typing jumps.
export function AssignMenu(props: {
  assignee: string;
  team: string;
  people: Choice[];
  teams: Choice[];
  onAssign: (userId: string) => void;
  onTeam: (teamId: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const person = props.people.find((c) => c.value === props.assignee)?.text ?? 'Unassigned';
  const team = props.team === NONE ? null : props.teams.find((c) => c.value === props.team)?.text;
  const current = team ? `${person} · ${team}` : person;
  const items = (choices: Choice[]) =>
    choices.map((choice) => (
      <Menu.RadioItem key={choice.value} value={choice.value} className="menu-item">
        {choice.text}
        <Menu.ItemIndicator className="menu-check" aria-hidden="true">
          {' ✓'}
        </Menu.ItemIndicator>
      </Menu.RadioItem>
    ));
  return (
    <div className="property">
      <span className="field-name" id="prop-assign">
        Assignee
      </span>
      <Menu.Root open={props.open} onOpenChange={props.onOpenChange} modal={false}>
        <Menu.Trigger className="button property-trigger" aria-label={`Assignee: ${current}`}>
          {current} <span aria-hidden="true">▾</span>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="menu" align="start" sideOffset={4} aria-labelledby="prop-assign">
            <Menu.Label className="menu-label" id="assign-people">
              People
            </Menu.Label>
            <Menu.RadioGroup value={props.assignee} onValueChange={props.onAssign} aria-labelledby="assign-people">
              {items(props.people)}
            </Menu.RadioGroup>
            <Menu.Separator className="menu-separator" />
            <Menu.Label className="menu-label" id="assign-teams">
              Teams
            </Menu.Label>
            <Menu.RadioGroup value={props.team} onValueChange={props.onTeam} aria-labelledby="assign-teams">
              {items(props.teams)}
            </Menu.RadioGroup>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}
