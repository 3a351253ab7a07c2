import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText, helpdesk } from '../api';
import { announce } from '../layout/announce';
import { useCommands } from '../shortcuts/commands';
import { label, PRIORITIES, type TicketPriority } from '../types';

export function CustomerPage() {
  const { customerId } = useParams({ from: '/signed-in/customers/$customerId' });
  const client = useQueryClient();
  const navigate = useNavigate();
  const customer = useQuery({ queryKey: ['customer', customerId], queryFn: () => helpdesk.customers.get(customerId) });
  const tickets = useQuery({
    queryKey: ['tickets', 'customer', customerId],
    queryFn: () => helpdesk.tickets.list({ customer_id: customerId, include_closed: true, limit: 50 }),
  });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (customer.data) {
      setName(customer.data.name ?? '');
      setEmail(customer.data.email);
    }
  }, [customer.data]);
  const save = useMutation({
    mutationFn: () => helpdesk.customers.update(customerId, { name: name || null, email }),
    onSuccess: (saved) => {
      client.setQueryData(['customer', customerId], saved);
      announce('Customer saved');
    },
  });

  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('MEDIUM');
  const create = useMutation({
    mutationFn: () =>
      helpdesk.tickets.create({ subject, message, priority, customer: { email: customer.data!.email } }),
    onSuccess: (ticket) => void navigate({ to: '/tickets/$ticketId', params: { ticketId: ticket.id } }),
  });
  useCommands([
    {
      id: 'new-ticket',
      title: 'New ticket for this customer',
      group: 'Customer',
      keys: 'c',
      run: () => document.getElementById('new-subject')?.focus(),
    },
  ]);

  if (customer.isPending) return <p className="muted">Loading…</p>;
  if (customer.isError) return <p role="alert">{errorText(customer.error)}</p>;
  const submit = (fn: () => void) => (event: FormEvent) => {
    event.preventDefault();
    fn();
  };
  return (
    <div className="customer-page">
      <h1>{customer.data.name ?? customer.data.email}</h1>
      <div className="columns">
        <form className="stack card" onSubmit={submit(() => save.mutate())} aria-labelledby="edit-heading">
          <h2 id="edit-heading">Details</h2>
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            Email
            <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          {save.isError && <p role="alert">{errorText(save.error)}</p>}
          <button type="submit" disabled={save.isPending}>
            Save customer
          </button>
        </form>
        <form className="stack card" onSubmit={submit(() => create.mutate())} aria-labelledby="new-heading">
          <h2 id="new-heading">New ticket</h2>
          <label>
            Subject
            <input
              id="new-subject"
              required
              maxLength={500}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
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
      </div>
      <h2>Tickets</h2>
      <ul className="compact">
        {(tickets.data?.data ?? []).map((t) => (
          <li key={t.id}>
            <Link to="/tickets/$ticketId" params={{ ticketId: t.id }}>
              {t.subject}
            </Link>{' '}
            <span className="muted">
              #{t.ticket_number} · {label(t.status)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
