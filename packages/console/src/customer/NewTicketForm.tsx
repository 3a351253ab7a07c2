import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorText, helpdesk } from '../api';
import { label, PRIORITIES, type TicketPriority } from '../types';

// A ticket opened by an agent for a customer (by email: an unknown one is created with it). The first message
// is the customer's request as the agent took it down, e.g. from a phone call.
export function NewTicketForm({ customerEmail }: { customerEmail?: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(customerEmail ?? '');
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('MEDIUM');
  const create = useMutation({
    mutationFn: () =>
      helpdesk.tickets.create({
        subject,
        message,
        priority,
        customer: { email: customerEmail ?? email, ...(name && !customerEmail ? { name } : {}) },
      }),
    onSuccess: (ticket) => void navigate({ to: '/tickets/$ticketId', params: { ticketId: ticket.id } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="stack card" onSubmit={submit} aria-labelledby="new-heading">
      <h2 id="new-heading">New ticket</h2>
      {!customerEmail && (
        <>
          <label>
            Customer email
            <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            Customer name (optional)
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
        </>
      )}
      <label>
        Subject
        <input id="new-subject" required maxLength={500} value={subject} onChange={(e) => setSubject(e.target.value)} />
      </label>
      <label>
        Message
        <textarea required rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <label>
        Priority
        <select value={priority} onChange={(e) => setPriority(e.target.value as TicketPriority)}>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {label(p)}
            </option>
          ))}
        </select>
      </label>
      {create.isError && <p role="alert">{errorText(create.error)}</p>}
      <button type="submit" className="primary" disabled={create.isPending}>
        Create ticket
      </button>
    </form>
  );
}

export function NewTicketPage() {
  return (
    <div className="new-ticket">
      <h1>New ticket</h1>
      <NewTicketForm />
    </div>
  );
}
